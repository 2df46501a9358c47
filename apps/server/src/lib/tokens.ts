import { createSecretKey, type KeyObject, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/** The secret as a key object, made once per secret: jose would import it on every call. */
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyFor(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
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
): Promise<SessionToken> {
  const jti = randomUUID();
  const nowSeconds = Math.floor(Date.now() / 1000);
  const exp = nowSeconds + ttlSeconds;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(tenantId)
    .setJti(jti)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(exp)
    .sign(keyFor(secret));
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

export interface VerifiedToken {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
}

export type TokenProblem = "expired" | "invalid";

/** Verifies signature (HS256 only) and expiry; never throws. */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
): Promise<{ ok: true; claims: VerifiedToken } | { ok: false; problem: TokenProblem }> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), { algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.jti !== "string" || typeof payload.exp !== "number") {
      return { ok: false, problem: "invalid" };
    }
    return { ok: true, claims: { sub: payload.sub, jti: payload.jti, iat: payload.iat ?? 0, exp: payload.exp } };
  } catch (err) {
    return { ok: false, problem: (err as { code?: string }).code === "ERR_JWT_EXPIRED" ? "expired" : "invalid" };
  }
}
