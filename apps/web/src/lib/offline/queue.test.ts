import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allowConsoleError } from "@/test/console";
import { buildEntry, enqueueChange, hasWaitingChangeFor, QueueStorageError } from "./enqueue";
import { fromStoredBody } from "./payload";
import { addEntry, getEntry, listEntries, onQueueChange, removeEntries } from "./queue-store";
import { isQueueableUrl } from "./tenant";
import { resetOfflineState, signInAs, TENANT_A, TENANT_B } from "./testing";
import type { QueueEntry } from "./types";

beforeEach(async () => {
  await resetOfflineState();
  signInAs(TENANT_A);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** jsdom's Blob has no text(); FileReader it is. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const repair = {
  type: "plumbing",
  location: "kitchen",
  description: "Wasserhahn tropft",
  urgency: "medium",
  photos: [],
};

describe("enqueueChange", () => {
  it("stores every field of spec section 3 plus key, tenant, label and status, and answers only after the commit", async () => {
    const changes: string[] = [];
    onQueueChange((change) => changes.push(change.kind));
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
    expect(result).toMatchObject({
      success: true,
      offline: true,
      message: expect.stringContaining("Offline-Warteschlange"),
    });
    // The answer came after the commit: the entry is readable from a fresh transaction.
    const [stored] = await listEntries();
    expect(stored).toMatchObject<Partial<QueueEntry>>({
      id: result.entryId,
      url: "/api/v1/tenant/repairs",
      method: "POST",
      data: repair,
      queryKey: [["/api/v1/tenant/repairs"]],
      type: "create",
      priority: 30,
      retryCount: 0,
      lastRetry: null,
      error: null,
      idempotencyKey: "key-1",
      tenantId: TENANT_A,
      label: "Reparaturmeldung",
      detail: "Wasserhahn tropft",
      status: "pending",
      resource: null,
    });
    expect(typeof stored!.timestamp).toBe("number");
    expect(changes).toEqual(["added"]);
  });

  it("never reads a change's meaning from its URL: without a label it is a neutral 'Änderung', also when stored so before", async () => {
    await enqueueChange({ method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "plain" });
    expect((await listEntries())[0]).toMatchObject({ label: "Änderung", detail: null, listed: true });
    // An entry an older app version stored without a label.
    const old = {
      ...(await buildEntry({ method: "POST", url: "/api/v1/tenant/repairs", idempotencyKey: "o" }, TENANT_A)),
    };
    await addEntry({ ...old, label: undefined as unknown as string });
    expect((await getEntry(old.id))?.label).toBe("Änderung");
  });

  it("refuses a duplicate (same url, method and payload) silently and keeps one entry", async () => {
    const first = await enqueueChange({
      method: "POST",
      url: "/api/v1/tenant/repairs",
      data: repair,
      idempotencyKey: "k1",
    });
    const again = await enqueueChange({
      method: "POST",
      url: "/api/tenant/repairs",
      data: { ...repair },
      idempotencyKey: "k2",
    });
    expect(again.entryId).toBe(first.entryId);
    const other = await enqueueChange({
      method: "POST",
      url: "/api/v1/tenant/repairs",
      data: { ...repair, description: "Anderes" },
      idempotencyKey: "k3",
    });
    expect(other.entryId).not.toBe(first.entryId);
    expect((await listEntries()).map((e) => e.idempotencyKey)).toEqual(["k1", "k3"]);
  });

  it("compares only with the latest change of the same resource: confirm, cancel, confirm keeps all three", async () => {
    const url = "/api/v1/tenant/appointments/a1/status";
    await enqueueChange({ method: "PATCH", url, data: { status: "confirmed" }, idempotencyKey: "c1" });
    await enqueueChange({ method: "PATCH", url, data: { status: "confirmed" }, idempotencyKey: "c1-again" });
    await enqueueChange({ method: "PATCH", url, data: { status: "canceled" }, idempotencyKey: "x1" });
    await enqueueChange({ method: "PATCH", url, data: { status: "confirmed" }, idempotencyKey: "c2" });
    expect((await listEntries()).map((e) => e.idempotencyKey)).toEqual(["c1", "x1", "c2"]);
  });

  it("does not treat another tenant's identical change as a duplicate", async () => {
    await enqueueChange({ method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "a" });
    await enqueueChange({ method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "b" }, TENANT_B);
    expect((await listEntries()).map((e) => e.tenantId)).toEqual([TENANT_A, TENANT_B]);
  });

  it("keeps a multipart upload's file as bytes with its name and rebuilds the FormData", async () => {
    const file = new File(["%PDF-1.4 Inhalt"], "Nachweis.pdf", { type: "application/pdf" });
    await enqueueChange({
      method: "POST",
      url: "/api/v1/tenant/documents",
      data: { multipart: { file, title: "Nachweis.pdf", type: "personal" } },
      idempotencyKey: "doc",
      label: "Dokument hochladen",
      detail: "Nachweis.pdf",
    });
    const [stored] = await listEntries();
    expect(stored!.bodyKind).toBe("multipart");
    expect(stored!.label).toBe("Dokument hochladen");
    expect(stored!.detail).toBe("Nachweis.pdf");
    const form = fromStoredBody(stored!) as FormData;
    expect(form).toBeInstanceOf(FormData);
    const sent = form.get("file") as File;
    expect(sent.name).toBe("Nachweis.pdf");
    expect(sent.type).toBe("application/pdf");
    expect(await readText(sent)).toBe("%PDF-1.4 Inhalt");
    expect(form.get("title")).toBe("Nachweis.pdf");
    expect(form.get("type")).toBe("personal");
  });

  it("tells two uploads with the same name but different content apart", async () => {
    const make = (text: string) => ({
      multipart: { file: new File([text], "scan.pdf", { type: "application/pdf" }), title: "scan.pdf" },
    });
    await enqueueChange({ method: "POST", url: "/api/v1/tenant/documents", data: make("AAAA"), idempotencyKey: "1" });
    await enqueueChange({ method: "POST", url: "/api/v1/tenant/documents", data: make("BBBB"), idempotencyKey: "2" });
    await enqueueChange({ method: "POST", url: "/api/v1/tenant/documents", data: make("AAAA"), idempotencyKey: "3" });
    expect((await listEntries()).map((e) => e.idempotencyKey)).toEqual(["1", "2"]);
  });

  it("fails with a storage error and stores nothing when the device refuses the write (quota)", async () => {
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
    expect(((error as QueueStorageError).cause as DOMException).name).toBe("QuotaExceededError");
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

  it("knows whether a change of the same resource still waits", async () => {
    await enqueueChange({
      method: "PATCH",
      url: "/api/v1/tenant/appointments/a1/status",
      data: { status: "confirmed" },
      idempotencyKey: "c",
    });
    expect(await hasWaitingChangeFor("/api/v1/tenant/appointments/a1/status", TENANT_A)).toBe(true);
    expect(await hasWaitingChangeFor("/api/v1/tenant/appointments/a2/status", TENANT_A)).toBe(false);
    expect(await hasWaitingChangeFor("/api/v1/tenant/appointments/a1/status", TENANT_B)).toBe(false);
    expect(await hasWaitingChangeFor("/api/v1/tenant/repairs", TENANT_A)).toBe(false);
  });

  it("removes only the entries a predicate picks", async () => {
    await enqueueChange({ method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "a" });
    await enqueueChange({ method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "b" }, TENANT_B);
    expect(await removeEntries((e) => e.tenantId === TENANT_A)).toBe(1);
    expect((await listEntries()).map((e) => e.idempotencyKey)).toEqual(["b"]);
  });
});
