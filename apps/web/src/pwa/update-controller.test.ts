import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectSyncActivity, isSyncRunning, subscribeSyncActivity } from "./sync-activity";
import { ACTIVATION_TIMEOUT_MS, createUpdateController, SYNC_POLL_MS } from "./update-controller";

/** A stand-in for the sync engine: a running flag and change notifications. */
function fakeSync(running = false) {
  const listeners = new Set<() => void>();
  const sync = {
    running,
    isSyncRunning: () => sync.running,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: boolean, { notify = true } = {}) {
      sync.running = next;
      if (notify) for (const listener of [...listeners]) listener();
    },
    listenerCount: () => listeners.size,
  };
  return sync;
}

function setup(running = false) {
  const sync = fakeSync(running);
  const disconnect = connectSyncActivity(sync);
  const reload = vi.fn();
  const activate = vi.fn(async () => undefined);
  const controller = createUpdateController({ isSyncRunning, subscribeSync: subscribeSyncActivity, reload });
  controller.setActivate(activate);
  return { sync, disconnect, reload, activate, controller };
}

let disconnectSync: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  disconnectSync?.();
  disconnectSync = undefined;
  vi.useRealTimers();
});

describe("update prompt flow", () => {
  it("shows when a new version waits, hides on 'Später' and comes back with the next waiting version", () => {
    const { controller, activate, reload, disconnect } = setup();
    disconnectSync = disconnect;
    expect(controller.getPhase()).toBe("none");
    controller.needRefresh();
    expect(controller.getPhase()).toBe("available");
    controller.postpone();
    expect(controller.getPhase()).toBe("none");
    expect(activate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    controller.needRefresh();
    expect(controller.getPhase()).toBe("available");
  });

  it("does nothing before the tenant agrees", () => {
    const { controller, activate, reload, disconnect } = setup();
    disconnectSync = disconnect;
    controller.needRefresh();
    vi.advanceTimersByTime(60_000);
    expect(activate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it("with no sync running, 'Jetzt aktualisieren' activates the new version and reloads once it controls the page", async () => {
    const { controller, activate, reload, disconnect } = setup();
    disconnectSync = disconnect;
    const seen: string[] = [];
    controller.subscribe(() => seen.push(controller.getPhase()));
    controller.needRefresh();
    controller.accept();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(controller.getPhase()).toBe("updating");
    expect(reload).not.toHaveBeenCalled();
    controller.needReload();
    controller.needReload();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(["available", "updating"]);
  });

  it("never activates while a sync runs: waits and goes ahead once it has finished", () => {
    const { controller, sync, activate, reload, disconnect } = setup(true);
    disconnectSync = disconnect;
    controller.needRefresh();
    controller.accept();
    expect(controller.getPhase()).toBe("waiting-for-sync");
    vi.advanceTimersByTime(30_000);
    expect(activate).not.toHaveBeenCalled();

    sync.set(false);
    expect(activate).toHaveBeenCalledTimes(1);
    expect(controller.getPhase()).toBe("updating");
    expect(sync.listenerCount()).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it("never reloads while a sync runs, also when the new version took control from another tab", () => {
    const { controller, sync, reload, disconnect } = setup();
    disconnectSync = disconnect;
    controller.needRefresh();
    // Another tab accepted; here a sync has started meanwhile.
    sync.set(true);
    controller.needReload();
    expect(controller.getPhase()).toBe("waiting-for-sync");
    sync.set(true);
    expect(reload).not.toHaveBeenCalled();
    sync.set(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("re-reads the sync state by itself should the engine not notify", () => {
    const { controller, sync, activate, disconnect } = setup(true);
    disconnectSync = disconnect;
    controller.needRefresh();
    controller.accept();
    sync.set(false, { notify: false });
    expect(activate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SYNC_POLL_MS);
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it("a sync engine that cannot answer counts as syncing", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const reload = vi.fn();
    disconnectSync = connectSyncActivity({
      isSyncRunning: () => {
        throw new Error("kaputt");
      },
      subscribe: () => () => undefined,
    });
    const controller = createUpdateController({ isSyncRunning, subscribeSync: subscribeSyncActivity, reload });
    controller.needRefresh();
    controller.needReload();
    vi.advanceTimersByTime(10 * SYNC_POLL_MS);
    expect(reload).not.toHaveBeenCalled();
    expect(controller.getPhase()).toBe("waiting-for-sync");
    expect(warn).toHaveBeenCalled();
  });

  it("without a connected sync engine no sync counts as running", () => {
    expect(isSyncRunning()).toBe(false);
  });

  it("offers the update again when activation fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { controller, activate, reload, disconnect } = setup();
    disconnectSync = disconnect;
    activate.mockRejectedValueOnce(new Error("kein wartender Worker"));
    controller.needRefresh();
    controller.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getPhase()).toBe("available");
    vi.advanceTimersByTime(ACTIVATION_TIMEOUT_MS * 2);
    expect(reload).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("[pwa] Neue Version konnte nicht aktiviert werden", expect.any(Error));
  });

  it("reloads after a while when the activated version never reports control (still not during a sync)", () => {
    const { controller, sync, reload, disconnect } = setup();
    disconnectSync = disconnect;
    controller.needRefresh();
    controller.accept();
    sync.set(true);
    vi.advanceTimersByTime(ACTIVATION_TIMEOUT_MS);
    expect(reload).not.toHaveBeenCalled();
    expect(controller.getPhase()).toBe("waiting-for-sync");
    sync.set(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
