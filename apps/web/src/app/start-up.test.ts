import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DASHBOARD_START_READS,
  PUBLIC_PATHS,
  PUBLIC_ROUTE_MODULES,
  PUBLIC_START_READS,
  type PublicRoute,
  SHELL_START_READS,
} from "@/config/start-up";
import { getUpcomingAppointmentsQueryOptions } from "@/features/appointments/api/get-appointments";
import { getUserQueryOptions } from "@/features/auth/api/get-user";
import { preReadStartupSession, takeStartupSession } from "@/features/auth/session";
import { getCurrentPaymentQueryOptions } from "@/features/finances/api/get-current-payment";
import { getLatestMessagesQueryOptions } from "@/features/messages/api/get-messages";
import { getMeterCampaignsQueryOptions } from "@/features/meter-readings/api/get-meter-campaigns";
import { getDashboardNoticesQueryOptions } from "@/features/notices/api/get-notices";
import { pathFromQueryKey } from "@/lib/api/urls";
import { getConfigQueryOptions } from "@/lib/brand";
import { STORAGE_KEYS, setItem } from "@/lib/storage";
import { tokenExpiringIn } from "@/test/tokens";
import { createRouter, publicScreens, routes } from "./router";
import { startReads, startRedirect } from "./start-up";

const signedIn = {
  kind: "signed-in",
  session: { token: "t", user: { id: "u", email: "a@example.com", firstName: "A", lastName: "B" } },
  expiresAt: Date.now() + 3_600_000,
} as const;

beforeEach(() => {
  window.history.replaceState(null, "", "/");
});

afterEach(async () => {
  // The next test starts without a pre-read answer.
  await takeStartupSession();
});

describe("the start-up path (issue 13)", () => {
  it("sends a signed-out start on any signed-in path to /login, and leaves the public pages alone", () => {
    for (const kind of ["none", "expired", "malformed"] as const) {
      expect(startRedirect({ kind }, "/")).toBe("/login");
      expect(startRedirect({ kind }, "/finances")).toBe("/login");
      expect(startRedirect({ kind }, "/irgendwas/unbekannt")).toBe("/login");
      expect(startRedirect({ kind }, "/login")).toBeNull();
      expect(startRedirect({ kind }, "/forgot-password")).toBeNull();
      expect(startRedirect({ kind }, "/reset-password/")).toBeNull();
      expect(startRedirect({ kind }, "/einladung")).toBeNull();
      for (const path of PUBLIC_PATHS) expect(startRedirect({ kind }, path)).toBeNull();
    }
    expect(startRedirect(signedIn, "/")).toBeNull();
    expect(startRedirect(signedIn, "/finances")).toBeNull();
  });

  it("reads early exactly what the first screen's queries read", () => {
    const path = (options: { queryKey: readonly unknown[] }) => pathFromQueryKey(options.queryKey);
    expect(PUBLIC_START_READS).toEqual([path(getConfigQueryOptions())]);
    // The shell: header and profile (the tenant), the bell (unread messages, next appointments).
    expect(SHELL_START_READS).toEqual([
      path(getUserQueryOptions()),
      path(getLatestMessagesQueryOptions("unread", 10)),
      path(getUpcomingAppointmentsQueryOptions()),
    ]);
    // The dashboard reads the tenant and the next appointments too (the same queries).
    expect(DASHBOARD_START_READS).toEqual([
      path(getCurrentPaymentQueryOptions()),
      path(getLatestMessagesQueryOptions("received")),
      path(getDashboardNoticesQueryOptions()),
      path(getMeterCampaignsQueryOptions()),
    ]);
    expect(startReads({ kind: "none" }, "/")).toEqual(PUBLIC_START_READS);
    expect(startReads(signedIn, "/")).toEqual([...PUBLIC_START_READS, ...SHELL_START_READS, ...DASHBOARD_START_READS]);
    expect(startReads(signedIn, "/finances")).toEqual([...PUBLIC_START_READS, ...SHELL_START_READS]);
  });
});

describe("the router's public screens (config/start-up)", () => {
  it("are the declared public paths, outside the shell, each loading the declared module", async () => {
    const outside = (routes[0]?.children ?? []).filter((route) => route.id !== "shell");
    expect(outside.map((route) => `/${route.path}`)).toEqual([...PUBLIC_PATHS]);
    for (const [name, module] of Object.entries(PUBLIC_ROUTE_MODULES)) {
      const loaded = await publicScreens[name as PublicRoute]();
      expect(loaded, module).toBe(await import(/* @vite-ignore */ `/${module}`));
    }
  });
});

describe("createRouter after the sign-in state was read", () => {
  /** The shell route's lazy function is gone once react-router has loaded it. */
  function shellLoaded(router: ReturnType<typeof createRouter>): boolean {
    const root = router.routes[0];
    const shell = root?.children?.find((route) => route.id === "shell");
    if (!shell) throw new Error("no shell route");
    return shell.lazy === undefined;
  }

  it("signed out on /, starts on /login and never loads the shell or the dashboard", async () => {
    await preReadStartupSession();
    const router = createRouter();
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
    expect(window.location.pathname).toBe("/login");
    expect(router.state.matches.map((match) => match.route.path ?? match.route.id)).toEqual(["root", "login"]);
    expect(shellLoaded(router)).toBe(false);
    router.dispose();
  });

  it("signed in on /, matches shell and dashboard", async () => {
    await setItem(STORAGE_KEYS.authToken, tokenExpiringIn(3600));
    await setItem(STORAGE_KEYS.user, { id: "u", email: "a@example.com", firstName: "A", lastName: "B" });
    await preReadStartupSession();
    const router = createRouter();
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
    expect(window.location.pathname).toBe("/");
    expect(shellLoaded(router)).toBe(true);
    router.dispose();
  });
});
