import { randomUUID, webcrypto } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/**
 * The secret as a WebCrypto key, imported once per secret. jose turns a Uint8Array or KeyObject
 * back into a CryptoKey on every call, which cost a sixth of an authenticated request.
 */
const keys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function keyFor(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    // A failed import is not kept: the next call tries again.
    key.catch(() => keys.delete(secret));
    keys.set(secret, key);
  }
  return key;
}

export interface SessionToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export async function signSessionToken(
  secret: Uint8Array,
  tenantId: string,
  ttlSeconds: number,
  /** The account's session version (raised by every password change or reset). */
  version: number,
  /** "staff" for the console's tokens; tenant tokens carry none (as before the console existed). */
  audience?: TokenAudience,
): Promise<SessionToken> {
  const jti = randomUUID();
  const nowSeconds = Math.floor(Date.now() / 1000);
  const exp = nowSeconds + ttlSeconds;
  const token = await new SignJWT(audience ? { ver: version, aud: audience } : { ver: version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(tenantId)
    .setJti(jti)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(exp)
    .sign(await keyFor(secret));
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

/** Tenant and staff tokens differ by audience; neither is accepted on the other's routes. */
export type TokenAudience = "staff";

export interface VerifiedToken {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
  /** Session version the token was issued under; 0 for tokens from before versions existed. */
  ver: number;
  /** "staff" for staff tokens, undefined for tenant tokens. */
  aud?: TokenAudience;
}

export type TokenProblem = "expired" | "invalid";

/**
 * Tokens whose signature has been checked, per secret. A session token is presented on every
 * request of a session; checking its HMAC once is enough (the bytes cannot change), while expiry
 * is checked every time. Only valid tokens enter, and the oldest leaves when it is full.
 */
const VERIFIED_CACHE_SIZE = 10_000;
const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();

/** Verifies signature (HS256 only) and expiry; never throws. */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
): Promise<{ ok: true; claims: VerifiedToken } | { ok: false; problem: TokenProblem }> {
  let verified = verifiedTokens.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(secret, verified);
  }
  const known = verified.get(token);
  if (known) {
    // Same rule as jose: expired once exp is reached.
    if (known.exp <= Math.floor(Date.now() / 1000)) {
      verified.delete(token);
      return { ok: false, problem: "expired" };
    }
    return { ok: true, claims: known };
  }
  try {
    const { payload } = await jwtVerify(token, await keyFor(secret), { algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.jti !== "string" || typeof payload.exp !== "number") {
      return { ok: false, problem: "invalid" };
    }
    const ver = payload.ver ?? 0;
    if (typeof ver !== "number" || !Number.isInteger(ver)) return { ok: false, problem: "invalid" };
    if (payload.aud !== undefined && payload.aud !== "staff") return { ok: false, problem: "invalid" };
    const claims: VerifiedToken = Object.freeze({
      sub: payload.sub,
      jti: payload.jti,
      iat: payload.iat ?? 0,
      exp: payload.exp,
      ver,
      ...(payload.aud === "staff" ? { aud: "staff" as const } : {}),
    });
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return { ok: true, claims };
  } catch (err) {
    return { ok: false, problem: (err as { code?: string }).code === "ERR_JWT_EXPIRED" ? "expired" : "invalid" };
  }
}
