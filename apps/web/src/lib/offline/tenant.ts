import { getAuthToken } from "../api-client";
import { parseTokenPayload } from "../token";

/** The signed-in tenant: the subject of the current token (the server's tenant id). */
export function currentTenantId(): string | null {
  const token = getAuthToken();
  if (!token) return null;
  const sub = parseTokenPayload(token)?.sub;
  return typeof sub === "string" && sub ? sub : null;
}
