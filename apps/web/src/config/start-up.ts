import * as apiPaths from "./api-paths-start";

/**
 * The web app's start-up facts, declared once (issue 26 item 4, decision 035): which screens a
 * signed-out visitor may open, which modules make the signed-in first screen, and which reads that
 * first screen sends early. Everything else derives from here: the router and the sign-in redirect
 * (app/router.tsx, app/start-up.ts), the start hint (the build writes `PUBLIC_PATHS` into it as
 * `__PUBLIC_PATHS__`), the build's chunking and start lists (vite.config.ts), the size report
 * (scripts/report-size.mjs) and the e2e start-up test.
 *
 * Imports only config/api-paths-start (relative, no "@/"): vite.config.ts, the size report and
 * the e2e tests load this file outside the app's bundler.
 */

/** The signed-in first screen's path (the manifest's start_url); config/paths takes it from here. */
export const HOME_PATH = "/";

/**
 * Screens a signed-out visitor may open; every other path belongs to the signed-in app and sends a
 * signed-out start to /login before anything is matched. A new public screen is added here first:
 * TypeScript then asks for its route module, its lazy screen in the router and its size budget.
 */
export const PUBLIC_ROUTES = {
  login: "/login",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  invitation: "/einladung",
} as const;

export type PublicRoute = keyof typeof PUBLIC_ROUTES;

export const LOGIN_PATH = PUBLIC_ROUTES.login;

export const PUBLIC_PATHS: readonly string[] = Object.values(PUBLIC_ROUTES);

/**
 * The route module of each public screen (relative to apps/web). Only the build and the size
 * report read these; the app's bundle leaves them out (nothing in it imports them).
 * app/start-up.test.ts checks that the router's lazy screen is this module.
 */
export const PUBLIC_ROUTE_MODULES: Readonly<Record<PublicRoute, string>> = {
  login: "src/app/routes/login.tsx",
  forgotPassword: "src/app/routes/forgot-password.tsx",
  resetPassword: "src/app/routes/reset-password.tsx",
  invitation: "src/app/routes/invitation.tsx",
};

/** tailwind-merge (lib/utils: cn), in a chunk of its own: the login's class names do not need it (issue 13). */
export const CLASS_MERGE_MODULE = "src/lib/class-merge.ts";

/**
 * Whether a public screen's class names need tailwind-merge: the router then loads
 * CLASS_MERGE_MODULE beside the screen, and it counts for the screen's start.
 */
export const PUBLIC_ROUTE_NEEDS_CLASS_MERGE: Readonly<Record<PublicRoute, boolean>> = {
  login: false,
  forgotPassword: true,
  resetPassword: true,
  invitation: true,
};

/**
 * What each public screen's start may load, JavaScript as sent (brotli) and gzip, in KB (1024
 * bytes): the entry, the start hint, the screen's module with its static imports and, where it
 * needs it, tailwind-merge (scripts/report-size.mjs). The login's is issue 13's; the others were measured when set
 * (decision 035) and leave a few KB to spare.
 */
export const PUBLIC_ROUTE_BUDGETS_KB: Readonly<Record<PublicRoute, { brotli: number; gzip: number }>> = {
  login: { brotli: 110, gzip: 150 },
  // 157 KB brotli, 181 KB gzip when set: the forms' zod schemas and react-hook-form come with them.
  forgotPassword: { brotli: 162, gzip: 188 },
  resetPassword: { brotli: 162, gzip: 188 },
  // 161 KB brotli, 185 KB gzip when set; 193 KB brotli while it took in the shell and the dashboard.
  invitation: { brotli: 166, gzip: 192 },
};

/**
 * The signed-in first screen: the shell and the dashboard. The build puts everything they need into
 * one chunk (vite.config.ts: signedInFirstScreen) and lists it for the prefetch and the signed-in
 * start.
 */
export const SIGNED_IN_SHELL_MODULE = "src/app/shell/app-shell.tsx";
export const DASHBOARD_MODULE = "src/app/routes/dashboard.tsx";

/** Where the screens' route modules live (relative to apps/web). */
const ROUTE_MODULE = /^src\/app\/routes\/[^/]+\.tsx$/;

/**
 * Whether a module (path relative to apps/web, or ending in such a path) is the shell or a signed-in
 * screen: every route module that is not a public screen's.
 */
export function isSignedInScreenModule(id: string): boolean {
  const normalized = id.replaceAll("\\", "/");
  const at = normalized.lastIndexOf("src/app/");
  if (at < 0) return false;
  const relative = normalized.slice(at);
  if (relative === SIGNED_IN_SHELL_MODULE) return true;
  return ROUTE_MODULE.test(relative) && !Object.values(PUBLIC_ROUTE_MODULES).includes(relative);
}

/** Read on every start (the brand; login and shell both show it). */
export const PUBLIC_START_READS: readonly string[] = [apiPaths.config];

/** The shell's reads: the tenant (header, profile) and the bell (unread messages, next appointments). */
export const SHELL_START_READS: readonly string[] = [
  apiPaths.user,
  `${apiPaths.messages}?filter=unread&limit=10`,
  `${apiPaths.appointments}?upcoming=true&limit=5`,
];

/**
 * The dashboard's own reads beside the shell's (the tenant and the next appointments are shared).
 * app/dashboard-early-reads.test.tsx renders the dashboard and fails when one of its queries is
 * not among these reads.
 */
export const DASHBOARD_START_READS: readonly string[] = [
  apiPaths.currentPayment,
  `${apiPaths.messages}?filter=received&limit=2`,
  // The current notices (issue 14 §4): features/notices/api/get-notices, dashboardNoticesQueryKey.
  `${apiPaths.notices}?limit=4`,
  // A meter reading campaign asking the tenant now (issue 14 §5): features/meter-readings/api/get-meter-campaigns.
  apiPaths.meterCampaigns,
];

/**
 * Reads of the dashboard that wait until its first screen has painted (lib/after-startup): they
 * are not early reads, and app/dashboard-early-reads.test.tsx accepts them beside the early ones.
 */
export const DASHBOARD_AFTER_START_READS: readonly string[] = [
  // What the crews did today (issue 27 §3): features/services/components/today-services.
  apiPaths.services,
];
