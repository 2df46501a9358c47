// Apart from ordering.ts: an app's mutation path on its start-up JavaScript needs only this.

/** The path without the API prefix (/api/v1 or /api) and query string: "/tenant/repairs". */
export function normalizePath(url: string): string {
  let path = url.split(/[?#]/)[0] ?? "";
  try {
    if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  } catch {
    // keep it as it is
  }
  for (const prefix of ["/api/v1", "/api"]) {
    if (path === prefix) return "/";
    if (path.startsWith(`${prefix}/`)) return path.slice(prefix.length).replace(/\/+$/, "") || "/";
  }
  return path.replace(/\/+$/, "") || "/";
}
