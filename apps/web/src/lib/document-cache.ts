import { clear, createStore, delMany, get, getMany, keys, set, setMany, type UseStore } from "idb-keyval";
import { ApiRequestError } from "@/lib/api/errors";
import { sessionTenantId } from "@/lib/session";
import { isOffline } from "./network";
import { requestPersistentStorage } from "./persistent-storage";
import { STORAGE_PREFIX } from "./storage";

/**
 * Documents a tenant has opened stay viewable offline (issue 5, spec section 1 FAQ): every file
 * fetched online is kept on the device, per tenant and document, and served when there is no
 * connection. Files live in their own IndexedDB database so the read cache and the queue are
 * not slowed down by large blobs; logout empties it.
 */

export const DOCUMENT_CACHE_DB = "mieter-portal-documents";
/** At most this many files and bytes are kept; the least recently opened go first. */
export const DOCUMENT_CACHE_MAX_FILES = 50;
export const DOCUMENT_CACHE_MAX_BYTES = 100 * 1024 * 1024;

const META_PREFIX = `${STORAGE_PREFIX}document_meta:`;
const DATA_PREFIX = `${STORAGE_PREFIX}document_data:`;

export const documentCacheTexts = {
  notAvailableOffline:
    "Für dieses Dokument sind im Offline-Modus keine Daten verfügbar. Öffnen Sie es einmal mit Internetverbindung, dann ist es auch offline lesbar.",
} as const;

/** Offline, and the document was never opened on this device by this tenant. */
export class DocumentNotCachedError extends Error {
  override readonly name = "DocumentNotCachedError";
  constructor() {
    super(documentCacheTexts.notAvailableOffline);
  }
}

export interface DocumentFile {
  blob: Blob;
  fileName: string | null;
}

export interface DocumentCacheKey {
  tenantId: string;
  documentId: string;
}

/** Small record read for eviction; the bytes sit under their own key. */
interface CachedMeta {
  tenantId: string;
  documentId: string;
  type: string;
  fileName: string | null;
  size: number;
  openedAt: number;
}

let store: UseStore | null = null;
function fileStore(): UseStore {
  store ??= createStore(DOCUMENT_CACHE_DB, "files");
  return store;
}

const suffix = ({ tenantId, documentId }: DocumentCacheKey) =>
  `${encodeURIComponent(tenantId)}:${encodeURIComponent(documentId)}`;

/** `/api/v1/tenant/documents/<id>/file` → `<id>`; any other URL is its own key. */
export function documentIdFromFileUrl(fileUrl: string): string {
  const match = /\/documents\/([^/?#]+)\/file(?:[?#]|$)/.exec(fileUrl);
  return match ? decodeURIComponent(match[1]!) : fileUrl;
}

/** Keeps a fetched file. Never throws: a full disk must not stop the tenant from reading it now. */
export async function storeDocumentFile(key: DocumentCacheKey, file: DocumentFile, now = Date.now()): Promise<void> {
  try {
    const data = await file.blob.arrayBuffer();
    const meta: CachedMeta = {
      ...key,
      type: file.blob.type,
      fileName: file.fileName,
      size: data.byteLength,
      openedAt: now,
    };
    // One transaction: bytes and record are written together or not at all.
    await setMany(
      [
        [DATA_PREFIX + suffix(key), data],
        [META_PREFIX + suffix(key), meta],
      ],
      fileStore(),
    );
    await evictOverflow();
    void requestPersistentStorage();
  } catch (error) {
    console.warn("[document-cache] Dokument konnte nicht für offline gespeichert werden", error);
  }
}

/** The kept copy, or null. Never throws. */
export async function readDocumentFile(key: DocumentCacheKey, now = Date.now()): Promise<DocumentFile | null> {
  try {
    const [meta, data] = await getMany<unknown>([META_PREFIX + suffix(key), DATA_PREFIX + suffix(key)], fileStore());
    // Not instanceof: a clone out of IndexedDB may come from another realm.
    if (!isMeta(meta) || Object.prototype.toString.call(data) !== "[object ArrayBuffer]") return null;
    // Recently opened files are the last to be evicted.
    await set(META_PREFIX + suffix(key), { ...meta, openedAt: now }, fileStore()).catch(() => undefined);
    return { blob: new Blob([data as ArrayBuffer], { type: meta.type }), fileName: meta.fileName };
  } catch (error) {
    console.warn("[document-cache] Gespeichertes Dokument konnte nicht gelesen werden", error);
    return null;
  }
}

/** Logout: every kept file of every tenant goes. */
export async function clearDocumentCache(): Promise<void> {
  try {
    await clear(fileStore());
  } catch (error) {
    console.warn("[document-cache] Gespeicherte Dokumente konnten nicht gelöscht werden", error);
  }
}

function isMeta(value: unknown): value is CachedMeta {
  if (typeof value !== "object" || value === null) return false;
  const meta = value as Partial<CachedMeta>;
  return typeof meta.type === "string" && typeof meta.size === "number" && typeof meta.openedAt === "number";
}

async function evictOverflow(): Promise<void> {
  const metaKeys = (await keys(fileStore())).filter(
    (key): key is string => typeof key === "string" && key.startsWith(META_PREFIX),
  );
  if (metaKeys.length === 0) return;
  const metas = await getMany<unknown>(metaKeys, fileStore());
  const entries = metaKeys
    .map((key, index) => ({ key, meta: metas[index] }))
    .filter((entry): entry is { key: string; meta: CachedMeta } => isMeta(entry.meta))
    .sort((a, b) => b.meta.openedAt - a.meta.openedAt);
  let files = 0;
  let bytes = 0;
  const doomed: string[] = [];
  for (const { key, meta } of entries) {
    files += 1;
    bytes += meta.size;
    // The newest file always stays, even when it alone is larger than the limit.
    if (files > 1 && (files > DOCUMENT_CACHE_MAX_FILES || bytes > DOCUMENT_CACHE_MAX_BYTES)) {
      doomed.push(key, DATA_PREFIX + key.slice(META_PREFIX.length));
    }
  }
  if (doomed.length > 0) await delMany(doomed, fileStore());
}

/** No answer at all, or the server failed: the kept copy is better than nothing. */
function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DOMException && error.name === "AbortError") return false;
  if (error instanceof ApiRequestError) return error.status >= 500;
  return true;
}

/**
 * Fetches a document's file through `fetchFile` and keeps it for offline use. Offline (device or
 * manual toggle) the kept copy is used without asking the network; when the request fails for
 * want of a connection the kept copy is used too. Nothing kept: DocumentNotCachedError offline,
 * the original error otherwise.
 */
export async function fetchWithOfflineCopy(
  fileUrl: string,
  fetchFile: () => Promise<DocumentFile>,
): Promise<DocumentFile> {
  const tenantId = sessionTenantId();
  const key = tenantId ? { tenantId, documentId: documentIdFromFileUrl(fileUrl) } : null;
  if (isOffline()) {
    const kept = key ? await readDocumentFile(key) : null;
    if (kept) return kept;
    throw new DocumentNotCachedError();
  }
  let file: DocumentFile;
  try {
    file = await fetchFile();
  } catch (error) {
    const kept = key && isConnectionFailure(error) ? await readDocumentFile(key) : null;
    if (kept) return kept;
    throw error;
  }
  if (key) await storeDocumentFile(key, file);
  return file;
}

/** For tests: forget the opened IndexedDB handle. */
export function resetDocumentCacheForTests(): void {
  store = null;
}

/** For tests: whether a file is kept. */
export async function hasDocumentFile(key: DocumentCacheKey): Promise<boolean> {
  return (await get(DATA_PREFIX + suffix(key), fileStore())) !== undefined;
}
