import { createStore, type UseStore } from "idb-keyval";
import { STORAGE_PREFIX } from "../storage";
import type { QueueEntry } from "./types";

/**
 * The offline queue lives in its own IndexedDB database (DESIGN §4.4): files and photos exceed
 * browser storage quickly, and logging out of the read cache must not touch it by accident.
 */
export const QUEUE_DB_NAME = `${STORAGE_PREFIX}offline_queue`;
const QUEUE_STORE_NAME = "entries";
const CHANNEL_NAME = `${STORAGE_PREFIX}offline_queue_changes`;

let store: UseStore | null = null;
function queueStore(): UseStore {
  store ??= createStore(QUEUE_DB_NAME, QUEUE_STORE_NAME);
  return store;
}

/** Runs work in one transaction; resolves with its result only once the transaction committed. */
function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore, done: (value: T) => void) => void) {
  return queueStore()(
    mode,
    (objectStore) =>
      new Promise<T>((resolve, reject) => {
        const tx = objectStore.transaction;
        let result: T;
        let failed: unknown = null;
        tx.oncomplete = () => resolve(result);
        tx.onerror = () => reject(failed ?? tx.error ?? new DOMException("Transaktion fehlgeschlagen", "UnknownError"));
        tx.onabort = () => reject(failed ?? tx.error ?? new DOMException("Transaktion abgebrochen", "AbortError"));
        try {
          work(objectStore, (value) => {
            result = value;
          });
        } catch (error) {
          failed = error;
          try {
            tx.abort();
          } catch {
            reject(error);
          }
        }
      }),
  );
}

/** Wraps a request callback so a throw inside it (e.g. a quota error from put) aborts the transaction. */
function guarded(tx: IDBTransaction, onError: (error: unknown) => void, fn: () => void): () => void {
  return () => {
    try {
      fn();
    } catch (error) {
      onError(error);
      try {
        tx.abort();
      } catch {
        // already finished
      }
    }
  };
}

export async function listEntries(): Promise<QueueEntry[]> {
  const all = await transact<QueueEntry[]>("readonly", (s, done) => {
    const request = s.getAll();
    request.onsuccess = () => done(request.result as QueueEntry[]);
  });
  return all.sort((a, b) => a.timestamp - b.timestamp || a.id.localeCompare(b.id));
}

export async function getEntry(id: string): Promise<QueueEntry | null> {
  const entry = await transact<QueueEntry | undefined>("readonly", (s, done) => {
    const request = s.get(id);
    request.onsuccess = () => done(request.result as QueueEntry | undefined);
  });
  return entry ?? null;
}

export type AddOutcome = { added: true; entry: QueueEntry } | { added: false; entry: QueueEntry };

/**
 * Adds an entry unless the same change already waits (spec section 4: refused silently). For one
 * resource only the latest waiting change counts, so confirm → cancel → confirm keeps the last
 * confirm. Check and write share one transaction: two tabs cannot both add the same change.
 */
export async function addEntry(entry: QueueEntry): Promise<AddOutcome> {
  let storeError: unknown = null;
  try {
    const outcome = await transact<AddOutcome>("readwrite", (s, done) => {
      const tx = s.transaction;
      const request = s.getAll();
      request.onsuccess = guarded(
        tx,
        (error) => {
          storeError = error;
        },
        () => {
          const waiting = (request.result as QueueEntry[])
            .filter((e) => e.status === "pending" && e.tenantId === entry.tenantId)
            .sort((a, b) => a.timestamp - b.timestamp);
          const candidates = entry.resource ? waiting.filter((e) => e.resource === entry.resource).slice(-1) : waiting;
          const duplicate = candidates.find((e) => e.signature === entry.signature);
          if (duplicate) {
            done({ added: false, entry: duplicate });
            return;
          }
          s.put(entry, entry.id);
          done({ added: true, entry });
        },
      );
    });
    if (outcome.added) notifyChanged({ kind: "added", id: entry.id });
    return outcome;
  } catch (error) {
    throw storeError ?? error;
  }
}

export async function putEntry(entry: QueueEntry): Promise<void> {
  await transact<void>("readwrite", (s, done) => {
    s.put(entry, entry.id);
    done(undefined);
  });
  notifyChanged({ kind: "updated", id: entry.id });
}

/** Changes an entry that is still there; null when it is gone (sent or discarded meanwhile). */
export async function updateEntry(id: string, change: (entry: QueueEntry) => QueueEntry): Promise<QueueEntry | null> {
  const updated = await transact<QueueEntry | null>("readwrite", (s, done) => {
    const request = s.get(id);
    request.onsuccess = () => {
      const current = request.result as QueueEntry | undefined;
      if (!current) {
        done(null);
        return;
      }
      const next = change(current);
      s.put(next, id);
      done(next);
    };
  });
  if (updated) notifyChanged({ kind: "updated", id });
  return updated;
}

export async function removeEntry(id: string): Promise<void> {
  await transact<void>("readwrite", (s, done) => {
    s.delete(id);
    done(undefined);
  });
  notifyChanged({ kind: "removed", id });
}

/** Removes every entry the predicate picks (e.g. a tenant's entries on a confirmed logout); returns how many. */
export async function removeEntries(predicate: (entry: QueueEntry) => boolean): Promise<number> {
  const removed = await transact<number>("readwrite", (s, done) => {
    const request = s.getAll();
    request.onsuccess = () => {
      const doomed = (request.result as QueueEntry[]).filter(predicate);
      for (const entry of doomed) s.delete(entry.id);
      done(doomed.length);
    };
  });
  if (removed > 0) notifyChanged({ kind: "removed", id: null });
  return removed;
}

export interface QueueChange {
  kind: "added" | "updated" | "removed";
  id: string | null;
  /** True when another tab made the change. */
  remote?: boolean;
}
type QueueListener = (change: QueueChange) => void;
const listeners = new Set<QueueListener>();
let channel: BroadcastChannel | null | undefined;

function broadcastChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = null;
  if (typeof BroadcastChannel === "undefined") return channel;
  try {
    channel = new BroadcastChannel(CHANNEL_NAME);
    // Node (tests) would keep running for an open channel; browsers have no unref.
    (channel as BroadcastChannel & { unref?: () => void }).unref?.();
    channel.onmessage = (event: MessageEvent<QueueChange>) => {
      for (const listener of listeners) listener({ ...event.data, remote: true });
    };
  } catch {
    channel = null;
  }
  return channel;
}

function notifyChanged(change: QueueChange): void {
  for (const listener of listeners) listener(change);
  try {
    broadcastChannel()?.postMessage(change);
  } catch {
    // other tabs catch up on their next read
  }
}

/** Queue changes of this tab and of other tabs of the app (BroadcastChannel). */
export function onQueueChange(listener: QueueListener): () => void {
  broadcastChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For tests: forget the opened database and channel. */
export function resetQueueStoreForTests(): void {
  store = null;
  channel?.close();
  channel = undefined;
  listeners.clear();
}
