import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QueueChange } from "./store";
import type { SyncTrigger } from "./sync";
import { PERIODIC_CHECK_MS, RECONNECT_DELAY_MS, startSyncTriggers } from "./triggers";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup({ offline = false, busyOrEmpty = false } = {}) {
  const runs: SyncTrigger[] = [];
  const state = { offline, busyOrEmpty };
  let network: ((offline: boolean, wasOffline: boolean) => void) | null = null;
  let queue: ((change: QueueChange) => void) | null = null;
  const setOffline = (next: boolean) => {
    const was = state.offline;
    state.offline = next;
    network?.(next, was);
  };
  const stop = startSyncTriggers({
    synchronize: async (trigger) => {
      runs.push(trigger);
      return { kind: "skipped", reason: "empty" };
    },
    isOffline: () => state.offline,
    onNetworkChange: (listener) => {
      network = listener;
      return () => {
        network = null;
      };
    },
    onQueueChange: (listener) => {
      queue = listener;
      return () => {
        queue = null;
      };
    },
    busyOrEmpty: () => state.busyOrEmpty,
  });
  return { runs, state, setOffline, stop, queued: (change: QueueChange) => queue?.(change) };
}

describe("sync triggers (spec section 4)", () => {
  it("syncs at once when started online, not when started offline", () => {
    expect(setup().runs).toEqual(["sign-in"]);
    expect(setup({ offline: true }).runs).toEqual([]);
  });

  it("syncs after a change queued in this tab while online, not after another tab's or a removal", () => {
    const t = setup();
    t.queued({ kind: "added", id: "1" });
    t.queued({ kind: "added", id: "2", remote: true });
    t.queued({ kind: "removed", id: "1" });
    expect(t.runs).toEqual(["sign-in", "enqueue"]);
  });

  it("waits 2 s after the connection is back, and only syncs if it still is", async () => {
    const t = setup({ offline: true });
    t.setOffline(false);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 500);
    t.setOffline(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.runs).toEqual([]);
    t.setOffline(false);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    expect(t.runs).toEqual(["reconnect"]);
  });

  it("checks every 60 s while online with something to send and no run going", async () => {
    const t = setup({ busyOrEmpty: true });
    await vi.advanceTimersByTimeAsync(PERIODIC_CHECK_MS);
    expect(t.runs).toEqual(["sign-in"]);
    t.state.busyOrEmpty = false;
    await vi.advanceTimersByTimeAsync(PERIODIC_CHECK_MS);
    expect(t.runs).toEqual(["sign-in", "periodic"]);
  });

  it("stops every trigger when stopped", async () => {
    const t = setup({ offline: true });
    t.stop();
    t.setOffline(false);
    t.queued({ kind: "added", id: "1" });
    await vi.advanceTimersByTimeAsync(PERIODIC_CHECK_MS * 2);
    expect(t.runs).toEqual([]);
  });
});
