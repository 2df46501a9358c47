import { createBrowserRouter, type RouteObject } from "react-router";
import { RootLayout, StartupLoading } from "./root-layout";

/** Every screen is its own lazily loaded module, so the login loads only what it needs. */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    HydrateFallback: StartupLoading,
    children: [
      { path: "login", lazy: () => import("./routes/login") },
      // Public like /login: the shell below sends signed-out visitors to /login, these two stay reachable.
      { path: "forgot-password", lazy: () => import("./routes/forgot-password") },
      { path: "reset-password", lazy: () => import("./routes/reset-password") },
      {
        id: "shell",
        lazy: async () => ({ Component: (await import("./shell/app-shell")).AppShell }),
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
          { path: "*", lazy: () => import("./routes/not-found") },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
