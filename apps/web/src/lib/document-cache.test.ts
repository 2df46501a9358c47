import { Blob as NodeBlob } from "node:buffer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/api/errors";
import { clearSession, writeSession } from "@/lib/session";
import {
  clearDocumentCache,
  DOCUMENT_CACHE_MAX_FILES,
  type DocumentFile,
  DocumentNotCachedError,
  documentIdFromFileUrl,
  fetchWithOfflineCopy,
  hasDocumentFile,
  readDocumentFile,
  resetDocumentCacheForTests,
  storeDocumentFile,
} from "./document-cache";
import { setManualOffline } from "./network";
import { resetPersistentStorageRequestForTests } from "./persistent-storage";

const FILE_URL = "/api/v1/tenant/documents/doc-1/file";

function tokenFor(sub: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${part({ alg: "HS256" })}.${part({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;
}

function pdf(text: string): DocumentFile {
  return { blob: new Blob([text], { type: "application/pdf" }), fileName: "Mietvertrag.pdf" };
}

beforeEach(async () => {
  // jsdom's Blob cannot be read back (no arrayBuffer/text); the browser's can.
  vi.stubGlobal("Blob", NodeBlob);
  resetDocumentCacheForTests();
  resetPersistentStorageRequestForTests();
  await setManualOffline(false);
  writeSession(tokenFor("tenant-a"));
});

afterEach(async () => {
  clearSession();
  await setManualOffline(false);
  vi.unstubAllGlobals();
});

describe("documentIdFromFileUrl", () => {
  it("takes the id out of the API's file URL and keeps other URLs whole", () => {
    expect(documentIdFromFileUrl("/api/v1/tenant/documents/3f2a-9c/file")).toBe("3f2a-9c");
    expect(documentIdFromFileUrl("/api/tenant/documents/a%20b/file?x=1")).toBe("a b");
    expect(documentIdFromFileUrl("/files/other.pdf")).toBe("/files/other.pdf");
  });
});

describe("fetchWithOfflineCopy", () => {
  it("keeps a file opened online and serves it offline without asking the network", async () => {
    const online = await fetchWithOfflineCopy(FILE_URL, async () => pdf("%PDF-1.4 Vertrag"));
    expect(await online.blob.text()).toBe("%PDF-1.4 Vertrag");

    await setManualOffline(true);
    const network = vi.fn(async () => pdf("never"));
    const offline = await fetchWithOfflineCopy(FILE_URL, network);

    expect(network).not.toHaveBeenCalled();
    expect(await offline.blob.text()).toBe("%PDF-1.4 Vertrag");
    expect(offline.blob.type).toBe("application/pdf");
    expect(offline.fileName).toBe("Mietvertrag.pdf");
  });

  it("refreshes the kept copy on every online open", async () => {
    await fetchWithOfflineCopy(FILE_URL, async () => pdf("alt"));
    await fetchWithOfflineCopy(FILE_URL, async () => pdf("neu"));
    await setManualOffline(true);
    const kept = await fetchWithOfflineCopy(FILE_URL, async () => pdf("never"));
    expect(await kept.blob.text()).toBe("neu");
  });

  it("falls back to the kept copy when the connection fails or the server breaks down", async () => {
    await fetchWithOfflineCopy(FILE_URL, async () => pdf("gespeichert"));

    const dropped = await fetchWithOfflineCopy(FILE_URL, async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await dropped.blob.text()).toBe("gespeichert");

    const broken = await fetchWithOfflineCopy(FILE_URL, async () => {
      throw new ApiRequestError(503, "503: Service Unavailable", null, null, null);
    });
    expect(await broken.blob.text()).toBe("gespeichert");
  });

  it("passes on what the server refused (a deleted document stays gone) and an abort", async () => {
    await fetchWithOfflineCopy(FILE_URL, async () => pdf("gespeichert"));
    const notFound = new ApiRequestError(404, "404: nicht gefunden", "not_found", "Nicht gefunden", null);
    await expect(
      fetchWithOfflineCopy(FILE_URL, async () => {
        throw notFound;
      }),
    ).rejects.toBe(notFound);
    const abort = new DOMException("abgebrochen", "AbortError");
    await expect(
      fetchWithOfflineCopy(FILE_URL, async () => {
        throw abort;
      }),
    ).rejects.toBe(abort);
  });

  it("offline without a kept copy fails with the German no-data message", async () => {
    await setManualOffline(true);
    const error = await fetchWithOfflineCopy(FILE_URL, async () => pdf("never")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentNotCachedError);
    expect((error as Error).message).toMatch(/^Für dieses Dokument sind im Offline-Modus keine Daten verfügbar/);
  });

  it("a connection failure without a kept copy passes the original error on", async () => {
    const failure = new TypeError("Failed to fetch");
    await expect(
      fetchWithOfflineCopy(FILE_URL, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });

  it("never shows one tenant's document to another", async () => {
    await fetchWithOfflineCopy(FILE_URL, async () => pdf("von Mieterin A"));
    writeSession(tokenFor("tenant-b"));
    await setManualOffline(true);
    await expect(fetchWithOfflineCopy(FILE_URL, async () => pdf("never"))).rejects.toBeInstanceOf(
      DocumentNotCachedError,
    );
  });

  it("keeps nothing when nobody is signed in", async () => {
    clearSession();
    await fetchWithOfflineCopy(FILE_URL, async () => pdf("anonym"));
    expect(await hasDocumentFile({ tenantId: "tenant-a", documentId: "doc-1" })).toBe(false);
  });

  it("asks the browser to keep the site's storage once a document is kept", async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal("navigator", { ...navigator, storage: { persist, persisted: async () => false } });
    await fetchWithOfflineCopy(FILE_URL, async () => pdf("x"));
    await fetchWithOfflineCopy("/api/v1/tenant/documents/doc-2/file", async () => pdf("y"));
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it("still opens the file when the device cannot store it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.stubGlobal("indexedDB", {
      open: () => {
        throw new DOMException("Quota exceeded", "QuotaExceededError");
      },
    });
    resetDocumentCacheForTests();
    const file = await fetchWithOfflineCopy(FILE_URL, async () => pdf("trotzdem"));
    expect(await file.blob.text()).toBe("trotzdem");
    expect(warn).toHaveBeenCalledWith(
      "[document-cache] Dokument konnte nicht für offline gespeichert werden",
      expect.anything(),
    );
  });
});

describe("eviction and logout", () => {
  it("drops the least recently opened file beyond the limit", async () => {
    const key = (n: number) => ({ tenantId: "tenant-a", documentId: `doc-${n}` });
    for (let n = 0; n < DOCUMENT_CACHE_MAX_FILES; n++) await storeDocumentFile(key(n), pdf(`${n}`), 1000 + n);
    // Opening doc-0 again makes doc-1 the least recently opened.
    expect(await readDocumentFile(key(0), 5000)).not.toBeNull();
    await storeDocumentFile(key(99), pdf("neu"), 6000);

    expect(await hasDocumentFile(key(0))).toBe(true);
    expect(await hasDocumentFile(key(1))).toBe(false);
    expect(await readDocumentFile(key(1))).toBeNull();
    expect(await hasDocumentFile(key(2))).toBe(true);
    expect(await hasDocumentFile(key(99))).toBe(true);
  });

  it("logout empties the store", async () => {
    await fetchWithOfflineCopy(FILE_URL, async () => pdf("x"));
    await clearDocumentCache();
    expect(await hasDocumentFile({ tenantId: "tenant-a", documentId: "doc-1" })).toBe(false);
  });
});
