import type { QueueStore } from "./store";
import type { QueueEntry } from "./types";

/**
 * Every entry of the queue as a snapshot that changes only when the entries do (all tabs): for
 * React's useSyncExternalStore (subscribe, get) without the package depending on React.
 */
export interface EntriesSnapshot {
  subscribe(listener: () => void): () => void;
  get(): QueueEntry[];
  /** For tests. */
  reset(): void;
}

const EMPTY: QueueEntry[] = [];

/** Same entries in the same state: no new snapshot, so screens do not re-render for nothing. */
function sameEntries(a: QueueEntry[], b: QueueEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, i) => {
      const other = b[i]!;
      return (
        entry.id === other.id &&
        entry.status === other.status &&
        entry.retryCount === other.retryCount &&
        entry.error === other.error &&
        entry.tenantId === other.tenantId
      );
    })
  );
}

export function createEntriesSnapshot(store: QueueStore): EntriesSnapshot {
  let snapshot: QueueEntry[] = EMPTY;
  const listeners = new Set<() => void>();
  let stopWatching: (() => void) | null = null;
  let loadSeq = 0;

  async function reload(): Promise<void> {
    const seq = ++loadSeq;
    try {
      const entries = await store.listEntries();
      if (seq !== loadSeq || sameEntries(snapshot, entries)) return;
      snapshot = entries;
    } catch {
      return;
    }
    for (const listener of listeners) listener();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!stopWatching) {
        stopWatching = store.onQueueChange(() => void reload());
        void reload();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stopWatching) {
          stopWatching();
          stopWatching = null;
        }
      };
    },
    get: () => snapshot,
    reset() {
      snapshot = EMPTY;
      stopWatching?.();
      stopWatching = null;
      listeners.clear();
    },
  };
}
