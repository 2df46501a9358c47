import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { QueueEntry } from "./types";

/**
 * The offline queue lives in its own IndexedDB database (DESIGN §4.4): files and photos exceed
 * browser storage quickly, and clearing an app's read cache must not touch it by accident.
 * Version 1, one store "entries" of entries keyed by id: the tenant app's database as idb-keyval
 * made it before, so changes queued by an older version survive the update (decision 050).
 */
const STORE_NAME = "entries";

interface QueueSchema extends DBSchema {
  entries: { key: string; value: QueueEntry };
}

export interface QueueStoreOptions {
  /** The app's database name (the tenant app: `mieter_portal_offline_queue`). */
  dbName: string;
  /** The BroadcastChannel that tells the app's other tabs about changes. */
  channelName: string;
  /** The label of an entry stored without one (its meaning is never rebuilt from its URL). */
  fallbackLabel: string;
}

export type AddOutcome = { added: true; entry: QueueEntry } | { added: false; entry: QueueEntry };

export interface QueueChange {
  kind: "added" | "updated" | "removed";
  id: string | null;
  /** True when another tab made the change. */
  remote?: boolean;
}
type QueueListener = (change: QueueChange) => void;

export interface QueueStore {
  /** Every entry, oldest first. */
  listEntries(): Promise<QueueEntry[]>;
  getEntry(id: string): Promise<QueueEntry | null>;
  /**
   * Adds an entry unless the same change of the same account already waits (spec section 4:
   * refused silently). For one resource only the latest waiting change counts, so confirm → cancel
   * → confirm keeps the last confirm. Check and write share one transaction: two tabs cannot both
   * add the same change. Resolves once the transaction committed; a failing write (e.g. the quota)
   * rejects with its own error and leaves the queue as it was.
   */
  addEntry(entry: QueueEntry): Promise<AddOutcome>;
  /** Changes an entry that is still there; null when it is gone (sent or discarded meanwhile). */
  updateEntry(id: string, change: (entry: QueueEntry) => QueueEntry): Promise<QueueEntry | null>;
  removeEntry(id: string): Promise<void>;
  /** Removes every entry the predicate picks (e.g. an account's entries on a confirmed logout); returns how many. */
  removeEntries(predicate: (entry: QueueEntry) => boolean): Promise<number>;
  /** Queue changes of this tab and of the app's other tabs (BroadcastChannel). */
  onQueueChange(listener: QueueListener): () => void;
  /** For tests: forget the opened database, the channel and the listeners. */
  reset(): void;
}

const byAge = (a: QueueEntry, b: QueueEntry) => a.timestamp - b.timestamp || a.id.localeCompare(b.id);

function abortQuietly(tx: { abort: () => void }): void {
  try {
    tx.abort();
  } catch {
    // already finished
  }
}

export function createQueueStore({ dbName, channelName, fallbackLabel }: QueueStoreOptions): QueueStore {
  let database: Promise<IDBPDatabase<QueueSchema>> | null = null;
  function queueDatabase(): Promise<IDBPDatabase<QueueSchema>> {
    if (database) return database;
    const opening = openDB<QueueSchema>(dbName, 1, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(STORE_NAME)) db.createObjectStore(STORE_NAME);
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

  const labelled = (entry: QueueEntry): QueueEntry => (entry.label ? entry : { ...entry, label: fallbackLabel });

  const listeners = new Set<QueueListener>();
  let channel: BroadcastChannel | null | undefined;

  function broadcastChannel(): BroadcastChannel | null {
    if (channel !== undefined) return channel;
    channel = null;
    if (typeof BroadcastChannel === "undefined") return channel;
    try {
      channel = new BroadcastChannel(channelName);
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

  return {
    async listEntries() {
      const all = await (await queueDatabase()).getAll(STORE_NAME);
      return all.map(labelled).sort(byAge);
    },

    async getEntry(id) {
      const entry = await (await queueDatabase()).get(STORE_NAME, id);
      return entry ? labelled(entry) : null;
    },

    async addEntry(entry) {
      const tx = (await queueDatabase()).transaction(STORE_NAME, "readwrite");
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
    },

    async updateEntry(id, change) {
      const tx = (await queueDatabase()).transaction(STORE_NAME, "readwrite");
      const current = await tx.store.get(id);
      const next = current ? change(current) : null;
      if (next) void tx.store.put(next, id).catch(() => undefined);
      await tx.done;
      if (next) notifyChanged({ kind: "updated", id });
      return next;
    },

    async removeEntry(id) {
      await (await queueDatabase()).delete(STORE_NAME, id);
      notifyChanged({ kind: "removed", id });
    },

    async removeEntries(predicate) {
      const tx = (await queueDatabase()).transaction(STORE_NAME, "readwrite");
      const doomed = (await tx.store.getAll()).filter(predicate);
      for (const entry of doomed) void tx.store.delete(entry.id).catch(() => undefined);
      await tx.done;
      if (doomed.length > 0) notifyChanged({ kind: "removed", id: null });
      return doomed.length;
    },

    onQueueChange(listener) {
      broadcastChannel();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    reset() {
      void database?.then((db) => db.close()).catch(() => undefined);
      database = null;
      channel?.close();
      channel = undefined;
      listeners.clear();
    },
  };
}
