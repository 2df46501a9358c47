import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { STORAGE_PREFIX } from "../storage";
import { offlineTexts } from "./texts";
import type { QueueEntry } from "./types";

/**
 * The offline queue lives in its own IndexedDB database (DESIGN §4.4): files and photos exceed
 * browser storage quickly, and logging out of the read cache must not touch it by accident.
 * Transactions through `idb` (issue 15); the database is the one idb-keyval made before
 * (version 1, one store of entries keyed by id), so queued changes survive the update.
 */
export const QUEUE_DB_NAME = `${STORAGE_PREFIX}offline_queue`;
const QUEUE_STORE_NAME = "entries";
const CHANNEL_NAME = `${STORAGE_PREFIX}offline_queue_changes`;

interface QueueSchema extends DBSchema {
  entries: { key: string; value: QueueEntry };
}

let database: Promise<IDBPDatabase<QueueSchema>> | null = null;
function queueDatabase(): Promise<IDBPDatabase<QueueSchema>> {
  if (database) return database;
  const opening = openDB<QueueSchema>(QUEUE_DB_NAME, 1, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(QUEUE_STORE_NAME)) db.createObjectStore(QUEUE_STORE_NAME);
    },
    // The browser closed the connection (Safari does at times): the next call opens it again.
    terminated() {
      if (database === opening) database = null;
    },
  });
  database = opening;
  opening.catch(() => {
    if (database === opening) database = null;
  });
  return opening;
}

const byAge = (a: QueueEntry, b: QueueEntry) => a.timestamp - b.timestamp || a.id.localeCompare(b.id);

/**
 * An entry keeps the label it was stored with; one stored without any gets the neutral label
 * (its meaning is never rebuilt from its URL).
 */
function labelled(entry: QueueEntry): QueueEntry {
  return entry.label ? entry : { ...entry, label: offlineTexts.genericLabel };
}

export async function listEntries(): Promise<QueueEntry[]> {
  const all = await (await queueDatabase()).getAll(QUEUE_STORE_NAME);
  return all.map(labelled).sort(byAge);
}

export async function getEntry(id: string): Promise<QueueEntry | null> {
  const entry = await (await queueDatabase()).get(QUEUE_STORE_NAME, id);
  return entry ? labelled(entry) : null;
}

export type AddOutcome = { added: true; entry: QueueEntry } | { added: false; entry: QueueEntry };

/**
 * Adds an entry unless the same change already waits (spec section 4: refused silently). For one
 * resource only the latest waiting change counts, so confirm → cancel → confirm keeps the last
 * confirm. Check and write share one transaction: two tabs cannot both add the same change. It
 * resolves once the transaction committed; a failing write (e.g. the quota) rejects with its own
 * error and leaves the queue as it was.
 */
export async function addEntry(entry: QueueEntry): Promise<AddOutcome> {
  const tx = (await queueDatabase()).transaction(QUEUE_STORE_NAME, "readwrite");
  let outcome: AddOutcome;
  try {
    const waiting = (await tx.store.getAll())
      .filter((e) => e.status === "pending" && e.tenantId === entry.tenantId)
      .sort((a, b) => a.timestamp - b.timestamp);
    const candidates = entry.resource ? waiting.filter((e) => e.resource === entry.resource).slice(-1) : waiting;
    const duplicate = candidates.find((e) => e.signature === entry.signature);
    outcome = duplicate ? { added: false, entry: duplicate } : { added: true, entry };
    if (!duplicate) void tx.store.put(entry, entry.id).catch(() => undefined);
    await tx.done;
  } catch (error) {
    abortQuietly(tx);
    // The transaction's own AbortError says less than what made it fail.
    await tx.done.catch(() => undefined);
    throw error;
  }
  if (outcome.added) notifyChanged({ kind: "added", id: entry.id });
  return outcome;
}

function abortQuietly(tx: { abort: () => void }): void {
  try {
    tx.abort();
  } catch {
    // already finished
  }
}

/** Changes an entry that is still there; null when it is gone (sent or discarded meanwhile). */
export async function updateEntry(id: string, change: (entry: QueueEntry) => QueueEntry): Promise<QueueEntry | null> {
  const tx = (await queueDatabase()).transaction(QUEUE_STORE_NAME, "readwrite");
  const current = await tx.store.get(id);
  const next = current ? change(current) : null;
  if (next) void tx.store.put(next, id).catch(() => undefined);
  await tx.done;
  if (next) notifyChanged({ kind: "updated", id });
  return next;
}

export async function removeEntry(id: string): Promise<void> {
  await (await queueDatabase()).delete(QUEUE_STORE_NAME, id);
  notifyChanged({ kind: "removed", id });
}

/** Removes every entry the predicate picks (e.g. a tenant's entries on a confirmed logout); returns how many. */
export async function removeEntries(predicate: (entry: QueueEntry) => boolean): Promise<number> {
  const tx = (await queueDatabase()).transaction(QUEUE_STORE_NAME, "readwrite");
  const doomed = (await tx.store.getAll()).filter(predicate);
  for (const entry of doomed) void tx.store.delete(entry.id).catch(() => undefined);
  await tx.done;
  if (doomed.length > 0) notifyChanged({ kind: "removed", id: null });
  return doomed.length;
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
  void database?.then((db) => db.close()).catch(() => undefined);
  database = null;
  channel?.close();
  channel = undefined;
  listeners.clear();
}
