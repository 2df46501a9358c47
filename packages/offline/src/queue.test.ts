import { afterEach, describe, expect, it, vi } from "vitest";
import { QueueStorageError } from "./enqueue";
import { fromStoredBody } from "./payload";
import { testQueue } from "./testing";
import { isOfflineResult, type QueueEntry } from "./types";

const A = "account-a";
const B = "account-b";

afterEach(() => {
  vi.restoreAllMocks();
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

const repair = { type: "plumbing", location: "kitchen", description: "Wasserhahn tropft", urgency: "medium" };

describe("the queue store", () => {
  it("reads the entries an older version stored in the same database (version 1, store 'entries')", async () => {
    const { dbName, store, enqueuer } = testQueue();
    const old = await enqueuer.buildEntry({ method: "POST", url: "/api/v1/tenant/repairs", idempotencyKey: "o" }, A);
    // The database as the tenant app made it before the package (with idb-keyval).
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(dbName, 1);
      open.onupgradeneeded = () => open.result.createObjectStore("entries");
      open.onsuccess = () => {
        const tx = open.result.transaction("entries", "readwrite");
        tx.objectStore("entries").put({ ...old, label: undefined }, old.id);
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    });
    const [read] = await store.listEntries();
    // An entry stored without a label gets the neutral one (its meaning is never read from its URL).
    expect(read).toEqual({ ...old, label: "Änderung" });
  });

  it("tells listeners of this tab about every change", async () => {
    const { store, enqueuer } = testQueue();
    const changes: string[] = [];
    store.onQueueChange((change) => changes.push(change.kind));
    const { entryId } = await enqueuer.enqueueChange({ method: "POST", url: "/x/repairs", idempotencyKey: "k" }, A);
    await store.updateEntry(entryId, (e) => ({ ...e, retryCount: 1 }));
    await store.removeEntry(entryId);
    expect(changes).toEqual(["added", "updated", "removed"]);
    expect(await store.updateEntry(entryId, (e) => e)).toBeNull();
  });

  it("removes only the entries a predicate picks", async () => {
    const { store, enqueuer } = testQueue();
    await enqueuer.enqueueChange(
      { method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "a" },
      A,
    );
    await enqueuer.enqueueChange(
      { method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "b" },
      B,
    );
    expect(await store.removeEntries((e) => e.tenantId === A)).toBe(1);
    expect((await store.listEntries()).map((e) => e.idempotencyKey)).toEqual(["b"]);
  });
});

describe("enqueueChange", () => {
  it("stores every field of spec section 3 plus key, account, label and status, and answers after the commit", async () => {
    const onQueued = vi.fn();
    const { store, enqueuer } = testQueue({ onQueued });
    const result = await enqueuer.enqueueChange(
      {
        method: "PATCH",
        url: "/api/v1/tenant/appointments/a1/status",
        data: { status: "confirmed" },
        invalidates: [["/api/v1/tenant/appointments"]],
        idempotencyKey: "key-1",
        label: "Terminbestätigung",
        detail: "Heizungswartung",
        listed: false,
      },
      A,
    );
    expect(result).toEqual({
      success: true,
      offline: true,
      message: "In der Warteschlange.",
      entryId: expect.any(String),
    });
    expect(onQueued).toHaveBeenCalledTimes(1);
    const [stored] = await store.listEntries();
    expect(stored).toMatchObject<Partial<QueueEntry>>({
      id: result.entryId,
      url: "/api/v1/tenant/appointments/a1/status",
      method: "PATCH",
      data: { status: "confirmed" },
      bodyKind: "json",
      queryKey: [["/api/v1/tenant/appointments"]],
      type: "update",
      priority: 20,
      retryCount: 0,
      lastRetry: null,
      error: null,
      idempotencyKey: "key-1",
      tenantId: A,
      label: "Terminbestätigung",
      detail: "Heizungswartung",
      listed: false,
      status: "pending",
      resource: "tenant/appointments/a1",
    });
  });

  it("gives a change without a label the neutral one, and refuses to queue without an account", async () => {
    const { store, enqueuer } = testQueue();
    await enqueuer.enqueueChange({ method: "DELETE", url: "/api/v1/tenant/documents/d1", idempotencyKey: "p" }, A);
    expect((await store.listEntries())[0]).toMatchObject({
      label: "Änderung",
      detail: null,
      listed: true,
      bodyKind: "none",
    });
    await expect(enqueuer.enqueueChange({ method: "POST", url: "/x", idempotencyKey: "n" }, null)).rejects.toThrow();
  });

  it("keeps creation order exact for changes made in the same millisecond", async () => {
    vi.spyOn(Date, "now").mockReturnValue(1_000);
    const { enqueuer } = testQueue();
    const first = await enqueuer.buildEntry({ method: "POST", url: "/x", idempotencyKey: "1" }, A);
    const second = await enqueuer.buildEntry({ method: "POST", url: "/x", idempotencyKey: "2" }, A);
    expect(second.timestamp).toBeGreaterThan(first.timestamp);
  });

  it("refuses a duplicate (same url, method and payload) silently and keeps one entry", async () => {
    const { store, enqueuer } = testQueue();
    const first = await enqueuer.enqueueChange(
      { method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "k1" },
      A,
    );
    const again = await enqueuer.enqueueChange(
      { method: "POST", url: "/api/tenant/repairs", data: { ...repair }, idempotencyKey: "k2" },
      A,
    );
    expect(again.entryId).toBe(first.entryId);
    const other = await enqueuer.enqueueChange(
      {
        method: "POST",
        url: "/api/v1/tenant/repairs",
        data: { ...repair, description: "Anderes" },
        idempotencyKey: "k3",
      },
      A,
    );
    expect(other.entryId).not.toBe(first.entryId);
    expect((await store.listEntries()).map((e) => e.idempotencyKey)).toEqual(["k1", "k3"]);
  });

  it("compares only with the latest change of the same resource: confirm, cancel, confirm keeps all three", async () => {
    const { store, enqueuer } = testQueue();
    const url = "/api/v1/tenant/appointments/a1/status";
    const queue = (status: string, key: string) =>
      enqueuer.enqueueChange({ method: "PATCH", url, data: { status }, idempotencyKey: key }, A);
    await queue("confirmed", "c1");
    await queue("confirmed", "c1-again");
    await queue("canceled", "x1");
    await queue("confirmed", "c2");
    expect((await store.listEntries()).map((e) => e.idempotencyKey)).toEqual(["c1", "x1", "c2"]);
  });

  it("does not treat another account's identical change as a duplicate", async () => {
    const { store, enqueuer } = testQueue();
    await enqueuer.enqueueChange(
      { method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "a" },
      A,
    );
    await enqueuer.enqueueChange(
      { method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "b" },
      B,
    );
    expect((await store.listEntries()).map((e) => e.tenantId)).toEqual([A, B]);
  });

  it("keeps a multipart upload's file as bytes with its name and rebuilds the FormData", async () => {
    const { store, enqueuer } = testQueue();
    const file = new File(["%PDF-1.4 Inhalt"], "Nachweis.pdf", { type: "application/pdf" });
    await enqueuer.enqueueChange(
      {
        method: "POST",
        url: "/api/v1/tenant/documents",
        data: { multipart: { file, title: "Nachweis.pdf", type: "personal" } },
        idempotencyKey: "doc",
      },
      A,
    );
    const [stored] = await store.listEntries();
    expect(stored!.bodyKind).toBe("multipart");
    const form = fromStoredBody(stored!) as FormData;
    expect(form).toBeInstanceOf(FormData);
    const sent = form.get("file") as File;
    expect(sent.name).toBe("Nachweis.pdf");
    expect(sent.type).toBe("application/pdf");
    expect(await readText(sent)).toBe("%PDF-1.4 Inhalt");
    expect(form.get("title")).toBe("Nachweis.pdf");
    expect(form.get("type")).toBe("personal");
  });

  it("stores a FormData body and a photo Blob without a name the same way", async () => {
    const { store, enqueuer } = testQueue();
    const form = new FormData();
    form.append("note", "vorher");
    form.append("photo", new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" }));
    await enqueuer.enqueueChange(
      { method: "POST", url: "/api/v1/staff/service-records", data: form, idempotencyKey: "f" },
      A,
    );
    const [stored] = await store.listEntries();
    const rebuilt = fromStoredBody(stored!) as FormData;
    expect(rebuilt.get("note")).toBe("vorher");
    const photo = rebuilt.get("photo") as File;
    expect(photo.type).toBe("image/jpeg");
    expect(photo.size).toBe(3);
  });

  it("tells two uploads with the same name but different content apart", async () => {
    const { store, enqueuer } = testQueue();
    const make = (text: string) => ({
      multipart: { file: new File([text], "scan.pdf", { type: "application/pdf" }), title: "scan.pdf" },
    });
    const url = "/api/v1/tenant/documents";
    await enqueuer.enqueueChange({ method: "POST", url, data: make("AAAA"), idempotencyKey: "1" }, A);
    await enqueuer.enqueueChange({ method: "POST", url, data: make("BBBB"), idempotencyKey: "2" }, A);
    await enqueuer.enqueueChange({ method: "POST", url, data: make("AAAA"), idempotencyKey: "3" }, A);
    expect((await store.listEntries()).map((e) => e.idempotencyKey)).toEqual(["1", "2"]);
  });

  it("fails with a storage error and stores nothing when the device refuses the write (quota)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { store, enqueuer } = testQueue();
    const put = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("Das Kontingent ist ausgeschöpft.", "QuotaExceededError");
    });
    const error = await enqueuer
      .enqueueChange({ method: "POST", url: "/api/v1/tenant/repairs", data: repair, idempotencyKey: "q" }, A)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueueStorageError);
    expect((error as QueueStorageError).name).toBe("QueueStorageError");
    expect((error as QueueStorageError).message).toBe("Nicht gespeichert.");
    expect(((error as QueueStorageError).cause as DOMException).name).toBe("QuotaExceededError");
    put.mockRestore();
    expect(await store.listEntries()).toEqual([]);
  });

  it("knows whether a change of the same resource of the same account still waits", async () => {
    const { enqueuer } = testQueue();
    const url = "/api/v1/tenant/appointments/a1/status";
    await enqueuer.enqueueChange({ method: "PATCH", url, data: { status: "confirmed" }, idempotencyKey: "c" }, A);
    expect(await enqueuer.hasWaitingChangeFor(url, A)).toBe(true);
    expect(await enqueuer.hasWaitingChangeFor("/api/v1/tenant/appointments/a2/status", A)).toBe(false);
    expect(await enqueuer.hasWaitingChangeFor(url, B)).toBe(false);
    expect(await enqueuer.hasWaitingChangeFor("/api/v1/tenant/repairs", A)).toBe(false);
  });
});

describe("isOfflineResult", () => {
  it("knows the fake success and nothing else", async () => {
    const { enqueuer } = testQueue();
    const result = await enqueuer.enqueueChange({ method: "POST", url: "/x", idempotencyKey: "i" }, A);
    expect(isOfflineResult(result)).toBe(true);
    for (const other of [
      null,
      undefined,
      "offline",
      1,
      true,
      {},
      { offline: true },
      { success: true, offline: "yes" },
    ]) {
      expect(isOfflineResult(other)).toBe(false);
    }
  });
});
