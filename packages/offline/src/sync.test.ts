import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChangeToQueue } from "./enqueue";
import { createSync, type SyncAnnouncer, type SyncOptions } from "./sync";
import { createSyncStatus } from "./sync-status";
import { HttpError, networkDown, readHttpError, testQueue } from "./testing";
import type { QueryKey, QueueEntry } from "./types";

const A = "account-a";
const B = "account-b";
const REPAIRS = "/api/v1/tenant/repairs";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

type Responder = (entry: QueueEntry) => unknown;

/** A queue with its sync: the app's parts are stand-ins that record what the loop asks of them. */
function setup(overrides: Partial<SyncOptions> = {}) {
  const { store, enqueuer } = testQueue();
  const status = createSyncStatus();
  const sent: QueueEntry[] = [];
  const responders: Responder[] = [];
  let fallback: Responder = () => ({ ok: true });
  const refreshed: QueryKey[][] = [];
  const announced: string[] = [];
  const announce: SyncAnnouncer = {
    start: (quiet, total) => announced.push(`start ${quiet} ${total}`),
    done: (quiet, c) => announced.push(`done ${quiet} ${c.completed}/${c.failed}/${c.refused}`),
    throttled: (quiet, completed, total) => announced.push(`throttled ${quiet} ${completed}/${total}`),
    interrupted: (quiet, completed, total) => announced.push(`interrupted ${quiet} ${completed}/${total}`),
    error: () => announced.push("error"),
  };
  const session = { account: A as string | null, credential: "token-1" };
  const app = { offline: false, lastSync: null as number | null };
  const onUnauthorized = vi.fn();
  const sync = createSync({
    store,
    status,
    send: async (entry) => {
      sent.push(entry);
      const responder = responders.shift() ?? fallback;
      return responder(entry);
    },
    readHttpFailure: readHttpError,
    accountId: () => session.account,
    credential: () => session.credential,
    onUnauthorized,
    isOffline: () => app.offline,
    refresh: (keys) => refreshed.push([...keys]),
    lastSync: {
      load: async () => app.lastSync,
      save: async (time) => {
        app.lastSync = time;
      },
    },
    lockName: "test_sync",
    texts: {
      connectionLost: "Verbindung weg",
      paused: "Angehalten",
      failed: "Fehlgeschlagen",
      maxRetriesLog: "Zu oft",
    },
    announce,
    ...overrides,
  });
  const queue = (description: string, account: string = A, extra: Partial<ChangeToQueue> = {}) =>
    enqueuer.enqueueChange(
      {
        method: "POST",
        url: REPAIRS,
        data: { description },
        invalidates: [[REPAIRS]],
        idempotencyKey: `key-${description}`,
        label: "Reparaturmeldung",
        ...extra,
      },
      account,
    );
  return {
    store,
    status,
    sync,
    sent,
    refreshed,
    announced,
    session,
    app,
    onUnauthorized,
    queue,
    enqueuer,
    respond: (...next: Responder[]) => responders.push(...next),
    setFallback: (next: Responder) => {
      fallback = next;
    },
    keys: () => sent.map((e) => e.idempotencyKey),
  };
}

const fail =
  (status: number, message: string | null = null, retryAfterMs: number | null = null) =>
  () => {
    throw new HttpError(status, message, retryAfterMs);
  };

describe("synchronize: the happy path", () => {
  it("sends the account's entries in the spec's order with their own keys, removes them and refreshes their queries once", async () => {
    const t = setup();
    await t.queue("erste");
    await t.queue("zweite");
    await t.enqueuer.enqueueChange(
      {
        method: "PATCH",
        url: "/api/v1/tenant/appointments/a1/status",
        data: { status: "confirmed" },
        invalidates: [["/api/v1/tenant/appointments"]],
        idempotencyKey: "status-key",
      },
      A,
    );
    await t.enqueuer.enqueueChange({ method: "DELETE", url: "/api/v1/tenant/documents/d1", idempotencyKey: "del" }, A);

    expect(await t.sync.synchronize("reconnect")).toEqual({ kind: "done", completed: 4, failed: 0, total: 4 });
    // delete (40) before create (30) before update (20), older first.
    expect(t.keys()).toEqual(["del", "key-erste", "key-zweite", "status-key"]);
    expect(await t.store.listEntries()).toEqual([]);
    expect(t.refreshed).toEqual([[[REPAIRS], [REPAIRS], ["/api/v1/tenant/appointments"]]]);
    expect(t.status.get()).toMatchObject({ inProgress: false, total: 4, completed: 4, progress: 100, error: null });
    expect(t.status.get().lastSync).toBe(t.app.lastSync);
    expect(t.announced).toEqual(["start false 4", "done false 4/0/0"]);
  });

  it("does nothing offline, signed out or with an empty queue; what was to be refreshed is refreshed at once", async () => {
    const t = setup();
    expect(await t.sync.synchronize("manual", { refresh: [["a"]] })).toEqual({ kind: "skipped", reason: "empty" });
    expect(t.refreshed).toEqual([[["a"]]]);
    await t.queue("x");
    t.app.offline = true;
    expect(await t.sync.synchronize("manual", { refresh: [["b"]] })).toEqual({ kind: "skipped", reason: "offline" });
    t.app.offline = false;
    t.session.account = null;
    expect(await t.sync.synchronize()).toEqual({ kind: "skipped", reason: "signed-out" });
    expect(t.sent).toEqual([]);
    expect(t.refreshed).toEqual([[["a"]]]);
    expect(t.announced).toEqual([]);
  });

  it("counts the signed-in account's entries in the status and loads the last sync's time", async () => {
    const t = setup();
    t.app.lastSync = 1234;
    await t.sync.loadLastSync();
    const stop = t.sync.watchQueueLength();
    await t.queue("a");
    await t.queue("b", B);
    await vi.waitFor(() => expect(t.status.get().queueLength).toBe(1));
    expect(t.status.get().lastSync).toBe(1234);
    expect(await t.sync.pendingQueryKeys()).toEqual([[REPAIRS]]);
    stop();
  });
});

describe("synchronize: failures", () => {
  it("keeps a failing entry with retryCount + 1 and its error, logs at 3 attempts and still keeps it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = setup();
    t.setFallback(fail(500, "Interner Serverfehler"));
    await t.queue("kaputt");
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await t.sync.synchronize("manual")).toEqual({ kind: "done", completed: 0, failed: 1, total: 1 });
      expect((await t.store.listEntries())[0]).toMatchObject({
        retryCount: attempt,
        status: "pending",
        error: "Interner Serverfehler",
        lastRetry: expect.any(Number),
      });
    }
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]![0])).toBe("[sync] Zu oft: Reparaturmeldung (3 Versuche)");
    expect(t.keys()).toEqual(["key-kaputt", "key-kaputt", "key-kaputt", "key-kaputt"]);
    expect(t.announced.at(-1)).toBe("done false 0/1/0");
  });

  it("keeps a refused change (4xx) as failed with the server's message; only 'Erneut versuchen' sends it again", async () => {
    const t = setup();
    t.respond(fail(400, "Bitte geben Sie eine Beschreibung an."));
    await t.queue("abgelehnt");
    expect(await t.sync.synchronize("periodic")).toEqual({ kind: "done", completed: 0, failed: 1, total: 1 });
    expect(t.announced.at(-1)).toBe("done true 0/1/1");
    const [entry] = await t.store.listEntries();
    expect(entry).toMatchObject({ status: "failed", retryCount: 1, error: "Bitte geben Sie eine Beschreibung an." });
    expect(await t.sync.synchronize()).toEqual({ kind: "skipped", reason: "empty" });
    expect(await t.sync.retryEntry(entry!.id)).toMatchObject({ kind: "done", completed: 1 });
    expect(t.keys()).toEqual(["key-abgelehnt", "key-abgelehnt"]);
    expect(await t.store.listEntries()).toEqual([]);
  });

  it("retries 408, 409, 425 and 5xx later, and an error without a status (a bug) too", async () => {
    const t = setup();
    t.respond(fail(408), fail(409), fail(425), fail(503), () => {
      throw new Error("kaputt");
    });
    for (const n of [1, 2, 3, 4, 5]) await t.queue(`e${n}`);
    expect(await t.sync.synchronize()).toEqual({ kind: "done", completed: 0, failed: 5, total: 5 });
    expect((await t.store.listEntries()).map((e) => [e.status, e.retryCount])).toEqual(Array(5).fill(["pending", 1]));
    expect((await t.store.listEntries())[4]!.error).toBe("kaputt");
    expect(await t.sync.synchronize()).toMatchObject({ kind: "done", completed: 5 });
  });

  it("lets no later change of the same resource overtake an earlier one that failed", async () => {
    const t = setup();
    let confirmFailures = 1;
    t.setFallback((entry) => {
      if (entry.idempotencyKey === "confirm" && confirmFailures-- > 0) throw new HttpError(500);
      return {};
    });
    const url = "/api/v1/tenant/appointments/a1/status";
    await t.enqueuer.enqueueChange(
      { method: "PATCH", url, data: { status: "confirmed" }, idempotencyKey: "confirm" },
      A,
    );
    await t.enqueuer.enqueueChange({ method: "PATCH", url, data: { status: "canceled" }, idempotencyKey: "cancel" }, A);
    await t.queue("unabhängig");
    expect(await t.sync.synchronize()).toEqual({ kind: "done", completed: 1, failed: 2, total: 3 });
    expect(t.keys()).toEqual(["key-unabhängig", "confirm"]);
    expect((await t.store.listEntries()).map((e) => [e.idempotencyKey, e.retryCount])).toEqual([
      ["confirm", 1],
      ["cancel", 0],
    ]);
    await t.sync.synchronize();
    expect(t.keys().slice(2)).toEqual(["confirm", "cancel"]);
  });
});

describe("synchronize: a connection lost on the way", () => {
  it("stops after a network failure, keeps the rest and sends it later in the original order with the same keys", async () => {
    const t = setup();
    t.respond(
      () => ({}),
      () => ({}),
      networkDown,
    );
    for (const n of [1, 2, 3, 4, 5]) await t.queue(`Eintrag ${n}`);
    expect(await t.sync.synchronize("reconnect")).toEqual({ kind: "interrupted", completed: 2, failed: 0, total: 5 });
    expect((await t.store.listEntries()).map((e) => e.idempotencyKey)).toEqual([
      "key-Eintrag 3",
      "key-Eintrag 4",
      "key-Eintrag 5",
    ]);
    expect(t.status.get()).toMatchObject({ inProgress: false, error: "Verbindung weg", lastSync: null });
    expect(t.announced.at(-1)).toBe("interrupted false 2/5");
    expect(await t.sync.synchronize("reconnect")).toEqual({ kind: "done", completed: 3, failed: 0, total: 3 });
    expect(t.keys()[2]).toBe(t.keys()[3]);
  });

  it("stops before the next entry when the app goes offline mid-sync", async () => {
    const t = setup();
    t.respond(() => {
      t.app.offline = true;
      return {};
    });
    await t.queue("a");
    await t.queue("b");
    expect(await t.sync.synchronize()).toEqual({ kind: "interrupted", completed: 1, failed: 0, total: 2 });
    expect(t.keys()).toEqual(["key-a"]);
    expect((await t.store.listEntries()).map((e) => e.idempotencyKey)).toEqual(["key-b"]);
  });
});

describe("synchronize: sessions and accounts", () => {
  it("pauses on a 401 without counting a retry, tells the app, and resumes with a new credential", async () => {
    const t = setup();
    t.respond(fail(401, "Sitzung abgelaufen"));
    await t.queue("a");
    await t.queue("b");
    expect(await t.sync.synchronize()).toEqual({ kind: "paused", completed: 0, total: 2 });
    expect(t.onUnauthorized).toHaveBeenCalledWith(expect.any(HttpError));
    expect(t.status.get()).toMatchObject({ paused: true, error: "Angehalten" });
    expect(t.sync.isSyncPaused()).toBe(true);
    expect((await t.store.listEntries()).map((e) => [e.retryCount, e.status])).toEqual([
      [0, "pending"],
      [0, "pending"],
    ]);
    expect(await t.sync.synchronize()).toEqual({ kind: "skipped", reason: "paused" });
    t.session.credential = "token-2";
    expect(await t.sync.synchronize("sign-in")).toMatchObject({ kind: "done", completed: 2 });
    expect(t.status.get().paused).toBe(false);
    expect(t.keys()).toEqual(["key-a", "key-a", "key-b"]);
  });

  it("never sends another account's entries and keeps them for when it signs in", async () => {
    const t = setup();
    await t.queue("von A", A);
    await t.queue("von B", B);
    t.session.account = B;
    expect(await t.sync.synchronize()).toMatchObject({ kind: "done", completed: 1, total: 1 });
    expect(t.keys()).toEqual(["key-von B"]);
    expect((await t.store.listEntries()).map((e) => e.tenantId)).toEqual([A]);
    t.session.account = A;
    expect(await t.sync.synchronize()).toMatchObject({ kind: "done", completed: 1 });
    expect(t.keys()).toEqual(["key-von B", "key-von A"]);
  });
});

describe("synchronize: one at a time", () => {
  it("does not start a second run while one is running, and shows what it sends", async () => {
    const t = setup();
    let release: (() => void) | null = null;
    t.respond(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await t.queue("a");
    const first = t.sync.synchronize();
    expect(t.sync.isSyncRunning()).toBe(true);
    expect(await t.sync.synchronize()).toEqual({ kind: "skipped", reason: "running" });
    await vi.waitFor(() => expect(release).not.toBeNull());
    expect(t.status.get()).toMatchObject({ inProgress: true, total: 1, nextOperation: "Reparaturmeldung" });
    release!();
    expect(await first).toMatchObject({ kind: "done", completed: 1 });
    expect(t.sync.isSyncRunning()).toBe(false);
  });

  it("leaves the queue to the tab that holds the app's sync lock", async () => {
    const request = vi.fn(async (_name: string, _options: unknown, callback: (lock: unknown) => Promise<unknown>) =>
      callback(null),
    );
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });
    const t = setup();
    await t.queue("a");
    expect(await t.sync.synchronize()).toEqual({ kind: "skipped", reason: "locked" });
    expect(request).toHaveBeenCalledWith("test_sync", { ifAvailable: true }, expect.any(Function));
    expect(t.sent).toEqual([]);
  });

  it("takes changes made during the run along, and skips those discarded meanwhile", async () => {
    const t = setup();
    await t.queue("zuerst");
    const { entryId: doomed } = await t.queue("verworfen");
    t.respond(async () => {
      await t.queue("später");
      await t.store.removeEntry(doomed);
      return {};
    });
    expect(await t.sync.synchronize()).toEqual({ kind: "done", completed: 2, failed: 0, total: 2 });
    expect(t.keys()).toEqual(["key-zuerst", "key-später"]);
  });
});

describe("synchronize: the server asks to slow down (429)", () => {
  it("keeps the entry pending without counting an attempt, stops the run and waits for Retry-After", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-23T10:00:00.000Z");
    vi.setSystemTime(start);
    const t = setup();
    t.respond(() => ({}), fail(429, "Zu viele Anfragen.", 30_000));
    for (const n of [1, 2, 3]) await t.queue(`Eintrag ${n}`);
    expect(await t.sync.synchronize("reconnect")).toEqual({
      kind: "throttled",
      completed: 1,
      total: 3,
      retryAt: start + 30_000,
    });
    expect((await t.store.listEntries()).map((e) => [e.status, e.retryCount, e.error])).toEqual([
      ["pending", 0, null],
      ["pending", 0, null],
    ]);
    expect(t.status.get()).toMatchObject({ inProgress: false, completed: 1, error: "Zu viele Anfragen." });
    for (const trigger of ["periodic", "reconnect", "enqueue", "sign-in"] as const) {
      expect(await t.sync.synchronize(trigger)).toEqual({ kind: "skipped", reason: "throttled" });
    }
    vi.setSystemTime(start + 30_000);
    expect(await t.sync.synchronize("periodic")).toEqual({ kind: "done", completed: 2, failed: 0, total: 2 });
  });

  it("waits one periodic check without Retry-After and at most an hour whatever the server says; by hand it tries at once", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const now = Date.parse("2026-11-23T10:00:00.000Z");
    vi.setSystemTime(now);
    const t = setup();
    t.respond(fail(429), fail(429, null, 24 * 3600_000));
    await t.queue("gedrosselt");
    expect(await t.sync.synchronize("periodic")).toMatchObject({ kind: "throttled", retryAt: now + 60_000 });
    // A quiet run: the app is told so and decides what it says.
    expect(t.announced).toEqual(["start true 1", "throttled true 0/1"]);
    expect(await t.sync.synchronize("manual")).toMatchObject({ kind: "throttled", retryAt: now + 3600_000 });
    expect(await t.sync.synchronize("manual")).toMatchObject({ kind: "done", completed: 1 });
  });
});
