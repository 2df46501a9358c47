import { getAuthToken } from "../api-client";
import { parseTokenPayload } from "../token";
import { normalizePath } from "./paths";

/** Only the tenant's own data is queued; sign-in, password and the like need a live answer. */
export function isQueueableUrl(url: string): boolean {
  return normalizePath(url).startsWith("/tenant/");
}

/** The signed-in tenant: the subject of the current token (the server's tenant id). */
export function currentTenantId(): string | null {
  const token = getAuthToken();
  if (!token) return null;
  const sub = parseTokenPayload(token)?.sub;
  return typeof sub === "string" && sub ? sub : null;
}
