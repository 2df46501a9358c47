import {
  DASHBOARD_START_READS,
  HOME_PATH,
  LOGIN_PATH,
  PUBLIC_PATHS,
  PUBLIC_START_READS,
  SHELL_START_READS,
} from "@/config/start-up";
import type { StartupResult } from "@/features/auth/session";

/**
 * What the start-up path may load (issue 13, decision 013). The sign-in state is read before the
 * router exists: a signed-out start on a signed-in path goes to /login before anything is matched,
 * so it never fetches the app shell or a signed-in screen; those are prefetched once the login
 * shows (prefetch.ts). The facts it applies (public paths, early reads) are declared once in
 * config/start-up (issue 26 item 4, decision 035).
 */

export function isPublicPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PUBLIC_PATHS.includes(normalized);
}

/** The path to start on instead of the requested one, or null to stay. */
export function startRedirect(startup: StartupResult, pathname: string): string | null {
  if (startup.kind === "signed-in" || isPublicPath(pathname)) return null;
  return LOGIN_PATH;
}

/**
 * The reads the first screen will ask for, sent while the intro shows (lib/early-reads). The
 * strings are the queries' own paths (pathFromQueryKey); app/start-up.test.ts keeps them equal, and
 * app/dashboard-early-reads.test.tsx fails when the dashboard runs a query that is not among them.
 */
export function startReads(startup: StartupResult, pathname: string): string[] {
  if (startup.kind !== "signed-in") return [...PUBLIC_START_READS];
  // Signed in, /login leads to the dashboard too.
  const home = pathname === HOME_PATH || pathname === LOGIN_PATH;
  return [...PUBLIC_START_READS, ...SHELL_START_READS, ...(home ? DASHBOARD_START_READS : [])];
}
