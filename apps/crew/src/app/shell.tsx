import { Button } from "@mieter-portal/ui/button";
import { LogOut, Moon, Sun, SunMoon } from "lucide-react";
import { useEffect } from "react";
import { Link, Navigate, NavLink, Outlet, useLocation } from "react-router";
import { SyncBar } from "@/components/sync-bar";
import { send } from "@/lib/api";
import { startCrewSync } from "@/lib/queue";
import { signOut, useSession } from "@/lib/session";
import { cycleTheme, THEME_LABELS, useTheme } from "@/lib/theme";

const tab =
  "flex min-h-12 flex-1 items-center justify-center whitespace-nowrap rounded-lg px-1 text-sm font-medium min-[380px]:text-base text-muted-foreground aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground";

/** Header, sync state, the three tabs and the screen; without a session the login. */
export function Shell() {
  const session = useSession();
  const location = useLocation();
  const theme = useTheme();
  const staffId = session?.staff.id;
  useEffect(() => (staffId ? startCrewSync() : undefined), [staffId]);
  if (!session) return <Navigate to="/anmelden" replace state={{ from: location.pathname }} />;
  const ThemeIcon = theme === "dark" ? Moon : theme === "light" ? Sun : SunMoon;
  return (
    <div className="mx-auto flex min-h-dvh max-w-2xl flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-border bg-card px-3 py-2">
        <Link to="/" className="shrink-0 text-lg font-semibold">
          Einsätze
        </Link>
        <div className="flex min-w-0 items-center gap-1">
          <span className="truncate text-sm text-muted-foreground">{session.staff.name}</span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Darstellung: ${THEME_LABELS[theme]} (wechseln)`}
            onClick={cycleTheme}
          >
            <ThemeIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Abmelden"
            onClick={() => {
              void send("POST", "/staff/auth/logout", {}).catch(() => undefined);
              signOut("logout");
            }}
          >
            <LogOut aria-hidden="true" />
          </Button>
        </div>
      </header>
      <SyncBar />
      <nav aria-label="Einsätze" className="flex gap-1 border-b border-border bg-card p-1">
        <NavLink to="/" end className={tab}>
          Heute
        </NavLink>
        <NavLink to="/woche" className={tab}>
          Diese Woche
        </NavLink>
        <NavLink to="/ungeplant" className={tab}>
          Ungeplant
        </NavLink>
      </nav>
      <main className="flex-1 p-3">
        <Outlet />
      </main>
    </div>
  );
}

export function NotFound() {
  return (
    <div className="grid gap-3">
      <h1 className="text-xl font-semibold">Seite nicht gefunden</h1>
      <Link to="/" className="text-link underline">
        Zu den Einsätzen von heute
      </Link>
    </div>
  );
}
