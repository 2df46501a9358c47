import { createBrowserRouter, type RouteObject, redirect } from "react-router";
import { BASENAME } from "@/config/paths";
import { RootLayout, RouteError, StartupLoading } from "./root-layout";

/** Every screen is its own lazily loaded module. */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    HydrateFallback: StartupLoading,
    ErrorBoundary: RouteError,
    children: [
      { path: "anmelden", lazy: () => import("./routes/login") },
      { path: "einladung", lazy: () => import("./routes/invitation") },
      { path: "passwort-vergessen", lazy: () => import("./routes/password-forgotten") },
      { path: "passwort-neu", lazy: () => import("./routes/password-reset") },
      // The staff digest mail links here (STAFF_INBOX_PATH of the contracts): the inbox is the start page.
      { path: "eingang", loader: () => redirect("/") },
      {
        id: "shell",
        lazy: async () => ({ Component: (await import("./shell/app-shell")).AppShell }),
        children: [
          { index: true, lazy: () => import("./routes/inbox") },
          { path: "reparaturen/neu", lazy: () => import("./routes/repair-new") },
          { path: "reparaturen/:id", lazy: () => import("./routes/repair") },
          { path: "nachrichten/:id", lazy: () => import("./routes/thread") },
          { path: "termine/:id", lazy: () => import("./routes/appointment") },
          { path: "zaehlerstaende/:id", lazy: () => import("./routes/meter-reading") },
          { path: "ablesungen", lazy: () => import("./routes/meter-campaigns") },
          { path: "ablesungen/:id", lazy: () => import("./routes/meter-campaign") },
          { path: "mieter", lazy: () => import("./routes/tenants") },
          { path: "mieter/neu", lazy: () => import("./routes/tenant-new") },
          { path: "mieter/import", lazy: () => import("./routes/tenants-import") },
          { path: "mieter/:id", lazy: () => import("./routes/tenant") },
          { path: "finanzen", lazy: () => import("./routes/ledger-accounts") },
          { path: "finanzen/ueberfaellig", lazy: () => import("./routes/ledger-overdue") },
          { path: "finanzen/import", lazy: () => import("./routes/ledger-import") },
          { path: "finanzen/nicht-zugeordnet", lazy: () => import("./routes/ledger-unmatched") },
          { path: "finanzen/konten/:id", lazy: () => import("./routes/ledger-account") },
          { path: "lastschrift", lazy: () => import("./routes/sepa-runs") },
          { path: "lastschrift/neu", lazy: () => import("./routes/sepa-run-new") },
          { path: "lastschrift/einzuege/:id", lazy: () => import("./routes/sepa-run") },
          { path: "lastschrift/ruecklastschriften", lazy: () => import("./routes/sepa-returns") },
          { path: "lastschrift/glaeubigerdaten", lazy: () => import("./routes/sepa-creditor") },
          { path: "aushaenge", lazy: () => import("./routes/notices") },
          { path: "dokumente", lazy: () => import("./routes/documents") },
          { path: "hausdienste", lazy: () => import("./routes/services") },
          { path: "hausdienste/gebaeude/:id", lazy: () => import("./routes/services-building") },
          { path: "hausdienste/gebaeude/:id/woche", lazy: () => import("./routes/services-week") },
          { path: "hausdienste/einsaetze/:id", lazy: () => import("./routes/services-record") },
          { path: "hausdienste/verpasst/:id", lazy: () => import("./routes/services-missed") },
          { path: "profil", lazy: () => import("./routes/profile") },
          { path: "mitarbeiter", lazy: () => import("./routes/staff") },
          { path: "textbausteine", lazy: () => import("./routes/canned-replies") },
          { path: "protokoll", lazy: () => import("./routes/audit") },
          { path: "push-zustellung", lazy: () => import("./routes/push-deliveries") },
          { path: "*", lazy: () => import("./routes/not-found") },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: BASENAME });
}
