import { type Query, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setManualOffline } from "../network";
import { enqueueChange } from "./enqueue";
import { listEntries } from "./queue-store";
import { PERIODIC_CHECK_MS, RECONNECT_DELAY_MS, startSyncManager } from "./sync-manager";
import { getSyncStatus } from "./sync-status";
import { fakeServer, jsonResponse, resetOfflineState, signInAs, TENANT_A } from "./testing";

function queueRepair(description: string) {
  return enqueueChange(
    {
      method: "POST",
      url: "/api/v1/tenant/repairs",
      data: { type: "other", location: "kitchen", description, urgency: "medium", photos: [] },
      invalidates: [["/api/v1/tenant/repairs"]],
      idempotencyKey: `key-${description}`,
    },
    TENANT_A,
  );
}

let stop: (() => void) | null = null;

beforeEach(async () => {
  await resetOfflineState();
  signInAs(TENANT_A);
  // IndexedDB (fake-indexeddb) runs on setImmediate, which stays real.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});

afterEach(async () => {
  stop?.();
  stop = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await setManualOffline(false);
});

const settle = async () => {
  await vi.waitFor(() => expect(getSyncStatus().inProgress).toBe(false));
};

describe("sync triggers (spec section 4)", () => {
  it("syncs right after sign-in when changes wait", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetch);
    await queueRepair("vorher");
    stop = startSyncManager({ queryClient: new QueryClient() });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await vi.waitFor(async () => expect(await listEntries()).toEqual([]));
  });

  it("syncs right after a change is queued while online", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetch);
    stop = startSyncManager({ queryClient: new QueryClient() });
    await settle();
    await queueRepair("sofort");
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
  });

  it("waits 2 s after the connection is back, and only syncs if it still is; then reads everything again, once", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetch);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await setManualOffline(true);
    stop = startSyncManager({ queryClient });
    await queueRepair("offline gemacht");

    // Back, but gone again within 2 s: nothing.
    await setManualOffline(false);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 500);
    await setManualOffline(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.requests).toHaveLength(0);

    await setManualOffline(false);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 100);
    expect(server.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await settle();
    // At once everything but what the waiting change touches; that after the sync sent it (issue 13).
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    const [first, second] = invalidate.mock.calls.map((call) => call[0]?.predicate);
    const matches = (predicate: typeof first, queryKey: unknown[]) =>
      predicate?.({ queryKey } as unknown as Query) ?? false;
    expect(matches(first, ["/api/v1/tenant/documents", {}, "pages"])).toBe(true);
    expect(matches(first, ["/api/v1/tenant/repairs", {}, "pages"])).toBe(false);
    expect(matches(second, ["/api/v1/tenant/repairs", {}, "pages"])).toBe(true);
    expect(matches(second, ["/api/v1/tenant/documents", {}, "pages"])).toBe(false);
  });

  it("checks every 60 s while online with a non-empty queue", async () => {
    const server = fakeServer([() => jsonResponse(503, { message: "Wartung" })]);
    vi.stubGlobal("fetch", server.fetch);
    await queueRepair("später");
    stop = startSyncManager({ queryClient: new QueryClient() });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await settle();
    await vi.waitFor(() => expect(getSyncStatus().queueLength).toBe(1));

    await vi.advanceTimersByTimeAsync(PERIODIC_CHECK_MS - 1000);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    await vi.waitFor(async () => expect(await listEntries()).toEqual([]));
  });

  it("stops all triggers when stopped (signed out)", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetch);
    await setManualOffline(true);
    stop = startSyncManager({ queryClient: new QueryClient() });
    stop();
    stop = null;
    await queueRepair("nach dem Abmelden");
    await setManualOffline(false);
    await vi.advanceTimersByTimeAsync(PERIODIC_CHECK_MS * 2);
    expect(server.requests).toHaveLength(0);
  });
});
