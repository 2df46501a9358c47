import { DEFAULT_BRAND } from "@mieter-portal/contracts/defaults";
import { QueryClient } from "@tanstack/react-query";
import { persistQueryClientSave } from "@tanstack/react-query-persist-client";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_VERSION } from "@/config/env";
import { DASHBOARD_AFTER_START_READS } from "@/config/start-up";
import { getUpcomingAppointmentsQueryOptions } from "@/features/appointments/api/get-appointments";
import { getUserQueryOptions } from "@/features/auth/api/get-user";
import { takeStartupSession } from "@/features/auth/session";
import { getCurrentPaymentQueryOptions } from "@/features/finances/api/get-current-payment";
import { getLatestMessagesQueryOptions } from "@/features/messages/api/get-messages";
import { getDashboardNoticesQueryOptions } from "@/features/notices/api/get-notices";
import { getConfigQueryOptions } from "@/lib/brand";
import { clearEarlyReads } from "@/lib/early-reads";
import { createPersister, createQueryClient } from "@/lib/query-client";
import { clearSession } from "@/lib/session";
import { STORAGE_KEYS, setItem } from "@/lib/storage";
import { tokenExpiringIn } from "@/test/tokens";
import { App } from "./app";
import { boot } from "./boot";

const SLOW = { timeout: 10_000 };

const user = {
  id: "u-1",
  email: "demo@example.com",
  firstName: "Anna",
  lastName: "Schneider",
  first_name: "Anna",
  last_name: "Schneider",
  address: "Lindenstraße 5",
  apartment_number: "3",
};
const config = { brand: { ...DEFAULT_BRAND, companyName: "Testverwaltung Nord", logoText: "TN" }, version: "1.0.0" };

/** What the server answers for each read of the dashboard and the shell. */
const answers: Record<string, unknown> = {
  "/api/v1/config": config,
  "/api/v1/auth/user": user,
  "/api/v1/tenant/payments/current": null,
  "/api/v1/tenant/messages": [],
  "/api/v1/tenant/appointments": [],
  "/api/v1/tenant/meter-campaigns": [],
  "/api/v1/tenant/notices": [],
};

/** A fetch that answers the reads and counts them by path and query. */
function countingFetch() {
  const counts = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}${url.search}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (!(url.pathname in answers)) return Response.json({ error: "not_found" }, { status: 404 });
    return Response.json(answers[url.pathname]);
  });
  vi.stubGlobal("fetch", fetchMock);
  return counts;
}

/** The first screen's reads (spec section 4: refreshed after the signed-in start). */
const READS = [
  "GET /api/v1/config",
  "GET /api/v1/auth/user",
  "GET /api/v1/tenant/payments/current",
  "GET /api/v1/tenant/messages?filter=received&limit=2",
  "GET /api/v1/tenant/messages?filter=unread&limit=10",
  "GET /api/v1/tenant/appointments?upcoming=true&limit=5",
  "GET /api/v1/tenant/meter-campaigns",
  "GET /api/v1/tenant/notices?limit=4",
];

/** A returning tenant: signed in, and the cache of the last visit in IndexedDB, read `age` ms ago. */
async function returningTenant(age: number) {
  await setItem(STORAGE_KEYS.authToken, tokenExpiringIn(3600));
  await setItem(STORAGE_KEYS.user, user);
  const lastVisit = new QueryClient();
  const updatedAt = Date.now() - age;
  lastVisit.setQueryData(getConfigQueryOptions().queryKey, config, { updatedAt });
  lastVisit.setQueryData(getUserQueryOptions().queryKey, user, { updatedAt });
  lastVisit.setQueryData(getCurrentPaymentQueryOptions().queryKey, null, { updatedAt });
  lastVisit.setQueryData(getLatestMessagesQueryOptions("received").queryKey, [], { updatedAt });
  lastVisit.setQueryData(getLatestMessagesQueryOptions("unread", 10).queryKey, [], { updatedAt });
  lastVisit.setQueryData(getUpcomingAppointmentsQueryOptions().queryKey, [], { updatedAt });
  lastVisit.setQueryData(getDashboardNoticesQueryOptions().queryKey, [], { updatedAt });
  await persistQueryClientSave({ queryClient: lastVisit, persister: createPersister(), buster: APP_VERSION });
}

async function start(queryClient: QueryClient, { early }: { early: boolean }) {
  if (early) await boot(queryClient);
  render(<App queryClient={queryClient} />);
  expect(await screen.findByRole("heading", { name: "Hallo, Anna!" }, SLOW)).toBeInTheDocument();
}

/** Every read has gone out at least once and nothing is on its way any more. */
async function settled(queryClient: QueryClient, counts: Map<string, number>) {
  // waitFor (not act): React renders and runs effects between the checks, as in the browser.
  await waitFor(
    () => {
      for (const read of READS) expect(counts.get(read) ?? 0, read).toBeGreaterThanOrEqual(1);
      expect(queryClient.isFetching()).toBe(0);
    },
    { timeout: 10_000 },
  );
  // Well past the spec's 100 ms refresh: a second read would have started by now.
  const since = Date.now();
  await waitFor(() => expect(Date.now() - since).toBeGreaterThanOrEqual(500), { timeout: 2000 });
  expect(queryClient.isFetching()).toBe(0);
}

function perRead(counts: Map<string, number>) {
  return Object.fromEntries(READS.map((read) => [read, counts.get(read) ?? 0]));
}

beforeEach(() => {
  window.history.replaceState(null, "", "/");
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  clearEarlyReads();
  await takeStartupSession();
});

// Issue 13: the spec's refresh after a signed-in start (100 ms later and once signed in) read
// every query twice. Now each read goes out once, whether the cached copy is fresh or stale and
// whether the reads were started early (main.tsx) or by the screens.
describe("a returning tenant's start reads each query once", () => {
  const ONCE = Object.fromEntries(READS.map((read) => [read, 1]));

  it.each([
    { cache: "fresh (1 min)", age: 60_000, early: true },
    { cache: "stale (10 min)", age: 600_000, early: true },
    { cache: "fresh (1 min)", age: 60_000, early: false },
    { cache: "stale (10 min)", age: 600_000, early: false },
  ])("cache $cache, reads started early: $early", async ({ age, early }) => {
    const counts = countingFetch();
    await returningTenant(age);
    const queryClient = createQueryClient();
    await start(queryClient, { early });
    await settled(queryClient, counts);
    expect(perRead(counts)).toEqual(ONCE);
    // Nothing else was read either, but the dashboard's deferred reads (after its first paint: on a
    // slow machine they may already have gone out), and those at most once.
    expect(
      [...counts.keys()].filter((key) => !READS.includes(key) && !DASHBOARD_AFTER_START_READS.includes(key)),
    ).toEqual([]);
    for (const read of DASHBOARD_AFTER_START_READS) expect(counts.get(read) ?? 0, read).toBeLessThanOrEqual(1);
  });

  it("a first visit (nothing cached) reads each query once too", async () => {
    const counts = countingFetch();
    await setItem(STORAGE_KEYS.authToken, tokenExpiringIn(3600));
    await setItem(STORAGE_KEYS.user, user);
    const queryClient = createQueryClient();
    await start(queryClient, { early: true });
    await settled(queryClient, counts);
    expect(perRead(counts)).toEqual(ONCE);
  });
});
