import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from "react-router";
import { PUBLIC_ROUTE_NEEDS_CLASS_MERGE, PUBLIC_ROUTES, type PublicRoute } from "@/config/start-up";
import { settledStartupSession } from "@/features/auth/session";
import { RootLayout, StartupLoading } from "./root-layout";
import { startRedirect } from "./start-up";

/**
 * tailwind-merge comes with the first screen whose class names need it (lib/utils: cn); the
 * login's do not (issue 13).
 */
async function withClassMerge<T>(module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, import("@/lib/class-merge")]);
  return loaded;
}

/**
 * The public screens (config/start-up declares them and their modules; start-up.test.ts checks that
 * each loads its declared module). They sit beside the shell, which sends signed-out visitors to
 * /login, so they stay reachable.
 */
const publicScreenModules: Readonly<Record<PublicRoute, LazyRouteFunction<RouteObject>>> = {
  login: () => import("./routes/login"),
  forgotPassword: () => import("./routes/forgot-password"),
  resetPassword: () => import("./routes/reset-password"),
  invitation: () => import("./routes/invitation"),
};

/** …with tailwind-merge beside the screens that need it (config/start-up: PUBLIC_ROUTE_NEEDS_CLASS_MERGE). */
export const publicScreens = Object.fromEntries(
  Object.entries(publicScreenModules).map(([name, load]) => [
    name,
    PUBLIC_ROUTE_NEEDS_CLASS_MERGE[name as PublicRoute] ? () => withClassMerge(load()) : load,
  ]),
) as Record<PublicRoute, LazyRouteFunction<RouteObject>>;

const publicRoutes: RouteObject[] = Object.entries(publicScreens).map(([name, lazy]) => ({
  path: PUBLIC_ROUTES[name as PublicRoute].slice(1),
  lazy,
}));

/** Every screen is its own lazily loaded module, so the login loads only what it needs. */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    HydrateFallback: StartupLoading,
    children: [
      ...publicRoutes,
      {
        id: "shell",
        lazy: async () => ({ Component: (await withClassMerge(import("./shell/app-shell"))).AppShell }),
        children: [
          { index: true, lazy: () => import("./routes/dashboard") },
          { path: "documents", lazy: () => import("./routes/documents") },
          { path: "repairs", lazy: () => import("./routes/repairs") },
          { path: "repairs/:id", lazy: () => import("./routes/repair-detail") },
          { path: "messages", lazy: () => import("./routes/messages") },
          { path: "messages/:id", lazy: () => import("./routes/message-detail") },
          { path: "meter-readings", lazy: () => import("./routes/meter-readings") },
          { path: "finances", lazy: () => import("./routes/finances") },
          { path: "appointments", lazy: () => import("./routes/appointments") },
          { path: "appointments/:id", lazy: () => import("./routes/appointment-detail") },
          { path: "settings", lazy: () => import("./routes/settings") },
          { path: "privacy-policy", lazy: () => import("./routes/privacy-policy") },
          { path: "terms-of-service", lazy: () => import("./routes/terms-of-service") },
          { path: "cookie-policy", lazy: () => import("./routes/cookie-policy") },
          { path: "faq", lazy: () => import("./routes/faq") },
          { path: "contact", lazy: () => import("./routes/contact") },
          { path: "notices", lazy: () => import("./routes/notices") },
          { path: "services", lazy: () => import("./routes/services") },
          { path: "services/report", lazy: () => import("./routes/service-report") },
          { path: "*", lazy: () => import("./routes/not-found") },
        ],
      },
    ],
  },
];

/**
 * The sign-in state is known before the router matches anything (main.tsx reads it first): a
 * signed-out start on a signed-in path begins on /login, so the shell and the dashboard are not
 * fetched for a visitor who cannot see them (issue 13). Without that answer (unit tests) the shell
 * sends signed-out visitors to /login itself.
 */
export function createRouter() {
  const startup = settledStartupSession();
  const redirect = startup ? startRedirect(startup, window.location.pathname) : null;
  if (redirect) window.history.replaceState(null, "", redirect);
  return createBrowserRouter(routes);
}
