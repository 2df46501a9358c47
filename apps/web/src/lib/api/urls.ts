import type { QueryKey } from "@tanstack/react-query";
import { env } from "@/config/env";
import { isRecord } from "../utils";

/** Paths starting with /api/v1/ or /api/ are moved onto the configured API base (spec section 7). */
export function resolveApiUrl(path: string, base: string = env.apiBase): string {
  const cleanBase = base.replace(/\/+$/, "");
  for (const prefix of ["/api/v1", "/api"]) {
    if (path === prefix) return cleanBase;
    if (path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) return cleanBase + path.slice(prefix.length);
  }
  return path;
}

/** The query key's first element is the path; a plain object as second element becomes the query string. */
export function pathFromQueryKey(queryKey: QueryKey): string {
  const [path, params] = queryKey;
  if (typeof path !== "string") throw new Error("Der erste Teil des Query-Keys muss ein Pfad sein.");
  if (!isRecord(params)) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
}
