import { normalizePath } from "@mieter-portal/offline/paths";

/** Only the tenant's own data is queued; sign-in, password and the like need a live answer. */
export function isQueueableUrl(url: string): boolean {
  return normalizePath(url).startsWith("/tenant/");
}
