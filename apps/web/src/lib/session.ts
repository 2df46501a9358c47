import type { ApiRequestError } from "@/lib/api/errors";
import { getBrowserItem, LEGACY_TOKEN_KEY, STORAGE_KEYS } from "./storage";
import { parseTokenPayload } from "./token";

/** The signed-in tenant as stored on the device (both login formats fit). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  first_name?: string;
  last_name?: string;
  address?: string | null;
  apartment_number?: string | null;
}

export interface Session {
  token: string;
  /** The token's subject: the server's tenant id (decoded here and nowhere else). */
  tenantId: string | null;
  user: SessionUser | null;
}

/**
 * The session has one owner (issue 15): this store keeps token, tenant and user of the signed-in
 * tenant in memory. The auth layer writes and clears it (features/auth/session: sign-in, start-up,
 * sign-out); the API client, the offline queue and the document cache read it; a 401 anywhere is
 * reported here (expireSession) and reaches the one who ends the session (onSessionExpired).
 */
let current: Session | null = null;
const expiryListeners = new Set<(error: ApiRequestError) => void>();

function subjectOf(token: string): string | null {
  const sub = parseTokenPayload(token)?.sub;
  return typeof sub === "string" && sub ? sub : null;
}

export function writeSession(token: string, user: SessionUser | null = null): void {
  current = { token, tenantId: subjectOf(token), user };
}

export function clearSession(): void {
  if (!current) return;
  current = null;
}

/** Bearer token: the signed-in one, else (before the start-up read wrote it) browser storage, else the legacy key. */
export function sessionToken(): string | null {
  return current?.token ?? getBrowserItem(STORAGE_KEYS.authToken) ?? getBrowserItem(LEGACY_TOKEN_KEY);
}

/** The signed-in tenant: the subject of the current token. */
export function sessionTenantId(): string | null {
  if (current) return current.tenantId;
  const token = sessionToken();
  return token ? subjectOf(token) : null;
}

/** A request came back 401: the server no longer accepts the token. Whoever owns the sign-out hears it. */
export function expireSession(error: ApiRequestError): void {
  for (const listener of expiryListeners) listener(error);
}

export function onSessionExpired(listener: (error: ApiRequestError) => void): () => void {
  expiryListeners.add(listener);
  return () => {
    expiryListeners.delete(listener);
  };
}
