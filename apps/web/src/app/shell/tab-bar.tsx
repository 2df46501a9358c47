import {
  CalendarDays,
  FileText,
  Gauge,
  Home,
  LogOut,
  type LucideIcon,
  Menu,
  MessageSquare,
  Settings,
  Sparkles,
  Wallet,
  Wrench,
} from "lucide-react";
import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { paths } from "@/config/paths";
import { useAuth } from "@/features/auth/components/auth-provider";
import { cn } from "@/lib/utils";
import { shellTexts } from "../texts";
import { useLogoutGuard } from "./logout-guard";

/** Spec section 9: the tab bar is disabled for 300 ms after each tab change. */
export const TAB_LOCK_MS = 300;

interface Tab {
  label: string;
  path: string;
  icon: LucideIcon;
}

const TABS: Tab[] = [
  { label: shellTexts.home, path: paths.home.path, icon: Home },
  { label: paths.documents.title, path: paths.documents.path, icon: FileText },
  { label: paths.repairs.title, path: paths.repairs.path, icon: Wrench },
  { label: paths.messages.title, path: paths.messages.path, icon: MessageSquare },
];

const MORE_ITEMS: Tab[] = [
  { label: paths.meterReadings.title, path: paths.meterReadings.path, icon: Gauge },
  { label: paths.finances.title, path: paths.finances.path, icon: Wallet },
  { label: paths.appointments.title, path: paths.appointments.path, icon: CalendarDays },
  { label: paths.services.title, path: paths.services.path, icon: Sparkles },
  { label: paths.settings.title, path: paths.settings.path, icon: Settings },
];

/**
 * Five tabs share the width: at 320 px each gets 64 px, so the labels are a little smaller below
 * 360 px and keep a gap to their neighbours ("Reparaturen" and "Nachrichten" must not touch).
 */
const tabClass =
  "flex h-full min-w-0 flex-1 flex-col items-center justify-center gap-0.5 px-0.5 text-[10px] leading-tight font-medium tracking-tight text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring aria-disabled:cursor-wait min-[360px]:text-[11px] min-[360px]:tracking-normal";

export function TabBar() {
  const [locked, setLocked] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { pathname } = useLocation();
  const { signOutLocally } = useAuth();
  const { requestLogout, dialog: logoutDialog } = useLogoutGuard(signOutLocally);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const lock = useCallback(() => {
    setLocked(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), TAB_LOCK_MS);
  }, []);

  const onTabClick = (event: MouseEvent, path: string) => {
    if (locked) {
      event.preventDefault();
      return;
    }
    if (path !== pathname) lock();
  };

  const moreActive = MORE_ITEMS.some((item) => pathname.startsWith(item.path));

  return (
    <nav
      aria-label={shellTexts.mainNavigation}
      data-tab-bar
      data-locked={locked || undefined}
      className="fixed inset-x-0 bottom-0 z-40 h-14 border-t border-border bg-card text-card-foreground"
    >
      <ul className="mx-auto flex h-full max-w-3xl">
        {TABS.map(({ label, path, icon: Icon }) => (
          <li key={path} className="flex flex-1">
            <NavLink
              to={path}
              end={path === "/"}
              aria-disabled={locked || undefined}
              onClick={(event) => onTabClick(event, path)}
              className={({ isActive }) => cn(tabClass, isActive && "text-primary")}
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
        <li className="flex flex-1">
          <Sheet open={moreOpen} onOpenChange={setMoreOpen}>
            <SheetTrigger asChild>
              <button
                type="button"
                aria-disabled={locked || undefined}
                onClick={(event) => {
                  if (locked) event.preventDefault();
                }}
                className={cn(tabClass, moreActive && "text-primary")}
              >
                <Menu className="size-5" aria-hidden="true" />
                {shellTexts.more}
              </button>
            </SheetTrigger>
            <SheetContent side="bottom">
              <SheetHeader>
                <SheetTitle>{shellTexts.moreTitle}</SheetTitle>
                <SheetDescription>{shellTexts.moreDescription}</SheetDescription>
              </SheetHeader>
              <ul className="grid gap-1">
                {MORE_ITEMS.map(({ label, path, icon: Icon }) => (
                  <li key={path}>
                    <Link
                      to={path}
                      onClick={() => {
                        setMoreOpen(false);
                        if (path !== pathname) lock();
                      }}
                      aria-current={pathname === path ? "page" : undefined}
                      className="flex h-12 items-center gap-3 rounded-xl px-3 text-base font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-[current=page]:text-primary"
                    >
                      <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
                      {label}
                    </Link>
                  </li>
                ))}
                <li className="mt-2 border-t border-border pt-2">
                  <Button
                    variant="ghost"
                    className="h-12 w-full justify-start gap-3 px-3 text-base text-destructive-text hover:bg-danger-soft"
                    onClick={() => {
                      setMoreOpen(false);
                      requestLogout();
                    }}
                  >
                    <LogOut className="size-5" aria-hidden="true" />
                    {shellTexts.logout}
                  </Button>
                </li>
              </ul>
            </SheetContent>
          </Sheet>
          {logoutDialog}
        </li>
      </ul>
    </nav>
  );
}
