import * as apiPaths from "@/config/api-paths-start";
import type { StartupResult } from "@/features/auth/session";

/**
 * What the start-up path may load (issue 13, decision 013). The sign-in state is read before the
 * router exists: a signed-out start on a signed-in path goes to /login before anything is matched,
 * so it never fetches the app shell or a signed-in screen; those are prefetched once the login
 * shows (prefetch.ts).
 */

/**
 * paths.home and paths.login (config/paths; start-up.test.ts keeps them equal): config/paths holds
 * every screen's title, which the login does not need.
 */
export const HOME_PATH = "/";
export const LOGIN_PATH = "/login";

/** Screens a signed-out visitor may open; every other path belongs to the signed-in app. */
export const PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, "/forgot-password", "/reset-password", "/einladung"];

export function isPublicPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PUBLIC_PATHS.includes(normalized);
}

/** The path to start on instead of the requested one, or null to stay. */
export function startRedirect(startup: StartupResult, pathname: string): string | null {
  if (startup.kind === "signed-in" || isPublicPath(pathname)) return null;
  return LOGIN_PATH;
}

/** Read on every start (the brand; login and shell both show it). */
export const PUBLIC_START_READS: readonly string[] = [apiPaths.config];

/** The shell's reads: the tenant (header, profile) and the bell (unread messages, next appointments). */
export const SHELL_START_READS: readonly string[] = [
  apiPaths.user,
  `${apiPaths.messages}?filter=unread&limit=10`,
  `${apiPaths.appointments}?upcoming=true&limit=5`,
];

/** The dashboard's own reads beside the shell's (the tenant and the next appointments are shared). */
export const DASHBOARD_START_READS: readonly string[] = [
  apiPaths.currentPayment,
  `${apiPaths.messages}?filter=received&limit=2`,
  // The current notices (issue 14 §4): features/notices/api/get-notices, dashboardNoticesQueryKey.
  `${apiPaths.notices}?limit=4`,
  // A meter reading campaign asking the tenant now (issue 14 §5): features/meter-readings/api/get-meter-campaigns.
  apiPaths.meterCampaigns,
];

/**
 * The reads the first screen will ask for, sent while the intro shows (lib/early-reads). The
 * strings are the queries' own paths (pathFromQueryKey); app/start-up.test.ts keeps them equal.
 */
export function startReads(startup: StartupResult, pathname: string): string[] {
  if (startup.kind !== "signed-in") return [...PUBLIC_START_READS];
  // Signed in, /login leads to the dashboard too.
  const home = pathname === HOME_PATH || pathname === LOGIN_PATH;
  return [...PUBLIC_START_READS, ...SHELL_START_READS, ...(home ? DASHBOARD_START_READS : [])];
}
