import type { TenantNotice } from "@mieter-portal/contracts";
import { type QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as apiPaths from "@/config/api-paths";
import { getDashboardNoticesQueryOptions, noticesQueryKey } from "@/features/notices/api/get-notices";
import { CurrentNotices } from "@/features/notices/components/current-notices";
import { setManualOffline } from "@/lib/network";
import { listEntries } from "@/lib/offline/queue-store";
import { configureSync, synchronize } from "@/lib/offline/sync";
import { fakeServer, jsonResponse, resetOfflineState, signInAs, TENANT_A } from "@/lib/offline/testing";
import { createQueryClient } from "@/lib/query-client";
import { Component as NoticesRoute } from "./notices";

// Issue 14 §4: current notices on the dashboard above the quick-access grid, a list page, and
// "Betrifft mich auch" on outages — sent once, also when it was given offline.

const notice = (id: string, over: Partial<TenantNotice> = {}): TenantNotice => ({
  id,
  title: `Aushang ${id}`,
  text: `Text von ${id}`,
  kind: "information",
  emergency_type: null,
  valid_from: "2026-11-23T07:00:00.000Z",
  valid_until: null,
  outage_from: null,
  outage_until: null,
  for_all_buildings: false,
  affected: false,
  ...over,
});

const outage = notice("wasser", {
  title: "Kein Wasser am Dienstag",
  text: "Wegen einer Reparatur am Hausanschluss gibt es kein Wasser.",
  kind: "emergency",
  emergency_type: "water_outage",
  // Shown from Monday until Wednesday; the water is off on Tuesday, 8–16 Uhr (issue 25 item 21).
  valid_from: "2026-11-23T07:00:00.000Z",
  valid_until: "2026-11-25T15:00:00.000Z",
  outage_from: "2026-11-24T07:00:00.000Z",
  outage_until: "2026-11-24T15:00:00.000Z",
});

let client: QueryClient;

/** The dashboard card as the dashboard renders it: fed by the dashboard's query. */
function DashboardCard() {
  const query = useQuery(getDashboardNoticesQueryOptions());
  return <CurrentNotices notices={query.data ?? []} noticesPath="/notices" />;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/", Component: DashboardCard },
      { path: "/notices", Component: NoticesRoute },
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

/** A server with these notices; "Betrifft mich auch" sets affected on the notice, once. */
function serveNotices(notices: TenantNotice[]) {
  const state = notices.map((n) => ({ ...n }));
  const server = fakeServer();
  server.setFallback((request) => {
    const url = new URL(request.url, "http://localhost");
    const affected = /^\/api\/v1\/tenant\/notices\/([^/]+)\/affected$/.exec(url.pathname);
    if (affected && request.method === "POST") {
      const found = state.find((n) => n.id === affected[1]);
      if (!found) return jsonResponse(404, { error: "not_found", message: "Nicht gefunden." });
      found.affected = true;
      return jsonResponse(200, found);
    }
    if (url.pathname === "/api/v1/tenant/notices") {
      const limit = Number(url.searchParams.get("limit") ?? 20);
      return jsonResponse(200, state.slice(0, limit));
    }
    return jsonResponse(404, { error: "not_found", message: "?" });
  });
  vi.stubGlobal("fetch", server.fetch);
  return server;
}

const affectedPosts = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.method === "POST" && r.url.endsWith("/affected"));

beforeEach(async () => {
  await resetOfflineState();
  signInAs(TENANT_A);
  client = createQueryClient();
  configureSync({ queryClient: client });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await setManualOffline(false);
});

describe("the dashboard card", () => {
  it("shows nothing when there is no current notice", async () => {
    const server = serveNotices([]);
    renderAt("/");
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]?.url).toBe("/api/v1/tenant/notices?limit=4");
    await waitFor(() => expect(client.getQueryData(getDashboardNoticesQueryOptions().queryKey)).toEqual([]));
    expect(screen.queryByTestId("dashboard-notices")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Aktuelle Aushänge" })).not.toBeInTheDocument();
  });

  it("shows emergencies first, at most three, said in words, and leads to the list", async () => {
    serveNotices([notice("a"), notice("b", { for_all_buildings: true }), outage, notice("c")]);
    const { router } = renderAt("/");
    const card = await screen.findByRole("region", { name: "Aktuelle Aushänge" });
    const items = within(card).getAllByTestId("notice");
    expect(items.map((i) => within(i).getByRole("heading").textContent)).toEqual([
      "Kein Wasser am Dienstag",
      "Aushang a",
      "Aushang b",
    ]);
    // Emergency: marked by words and an icon, not by colour alone; the outage's own time in Berlin
    // time, not how long the notice is shown (issue 25 item 21).
    expect(items[0]).toHaveAttribute("data-kind", "emergency");
    expect(within(items[0]!).getByTestId("notice-kind")).toHaveTextContent("Störung: Wasserausfall");
    expect(within(items[0]!).getByTestId("notice-period")).toHaveTextContent(
      /^Zeitraum: Di\., 24\. Nov\. 2026, 8:00 – 16:00 Uhr$/,
    );
    expect(within(items[1]!).getByTestId("notice-kind")).toHaveTextContent("Information");
    expect(within(items[1]!).getByTestId("notice-period")).toHaveTextContent(
      "Ab 23.11.2026, 08:00 Uhr, bis auf Weiteres",
    );
    expect(items[2]).toHaveTextContent("Für alle Häuser");
    // Only outages get the button.
    expect(within(card).getAllByRole("button", { name: /Betrifft mich auch/ })).toHaveLength(1);
    // A fourth notice: the way to it.
    await userEvent.click(within(card).getByRole("link", { name: "Weitere Aushänge ansehen" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/notices"));
  });

  it("shortens long texts on the dashboard, the list shows them whole", async () => {
    const long = "Treppenhausreinigung ".repeat(20).trim();
    serveNotices([notice("lang", { text: long })]);
    renderAt("/");
    const text = await screen.findByTestId("notice-text");
    expect(text.textContent?.length).toBeLessThanOrEqual(180);
    expect(text.textContent?.endsWith("…")).toBe(true);
    await userEvent.click(screen.getByRole("link", { name: "Alle Aushänge" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Aushänge" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("notice-text")).toHaveTextContent(long));
  });
});

describe("Betrifft mich auch", () => {
  it("online: one POST with an Idempotency-Key, then the notice says it was reported", async () => {
    const server = serveNotices([outage]);
    renderAt("/");
    await userEvent.click(await screen.findByRole("button", { name: "Betrifft mich auch: Kein Wasser am Dienstag" }));
    expect(await screen.findByTestId("notice-affected-done")).toHaveTextContent(
      "Sie haben gemeldet: Betrifft mich auch",
    );
    const posts = affectedPosts(server);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe("/api/v1/tenant/notices/wasser/affected");
    expect(posts[0]?.idempotencyKey).toEqual(expect.any(String));
    expect(screen.queryByRole("button", { name: /Betrifft mich auch/ })).not.toBeInTheDocument();
  });

  it("a notice the tenant answered before shows the answer, no button", async () => {
    serveNotices([{ ...outage, affected: true }]);
    renderAt("/");
    expect(await screen.findByTestId("notice-affected-done")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Betrifft mich auch/ })).not.toBeInTheDocument();
  });

  it("offline: from the cached notices, kept in the queue (also after reopening) and sent exactly once online", async () => {
    const server = serveNotices([outage]);
    // Read online once (the persisted cache), then the connection goes.
    await client.fetchQuery(getDashboardNoticesQueryOptions());
    server.requests.length = 0;
    await setManualOffline(true);
    const first = renderAt("/");
    await userEvent.click(await screen.findByRole("button", { name: "Betrifft mich auch: Kein Wasser am Dienstag" }));
    expect(await screen.findByTestId("notice-affected-queued")).toHaveTextContent(
      "Gespeichert – wird gesendet, sobald Sie online sind",
    );
    expect(server.requests).toEqual([]);
    const entries = await listEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/tenant/notices/wasser/affected",
      label: "„Betrifft mich auch“ zu einem Aushang",
      detail: null,
      status: "pending",
    });

    // Opened again offline: the answer still shows as waiting, no button to send it twice.
    first.unmount();
    renderAt("/");
    expect(await screen.findByTestId("notice-affected-queued")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Betrifft mich auch/ })).not.toBeInTheDocument();

    await act(() => setManualOffline(false));
    await act(async () => {
      await synchronize("reconnect");
      await synchronize("manual");
      // The refresh the sync started, inside act.
      await client.refetchQueries({ queryKey: [apiPaths.notices] });
    });
    const posts = affectedPosts(server);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.idempotencyKey).toBe(entries[0]?.idempotencyKey);
    expect(await listEntries()).toEqual([]);
    // The sync refreshed the notices: the server's answer is shown.
    expect(await screen.findByTestId("notice-affected-done")).toBeInTheDocument();
  });
});

describe("the list page", () => {
  it("offline shows the notices read before; without them it says what is missing", async () => {
    serveNotices([outage, notice("a")]);
    await client.prefetchInfiniteQuery({
      queryKey: noticesQueryKey,
      queryFn: async () => ({ items: [outage, notice("a")], nextCursor: null }),
      initialPageParam: null as string | null,
    });
    await setManualOffline(true);
    renderAt("/notices");
    await waitFor(() =>
      expect(screen.getAllByTestId("notice").map((i) => within(i).getByRole("heading").textContent)).toEqual([
        "Kein Wasser am Dienstag",
        "Aushang a",
      ]),
    );
  });

  it("offline without a cached copy: the no-data message and a retry", async () => {
    serveNotices([]);
    await setManualOffline(true);
    renderAt("/notices");
    expect(await screen.findByText("Keine Daten im Offline-Modus verfügbar: Aushänge")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Erneut versuchen" })).toBeInTheDocument();
  });

  it("says so when there is no current notice", async () => {
    serveNotices([]);
    renderAt("/notices");
    expect(await screen.findByText("Zurzeit gibt es keine Aushänge für Ihr Haus.")).toBeInTheDocument();
  });
});
