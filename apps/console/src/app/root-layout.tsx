import { Button } from "@mieter-portal/ui/button";
import { Toaster } from "@mieter-portal/ui/toaster";
import { TooltipProvider } from "@mieter-portal/ui/tooltip";
import { Outlet, useRouteError } from "react-router";
import { Loading } from "@/components/page";

export function RootLayout() {
  return (
    <TooltipProvider>
      <Outlet />
      <Toaster />
    </TooltipProvider>
  );
}

/** Shown while the first screen's module loads. */
export function StartupLoading() {
  return (
    <main className="mx-auto max-w-lg p-8">
      <Loading label="Die Verwaltung wird geladen…" />
    </main>
  );
}

/** A screen that failed to load (e.g. after a new version replaced its file). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main id="inhalt" className="mx-auto grid max-w-lg gap-4 p-8">
      <h1 className="text-xl font-semibold">Diese Seite konnte nicht geladen werden.</h1>
      <p className="text-sm text-muted-foreground">
        Bitte laden Sie die Seite neu. Hilft das nicht, melden Sie sich erneut an.
      </p>
      <Button className="w-fit" onClick={() => window.location.reload()}>
        Neu laden
      </Button>
    </main>
  );
}
