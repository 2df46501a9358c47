import { isRecord } from "./utils";

export type TokenState =
  | { kind: "valid"; expiresAt: number }
  | { kind: "expired"; expiresAt: number }
  | { kind: "malformed"; reason: string };

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The middle part of a three-part signed token as an object, or null when it is not one. */
export function parseTokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]!));
    return isRecord(payload) ? payload : null;
  } catch {
    return null;
  }
}

/** Client-side expiry check only (spec section 4): exp is in seconds. */
export function checkToken(token: string, now: number = Date.now()): TokenState {
  const payload = parseTokenPayload(token);
  if (!payload) return { kind: "malformed", reason: "Token ist nicht dreiteilig oder nicht lesbar" };
  const exp = payload.exp;
  if (typeof exp !== "number" || !Number.isFinite(exp)) {
    return { kind: "malformed", reason: "Token enthält kein gültiges Ablaufdatum (exp)" };
  }
  const expiresAt = exp * 1000;
  return expiresAt > now ? { kind: "valid", expiresAt } : { kind: "expired", expiresAt };
}
