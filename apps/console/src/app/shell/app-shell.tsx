import { Button } from "@mieter-portal/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@mieter-portal/ui/sheet";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Menu } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { LoadError, Loading } from "@/components/page";
import { paths } from "@/config/paths";
import { logout, meQueryOptions } from "@/features/auth/api";
import { useCompanyName } from "@/lib/brand";
import { MeContext } from "@/lib/me";
import { signOut, signOutReason, useToken } from "@/lib/session";
import { Navigation } from "./nav";

function Brand() {
  const company = useCompanyName();
  return (
    <div className="flex items-center gap-3">
      <div
        aria-hidden="true"
        className="flex size-9 items-center justify-center rounded-xl bg-primary text-sm font-bold text-primary-foreground"
      >
        DV
      </div>
      <div className="grid leading-tight">
        <span className="font-semibold">Die Verwaltung</span>
        {company ? <span className="text-xs text-muted-foreground">{company}</span> : null}
      </div>
    </div>
  );
}

/** Signed-in frame: sidebar from 1024 px, a menu sheet below; signed-out visitors go to the login. */
export function AppShell() {
  const token = useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery({ ...meQueryOptions(), enabled: token !== null });
  const [menuOpen, setMenuOpen] = useState(false);

  // A new screen starts at the top, with the focus on its content (screen readers hear it).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    window.scrollTo(0, 0);
    document.getElementById("inhalt")?.focus();
  }, [location.pathname]);

  useEffect(() => {
    if (token === null) queryClient.clear();
  }, [token, queryClient]);

  // Push (issue 29): a device already subscribed renews its subscription at every start. Loaded
  // after start-up and only for that: the console's first screen does not wait for it.
  const staffId = me.data?.id;
  useEffect(() => {
    if (staffId) void import("@/features/push/device").then((push) => push.renewPushSubscription(staffId));
  }, [staffId]);

  if (token === null) {
    // An expired session comes back to this screen after the login; one ended with „Abmelden“ does
    // not: whoever signs in next at this browser starts at the Eingang, not on this person's screen.
    const next = signOutReason() === "logout" ? "/" : `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.login}${next !== "/" ? `?next=${encodeURIComponent(next)}` : ""}`} replace />;
  }
  if (me.isPending) return <Loading label="Verwaltung wird geladen…" />;
  if (me.isError)
    return (
      <main className="p-6">
        <LoadError error={me.error} onRetry={() => me.refetch()} />
      </main>
    );

  const onLogout = async () => {
    try {
      // This device's push subscription ends with the session, removed while the token still counts.
      await import("@/features/push/device").then((push) => push.removeThisDevice(me.data.id)).catch(() => undefined);
      await logout();
    } catch {
      // the token is dropped here either way
    }
    signOut("logout");
    navigate(paths.login, { replace: true });
  };

  return (
    <MeContext.Provider value={me.data}>
      <a
        href="#inhalt"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Zum Inhalt springen
      </a>
      <div className="min-h-dvh bg-background lg:grid lg:grid-cols-[15rem_1fr]">
        <aside className="hidden border-r border-border bg-card px-3 py-4 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:gap-6">
          <div className="px-2">
            <Brand />
          </div>
          <Navigation onLogout={onLogout} />
        </aside>
        <div className="min-w-0">
          <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-border bg-card/95 px-4 py-2 backdrop-blur lg:hidden">
            <Brand />
            <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
              <Button variant="ghost" size="icon" aria-label="Menü öffnen" onClick={() => setMenuOpen(true)}>
                <Menu aria-hidden="true" />
              </Button>
              <SheetContent side="right" className="overflow-y-auto">
                <SheetTitle>Menü</SheetTitle>
                <SheetDescription className="sr-only">Bereiche der Verwaltung</SheetDescription>
                <Navigation onNavigate={() => setMenuOpen(false)} onLogout={onLogout} />
              </SheetContent>
            </Sheet>
          </header>
          <main id="inhalt" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-6 outline-none md:px-6 lg:px-8">
            <Outlet />
          </main>
        </div>
      </div>
    </MeContext.Provider>
  );
}
