import { type Query, QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { ApiRequestError } from "@/lib/api/errors";
import { clearSession, onSessionExpired } from "@/lib/session";
import { setManualOffline } from "../network";
import { type Notifier, setNotifier } from "../notify";
import { getItem } from "../storage";
import { countUnsynced, discardTenantEntries, retryEntry } from "./actions";
import { enqueueChange } from "./enqueue";
import { listEntries } from "./queue-store";
import { configureSync, LAST_SYNC_KEY, synchronize } from "./sync";
import { getSyncStatus } from "./sync-status";
import { fakeServer, jsonResponse, networkDown, resetOfflineState, signInAs, TENANT_A, TENANT_B } from "./testing";

// The loop itself (order, retries, blocked resources, 429, one run at a time) is tested in
// packages/offline; these tests run it as the tenant app wires it: API client, session, texts, toasts.

// lib tells the tenant things through the notifier the app registers (a toast there).
const toastMock = vi.fn<Notifier>();

function toastTitles(): string[] {
  return toastMock.mock.calls.map(([input]) => String(input.title));
}
function lastToast() {
  return toastMock.mock.calls.at(-1)?.[0];
}

const REPAIRS = "/api/v1/tenant/repairs";

function queueRepair(description: string, tenantId: string | null = TENANT_A, key = `key-${description}`) {
  return enqueueChange(
    {
      method: "POST",
      url: REPAIRS,
      data: { type: "other", location: "kitchen", description, urgency: "medium", photos: [] },
      invalidates: [[REPAIRS]],
      idempotencyKey: key,
      label: "Reparaturmeldung",
      detail: description,
    },
    tenantId,
  );
}

function descriptions(requests: { body: unknown }[]): string[] {
  return requests.map(
    (r) =>
      (r.body as { description?: string; status?: string }).description ??
      String((r.body as { status?: string }).status),
  );
}

beforeEach(async () => {
  await resetOfflineState();
  toastMock.mockClear();
  setNotifier(toastMock);
  signInAs(TENANT_A);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setManualOffline(false);
});

describe("synchronize: the happy path", () => {
  it("sends the tenant's entries in order with their own Idempotency-Key, removes them and refreshes their queries", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetch);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    configureSync({ queryClient });
    await queueRepair("erste");
    await queueRepair("zweite");
    await enqueueChange({
      method: "PATCH",
      url: "/api/v1/tenant/appointments/a1/status",
      data: { status: "confirmed" },
      invalidates: [["/api/v1/tenant/appointments"]],
      idempotencyKey: "status-key",
    });

    const outcome = await synchronize("reconnect");

    expect(outcome).toEqual({ kind: "done", completed: 3, failed: 0, total: 3 });
    // create (30) before update (20), older first.
    expect(descriptions(server.requests)).toEqual(["erste", "zweite", "confirmed"]);
    expect(server.requests.map((r) => r.idempotencyKey)).toEqual(["key-erste", "key-zweite", "status-key"]);
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "POST", "PATCH"]);
    expect(await listEntries()).toEqual([]);
    // One refresh when the run ends, for the queries of every change sent (issue 13).
    expect(invalidate).toHaveBeenCalledTimes(1);
    const predicate = invalidate.mock.calls[0]?.[0]?.predicate;
    const matches = (queryKey: unknown[]) => predicate?.({ queryKey } as unknown as Query) ?? false;
    expect(matches([REPAIRS, {}, "pages"])).toBe(true);
    expect(matches(["/api/v1/tenant/appointments", { upcoming: "true", limit: "5" }])).toBe(true);
    expect(matches(["/api/v1/tenant/documents"])).toBe(false);
    const status = getSyncStatus();
    expect(status).toMatchObject({ inProgress: false, total: 3, completed: 3, failed: 0, progress: 100, error: null });
    expect(status.lastSync).toEqual(expect.any(Number));
    expect(await getItem<number>(LAST_SYNC_KEY)).toBe(status.lastSync);
    expect(toastTitles()).toEqual(["Synchronisierung gestartet", "Synchronisierung abgeschlossen"]);
    expect(toastMock.mock.calls[0]![0].description).toBe("3 Änderungen werden synchronisiert.");
    expect(lastToast()).toMatchObject({ description: "Alle 3 Änderungen wurden synchronisiert." });
    expect(lastToast()?.variant).toBeUndefined();
  });

  it("rebuilds a queued upload as multipart and sends it over the upload path", async () => {
    const sent: { body: unknown; headers: Record<string, string> }[] = [];
    class UploadXhr {
      headers: Record<string, string> = {};
      status = 0;
      statusText = "";
      responseText = "";
      upload = {};
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader(name: string, value: string) {
        this.headers[name.toLowerCase()] = value;
      }
      getAllResponseHeaders() {
        return "content-type: application/json\r\n";
      }
      send(body: unknown) {
        sent.push({ body, headers: this.headers });
        this.status = 201;
        this.responseText = JSON.stringify({ id: "d1" });
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal("XMLHttpRequest", UploadXhr);
    await enqueueChange({
      method: "POST",
      url: "/api/v1/tenant/documents",
      data: { multipart: { file: new File(["%PDF"], "a.pdf", { type: "application/pdf" }), title: "a.pdf" } },
      idempotencyKey: "upload-key",
    });
    expect(await synchronize()).toMatchObject({ kind: "done", completed: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBeInstanceOf(FormData);
    expect(((sent[0]!.body as FormData).get("file") as File).name).toBe("a.pdf");
    expect(sent[0]!.headers["idempotency-key"]).toBe("upload-key");
  });

  it("does nothing offline, signed out or with an empty queue", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetch);
    expect(await synchronize()).toEqual({ kind: "skipped", reason: "empty" });
    await queueRepair("x");
    await setManualOffline(true);
    expect(await synchronize()).toEqual({ kind: "skipped", reason: "offline" });
    await setManualOffline(false);
    clearSession();
    expect(await synchronize()).toEqual({ kind: "skipped", reason: "signed-out" });
    expect(server.requests).toEqual([]);
    expect(toastMock).not.toHaveBeenCalled();
  });
});

// Issue 13: the drain used to await a refresh of the entry's lists after every change (101 list
// reads for 100 changes). Now every change goes out once, in the spec's order, and each query the
// changes touched is refreshed once when the run ends.
describe("synchronize: a drain of 100 changes", () => {
  it("sends 100 requests in order, each once, then refreshes each affected query once", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetch);
    const queryClient = new QueryClient();
    configureSync({ queryClient });
    const reads = new Map<string, number>();
    /** A query on screen (an observer) whose reads are counted. */
    const onScreen = (queryKey: unknown[]) => {
      const name = JSON.stringify(queryKey);
      queryClient.setQueryData(queryKey, []);
      const observer = new QueryObserver(queryClient, {
        queryKey,
        queryFn: async () => {
          reads.set(name, (reads.get(name) ?? 0) + 1);
          return [];
        },
        staleTime: Number.POSITIVE_INFINITY,
      });
      return observer.subscribe(() => {});
    };
    const repairsList = [REPAIRS, {}, "pages"];
    const upcoming = ["/api/v1/tenant/appointments", { upcoming: "true", limit: "5" }];
    const documents = ["/api/v1/tenant/documents", {}, "pages"];
    const stops = [onScreen(repairsList), onScreen(upcoming), onScreen(documents)];
    // Not on screen: marked for a read when it is shown next, not read now.
    const repairDetail = [REPAIRS, "r-1"];
    queryClient.setQueryData(repairDetail, { id: "r-1" });

    for (let i = 0; i < 60; i++) await queueRepair(`Meldung ${i}`);
    for (let i = 0; i < 40; i++) {
      await enqueueChange({
        method: "PATCH",
        url: `/api/v1/tenant/appointments/a${i}/status`,
        data: { status: "confirmed" },
        invalidates: [["/api/v1/tenant/appointments"]],
        idempotencyKey: `status-${i}`,
      });
    }

    expect(await synchronize("reconnect")).toEqual({ kind: "done", completed: 100, failed: 0, total: 100 });

    // 100 requests, creates (30) before updates (20), each in creation order and sent once.
    expect(server.requests).toHaveLength(100);
    expect(server.requests.slice(0, 60).map((r) => r.method)).toEqual(Array(60).fill("POST"));
    expect(descriptions(server.requests.slice(0, 60))).toEqual(Array.from({ length: 60 }, (_, i) => `Meldung ${i}`));
    expect(server.requests.slice(60).map((r) => r.url)).toEqual(
      Array.from({ length: 40 }, (_, i) => `/api/v1/tenant/appointments/a${i}/status`),
    );
    expect(new Set(server.requests.map((r) => r.idempotencyKey)).size).toBe(100);
    expect(await listEntries()).toEqual([]);

    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await vi.waitFor(() => expect(reads.size).toBeGreaterThan(0));
    expect(Object.fromEntries(reads)).toEqual({ [JSON.stringify(repairsList)]: 1, [JSON.stringify(upcoming)]: 1 });
    expect(queryClient.getQueryState(repairDetail)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(documents)?.isInvalidated).toBe(false);
    for (const stop of stops) stop();
  });
});

describe("synchronize: failures", () => {
  it("keeps a failing entry with retryCount + 1 and its error, logs at 3 attempts and still keeps it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const server = fakeServer();
    server.setFallback(() => jsonResponse(500, { error: "internal", message: "Interner Serverfehler" }));
    vi.stubGlobal("fetch", server.fetch);
    await queueRepair("kaputt");

    for (let attempt = 1; attempt <= 3; attempt++) {
      const outcome = await synchronize("manual");
      expect(outcome).toEqual({ kind: "done", completed: 0, failed: 1, total: 1 });
      const [entry] = await listEntries();
      expect(entry).toMatchObject({ retryCount: attempt, status: "pending", error: "Interner Serverfehler" });
      expect(entry!.lastRetry).toEqual(expect.any(Number));
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/Maximale Anzahl an Versuchen erreicht/);
    // Retried again (5xx) and still kept.
    await synchronize("manual");
    expect((await listEntries())[0]!.retryCount).toBe(4);
    expect(server.requests.map((r) => r.idempotencyKey)).toEqual([
      "key-kaputt",
      "key-kaputt",
      "key-kaputt",
      "key-kaputt",
    ]);
    expect(lastToast()).toMatchObject({
      variant: "destructive",
      title: "Synchronisierungsfehler",
      description: "Einige Änderungen konnten nicht synchronisiert werden.",
    });
  });

  it("reports 'x synchronisiert, y fehlgeschlagen' when some went through", async () => {
    const server = fakeServer([() => jsonResponse(201, {}), () => jsonResponse(503, { message: "Wartung" })]);
    vi.stubGlobal("fetch", server.fetch);
    await queueRepair("gut");
    await queueRepair("schlecht");
    expect(await synchronize("reconnect")).toEqual({ kind: "done", completed: 1, failed: 1, total: 2 });
    expect(lastToast()).toMatchObject({
      variant: "destructive",
      title: "Synchronisierung abgeschlossen",
      description: "1 synchronisiert, 1 fehlgeschlagen.",
    });
  });

  it("keeps a refused change (4xx) as failed with the server's German message and does not resend it by itself", async () => {
    const server = fakeServer([
      () => jsonResponse(400, { error: "validation_failed", message: "Bitte geben Sie eine Beschreibung an." }),
    ]);
    vi.stubGlobal("fetch", server.fetch);
    await queueRepair("abgelehnt");
    await synchronize();
    const [entry] = await listEntries();
    expect(entry).toMatchObject({ status: "failed", retryCount: 1, error: "Bitte geben Sie eine Beschreibung an." });
    expect(await synchronize()).toEqual({ kind: "skipped", reason: "empty" });
    expect(server.requests).toHaveLength(1);
    // 'Erneut versuchen' sends it again.
    expect(await retryEntry(entry!.id)).toMatchObject({ kind: "done", completed: 1 });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.idempotencyKey).toBe("key-abgelehnt");
    expect(await listEntries()).toEqual([]);
  });
});

describe("synchronize: a connection lost on the way", () => {
  it("stops after a network failure, keeps the rest and sends it later in the original order", async () => {
    const server = fakeServer([() => jsonResponse(201, {}), () => jsonResponse(201, {}), networkDown]);
    vi.stubGlobal("fetch", server.fetch);
    for (const n of [1, 2, 3, 4, 5]) await queueRepair(`Eintrag ${n}`);

    expect(await synchronize("reconnect")).toEqual({ kind: "interrupted", completed: 2, failed: 0, total: 5 });
    expect((await listEntries()).map((e) => e.idempotencyKey)).toEqual([
      "key-Eintrag 3",
      "key-Eintrag 4",
      "key-Eintrag 5",
    ]);
    expect(lastToast()).toMatchObject({
      variant: "destructive",
      title: "Synchronisierung unterbrochen",
      description: "Internetverbindung verloren. 2 von 5 Änderungen wurden übertragen.",
    });
    expect(getSyncStatus()).toMatchObject({ inProgress: false, error: "Internetverbindung verloren", lastSync: null });

    expect(await synchronize("reconnect")).toEqual({ kind: "done", completed: 3, failed: 0, total: 3 });
    expect(descriptions(server.requests)).toEqual([
      "Eintrag 1",
      "Eintrag 2",
      "Eintrag 3",
      "Eintrag 3",
      "Eintrag 4",
      "Eintrag 5",
    ]);
    // The lost attempt was replayed with its key: the server answers it from its store.
    expect(server.requests[2]!.idempotencyKey).toBe(server.requests[3]!.idempotencyKey);
  });
});

describe("synchronize: sessions and tenants", () => {
  it("pauses on a 401 without counting a retry, tells the auth layer, and resumes when the tenant signs in again", async () => {
    const onUnauthorized = vi.fn();
    // The session store tells whoever owns the sign-out (the auth provider in the app).
    const stopListening = onSessionExpired(onUnauthorized);
    onTestFinished(stopListening);
    const server = fakeServer([() => jsonResponse(401, { error: "unauthorized", message: "Sitzung abgelaufen" })]);
    vi.stubGlobal("fetch", server.fetch);
    await queueRepair("a");
    await queueRepair("b");

    expect(await synchronize()).toEqual({ kind: "paused", completed: 0, total: 2 });
    expect(onUnauthorized).toHaveBeenCalledWith(expect.any(ApiRequestError));
    expect(getSyncStatus().paused).toBe(true);
    expect((await listEntries()).map((e) => [e.idempotencyKey, e.retryCount, e.status])).toEqual([
      ["key-a", 0, "pending"],
      ["key-b", 0, "pending"],
    ]);
    // Same token: nothing is sent.
    expect(await synchronize()).toEqual({ kind: "skipped", reason: "paused" });
    expect(server.requests).toHaveLength(1);

    // Signed in again (new token, same tenant): the queue goes out.
    signInAs(TENANT_A, "j2");
    expect(await synchronize("sign-in")).toMatchObject({ kind: "done", completed: 2 });
    expect(getSyncStatus().paused).toBe(false);
    expect(server.requests.map((r) => r.idempotencyKey)).toEqual(["key-a", "key-a", "key-b"]);
  });

  it("never sends another tenant's entries, keeps them, and lets them be discarded", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetch);
    await queueRepair("von A", TENANT_A);
    await queueRepair("von B", TENANT_B);

    signInAs(TENANT_B);
    expect(await synchronize()).toMatchObject({ kind: "done", completed: 1, total: 1 });
    expect(descriptions(server.requests)).toEqual(["von B"]);
    expect(server.requests[0]!.authorization).toMatch(/^Bearer /);
    expect((await listEntries()).map((e) => e.tenantId)).toEqual([TENANT_A]);
    expect(await countUnsynced(TENANT_B)).toBe(0);
    expect(await countUnsynced(TENANT_A)).toBe(1);

    // A is back: A's change goes out under A.
    signInAs(TENANT_A, "j3");
    expect(await synchronize()).toMatchObject({ kind: "done", completed: 1 });
    expect(descriptions(server.requests)).toEqual(["von B", "von A"]);

    await queueRepair("noch eins von A", TENANT_A);
    expect(await discardTenantEntries(TENANT_A)).toBe(1);
    expect(await listEntries()).toEqual([]);
  });
});

describe("synchronize: one at a time", () => {
  it("leaves the queue to the tab that holds the sync lock", async () => {
    const request = vi.fn(async (_name: string, _options: unknown, callback: (lock: unknown) => Promise<unknown>) =>
      callback(null),
    );
    vi.stubGlobal("navigator", { ...navigator, onLine: true, locks: { request } });
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetch);
    await queueRepair("a");
    expect(await synchronize()).toEqual({ kind: "skipped", reason: "locked" });
    expect(request).toHaveBeenCalledWith("mieter_portal_sync", { ifAvailable: true }, expect.any(Function));
    expect(server.requests).toEqual([]);
    expect(await listEntries()).toHaveLength(1);
  });
});

describe("synchronize: the server asks to slow down (429)", () => {
  const TOO_MANY = "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.";
  const tooMany = (retryAfter?: string) => () =>
    new Response(JSON.stringify({ error: "too_many_requests", message: TOO_MANY }), {
      status: 429,
      headers: { "Content-Type": "application/json", ...(retryAfter ? { "Retry-After": retryAfter } : {}) },
    });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps the entry pending without counting an attempt, stops the run and waits for Retry-After", async () => {
    // Only the clock is fake: IndexedDB (fake-indexeddb) runs on real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-23T10:00:00.000Z");
    vi.setSystemTime(start);
    const server = fakeServer([() => jsonResponse(201, {}), tooMany("30")]);
    vi.stubGlobal("fetch", server.fetch);
    for (const n of [1, 2, 3]) await queueRepair(`Eintrag ${n}`);

    expect(await synchronize("reconnect")).toEqual({
      kind: "throttled",
      completed: 1,
      total: 3,
      retryAt: start + 30_000,
    });
    // The third entry was not tried: the run stopped at the 429.
    expect(descriptions(server.requests)).toEqual(["Eintrag 1", "Eintrag 2"]);
    expect((await listEntries()).map((e) => [e.idempotencyKey, e.status, e.retryCount, e.error ?? null])).toEqual([
      ["key-Eintrag 2", "pending", 0, null],
      ["key-Eintrag 3", "pending", 0, null],
    ]);
    expect(getSyncStatus()).toMatchObject({ inProgress: false, completed: 1, failed: 0, error: TOO_MANY });
    expect(lastToast()).toMatchObject({
      title: "Synchronisierung verschoben",
      description:
        "Der Server nimmt gerade keine weiteren Änderungen an. 1 von 3 Änderungen wurden übertragen; die übrigen werden später automatisch gesendet.",
    });
    expect(lastToast()?.variant).toBeUndefined();

    // The automatic triggers wait for Retry-After …
    for (const trigger of ["periodic", "reconnect", "enqueue", "sign-in"] as const) {
      expect(await synchronize(trigger)).toEqual({ kind: "skipped", reason: "throttled" });
    }
    vi.setSystemTime(start + 29_999);
    expect(await synchronize("periodic")).toEqual({ kind: "skipped", reason: "throttled" });
    expect(server.requests).toHaveLength(2);

    // … and then send the rest, in order, with the same keys.
    vi.setSystemTime(start + 30_000);
    expect(await synchronize("periodic")).toEqual({ kind: "done", completed: 2, failed: 0, total: 2 });
    expect(server.requests.slice(2).map((r) => r.idempotencyKey)).toEqual(["key-Eintrag 2", "key-Eintrag 3"]);
    expect(await listEntries()).toEqual([]);
  });

  it("never fails or gives up an entry however often the server answers 429; without Retry-After it waits one check", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let now = Date.parse("2026-11-23T10:00:00.000Z");
    vi.setSystemTime(now);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const server = fakeServer();
    server.setFallback(tooMany());
    vi.stubGlobal("fetch", server.fetch);
    await queueRepair("gedrosselt");

    for (let run = 1; run <= 5; run++) {
      expect(await synchronize("periodic")).toMatchObject({ kind: "throttled", completed: 0, retryAt: now + 60_000 });
      expect(await synchronize("periodic")).toEqual({ kind: "skipped", reason: "throttled" });
      now += 60_000;
      vi.setSystemTime(now);
    }
    expect(server.requests).toHaveLength(5);
    expect(await listEntries()).toEqual([expect.objectContaining({ status: "pending", retryCount: 0 })]);
    expect(warn).not.toHaveBeenCalled();
    // A quiet run that sent nothing says nothing.
    expect(toastMock).not.toHaveBeenCalled();
  });

  it("lets the tenant's own 'Jetzt synchronisieren' try before Retry-After", async () => {
    const server = fakeServer([tooMany("3600")]);
    vi.stubGlobal("fetch", server.fetch);
    await queueRepair("wartet");
    expect(await synchronize("reconnect")).toMatchObject({ kind: "throttled" });
    expect(await synchronize("periodic")).toEqual({ kind: "skipped", reason: "throttled" });
    expect(await synchronize("manual")).toEqual({ kind: "done", completed: 1, failed: 0, total: 1 });
    expect(await listEntries()).toEqual([]);
  });
});
