import { QueueStorageError } from "@mieter-portal/offline/enqueue";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allowConsoleError } from "@/test/console";
import { enqueueChange, hasWaitingChangeFor } from "./enqueue";
import { listEntries, QUEUE_DB_NAME } from "./queue-store";
import { isQueueableUrl } from "./tenant";
import { resetOfflineState, signInAs, TENANT_A, TENANT_B } from "./testing";
import type { QueueEntry } from "./types";

// The queue itself (store, duplicates, files, ordering) is tested in packages/offline; these tests
// check what the tenant app gives it: the signed-in tenant, the database name, the German texts.

beforeEach(async () => {
  await resetOfflineState();
  signInAs(TENANT_A);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const repair = {
  type: "plumbing",
  location: "kitchen",
  description: "Wasserhahn tropft",
  urgency: "medium",
  photos: [],
};

describe("enqueueChange", () => {
  it("stores the signed-in tenant's change with its label under /tenant's resources and answers in German after the commit", async () => {
    const result = await enqueueChange({
      method: "POST",
      url: "/api/v1/tenant/repairs",
      data: repair,
      invalidates: [["/api/v1/tenant/repairs"]],
      idempotencyKey: "key-1",
      // The change's declaration describes it when it is made (lib/changes); the entry stores that.
      label: "Reparaturmeldung",
      detail: "Wasserhahn tropft",
    });
    expect(result).toEqual({
      success: true,
      offline: true,
      message: "Die Änderung wurde in die Offline-Warteschlange aufgenommen.",
      entryId: expect.any(String),
    });
    const [stored] = await listEntries();
    expect(stored).toMatchObject<Partial<QueueEntry>>({
      id: result.entryId,
      data: repair,
      type: "create",
      priority: 30,
      idempotencyKey: "key-1",
      tenantId: TENANT_A,
      label: "Reparaturmeldung",
      detail: "Wasserhahn tropft",
      status: "pending",
      resource: null,
    });
    await enqueueChange({
      method: "PATCH",
      url: "/api/v1/tenant/appointments/a1/status",
      data: { status: "confirmed" },
      idempotencyKey: "s",
    });
    expect((await listEntries())[1]).toMatchObject({ resource: "tenant/appointments/a1", label: "Änderung" });
  });

  it("keeps the queue in the database the app always used, so changes queued before an update are sent after it", async () => {
    expect(QUEUE_DB_NAME).toBe("mieter_portal_offline_queue");
    await enqueueChange({ method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "d" });
    const names = (await indexedDB.databases()).map((db) => db.name);
    expect(names).toContain("mieter_portal_offline_queue");
  });

  it("fails with the German storage error and stores nothing when the device refuses the write (quota)", async () => {
    allowConsoleError();
    const put = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("Das Kontingent ist ausgeschöpft.", "QuotaExceededError");
    });
    const error = await enqueueChange({
      method: "POST",
      url: "/api/v1/tenant/repairs",
      data: repair,
      idempotencyKey: "q",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueueStorageError);
    expect((error as QueueStorageError).message).toMatch(/nicht gespeichert/);
    put.mockRestore();
    expect(await listEntries()).toEqual([]);
  });

  it("asks the browser once for persistent storage when the first change is queued", async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal("navigator", { ...navigator, storage: { persist, persisted: async () => false } });
    await enqueueChange({ method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "p1" });
    await enqueueChange({
      method: "POST",
      url: "/api/v1/tenant/repairs",
      data: { ...repair, urgency: "high" },
      idempotencyKey: "p2",
    });
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
  });
});

describe("queue helpers", () => {
  it("queues only the tenant's own data, never sign-in or password changes", () => {
    expect(isQueueableUrl("/api/v1/tenant/repairs")).toBe(true);
    expect(isQueueableUrl("/api/tenant/documents")).toBe(true);
    expect(isQueueableUrl("/api/v1/auth/password")).toBe(false);
    expect(isQueueableUrl("/api/auth/login")).toBe(false);
  });

  it("knows whether a change of the same tenant to the same resource still waits", async () => {
    await enqueueChange({
      method: "PATCH",
      url: "/api/v1/tenant/appointments/a1/status",
      data: { status: "confirmed" },
      idempotencyKey: "c",
    });
    expect(await hasWaitingChangeFor("/api/v1/tenant/appointments/a1/status", TENANT_A)).toBe(true);
    expect(await hasWaitingChangeFor("/api/v1/tenant/appointments/a1/status", TENANT_B)).toBe(false);
  });
});
