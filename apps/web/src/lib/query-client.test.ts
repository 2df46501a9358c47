import { MutationObserver, QueryClient, QueryObserver } from "@tanstack/react-query";
import { persistQueryClientRestore, persistQueryClientSave } from "@tanstack/react-query-persist-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_VERSION } from "@/config/env";
import { allowConsoleError } from "@/test/console";
import { type ApiMutationVariables, sendApiMutation } from "./mutations";
import { setManualOffline } from "./network";
import { type Notifier, setNotifier } from "./notify";
import { listEntries } from "./offline/queue-store";
import { resetOfflineState, signInAs, TENANT_A, testChange } from "./offline/testing";
import { createPersister, createQueryClient, DAY, GC_TIME, PERSIST_MAX_AGE, STALE_TIME } from "./query-client";
import { getItem, STORAGE_KEYS } from "./storage";

// lib tells the tenant things through the notifier the app registers (a toast there).
const toastMock = vi.fn<Notifier>();

beforeEach(async () => {
  await resetOfflineState();
  toastMock.mockClear();
  setNotifier(toastMock);
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await setManualOffline(false);
});

describe("cache settings (issue 5 item 1)", () => {
  it("keeps data fresh 5 minutes, in memory at most 24 days, on the device 30 days; refetches on reconnect, not on focus, no polling", () => {
    const client = createQueryClient();
    const queries = client.getDefaultOptions().queries!;
    expect(STALE_TIME).toBe(5 * 60 * 1000);
    expect(queries.staleTime).toBe(STALE_TIME);
    // Browser timers overflow past 2^31-1 ms (~24.8 days).
    expect(GC_TIME).toBeLessThanOrEqual(24 * DAY);
    expect(GC_TIME).toBeLessThan(2 ** 31 - 1);
    expect(queries.gcTime).toBe(GC_TIME);
    expect(PERSIST_MAX_AGE).toBe(30 * DAY);
    expect(queries.refetchOnReconnect).toBe(true);
    expect(queries.refetchOnWindowFocus).toBe(false);
    expect(queries.refetchInterval).toBe(false);
    expect(queries.retry).toBe(false);
  });
});

describe("the persisted read cache", () => {
  async function persistedClient() {
    const client = new QueryClient();
    client.setQueryData(["/api/v1/tenant/documents"], [{ id: "d1", title: "Mietvertrag" }]);
    // A failed read is not worth keeping.
    const failing = new QueryObserver(client, {
      queryKey: ["/api/v1/tenant/repairs"],
      queryFn: async () => {
        throw new Error("500: kaputt");
      },
      retry: false,
    });
    await failing.refetch();
    expect(client.getQueryState(["/api/v1/tenant/repairs"])?.status).toBe("error");
    const persister = createPersister();
    await persistQueryClientSave({ queryClient: client as never, persister, buster: APP_VERSION });
    // Saved once device storage holds this client (no waiting out the persister's 1 s throttle).
    await vi.waitFor(async () => expect(await getItem<string>(STORAGE_KEYS.queryCache)).toContain("Mietvertrag"));
    return persister;
  }

  it("restores successful reads into a new client after a restart, without the failed ones", async () => {
    await persistedClient();
    const restored = new QueryClient();
    await persistQueryClientRestore({
      queryClient: restored as never,
      persister: createPersister(),
      maxAge: PERSIST_MAX_AGE,
      buster: APP_VERSION,
    });
    expect(restored.getQueryData(["/api/v1/tenant/documents"])).toEqual([{ id: "d1", title: "Mietvertrag" }]);
    expect(restored.getQueryState(["/api/v1/tenant/repairs"])).toBeUndefined();
  });

  it("drops a cache of another app version or older than 30 days", async () => {
    await persistedClient();
    const otherVersion = new QueryClient();
    await persistQueryClientRestore({
      queryClient: otherVersion as never,
      persister: createPersister(),
      maxAge: PERSIST_MAX_AGE,
      buster: "0.9.0",
    });
    expect(otherVersion.getQueryData(["/api/v1/tenant/documents"])).toBeUndefined();

    await persistedClient();
    const later = Date.now() + PERSIST_MAX_AGE + 1000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    const tooOld = new QueryClient();
    await persistQueryClientRestore({
      queryClient: tooOld as never,
      persister: createPersister(),
      maxAge: PERSIST_MAX_AGE,
      buster: APP_VERSION,
    });
    expect(tooOld.getQueryData(["/api/v1/tenant/documents"])).toBeUndefined();
  });
});

describe("feedback of queued changes", () => {
  it("a change queued offline shows the offline notice instead of the screen's success text", async () => {
    signInAs(TENANT_A);
    await setManualOffline(true);
    const client = createQueryClient();
    const observer = new MutationObserver<unknown, Error, ApiMutationVariables>(client, {
      mutationKey: ["api", "repairs", "create"],
      mutationFn: sendApiMutation,
      meta: { successTitle: "Reparatur gemeldet", successDescription: "Danke" },
    });
    const result = await observer.mutate(
      testChange("POST", "/api/v1/tenant/repairs", { type: "other", location: "kitchen", description: "x" }),
    );
    expect(result).toMatchObject({ offline: true });
    expect(toastMock).toHaveBeenCalledTimes(1);
    expect(toastMock.mock.calls[0]![0]).toEqual({
      title: "Offline gespeichert",
      description:
        "Ihre Angaben wurden auf diesem Gerät gespeichert und werden gesendet, sobald eine Internetverbindung besteht.",
    });
  });

  it("no notice where the screen asks for none (marking a message read on opening it)", async () => {
    signInAs(TENANT_A);
    await setManualOffline(true);
    const client = createQueryClient();
    const observer = new MutationObserver<unknown, Error, ApiMutationVariables>(client, {
      mutationKey: ["api", "messages", "read"],
      mutationFn: sendApiMutation,
      meta: { offlineNotice: false },
    });
    await observer.mutate(testChange("PATCH", "/api/v1/tenant/messages/m1/read"));
    expect(toastMock).not.toHaveBeenCalled();
    expect(await listEntries()).toHaveLength(1);
  });

  it("a change the device cannot store shows an error, not the offline notice", async () => {
    allowConsoleError();
    signInAs(TENANT_A);
    await setManualOffline(true);
    vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("voll", "QuotaExceededError");
    });
    const client = createQueryClient();
    const observer = new MutationObserver<unknown, Error, ApiMutationVariables>(client, {
      mutationKey: ["api", "repairs", "create"],
      mutationFn: sendApiMutation,
      meta: { successTitle: "Reparatur gemeldet", errorTitle: "Fehler", errorDescription: "Ging nicht" },
    });
    await expect(
      observer.mutate(
        testChange("POST", "/api/v1/tenant/repairs", { type: "other", location: "kitchen", description: "x" }),
      ),
    ).rejects.toThrow(/nicht gespeichert/);
    expect(toastMock).toHaveBeenCalledTimes(1);
    expect(toastMock.mock.calls[0]![0]).toMatchObject({ variant: "destructive", title: "Speichern nicht möglich" });
  });
});
