/** Spec section 3: the sync status (plus paused: a 401 holds the queue until the user signs in again). */
export interface SyncStatus {
  inProgress: boolean;
  total: number;
  completed: number;
  failed: number;
  lastSync: number | null;
  /** Entries of the signed-in account still in the queue (waiting or failed). */
  queueLength: number;
  /** Percent of this run's entries handled. */
  progress: number;
  /** Label of the entry being sent. */
  nextOperation: string | null;
  /** Id of that entry (its 'Verwerfen' is disabled while it travels). */
  currentEntryId: string | null;
  error: string | null;
  paused: boolean;
}

const initialStatus: SyncStatus = {
  inProgress: false,
  total: 0,
  completed: 0,
  failed: 0,
  lastSync: null,
  queueLength: 0,
  progress: 0,
  nextOperation: null,
  currentEntryId: null,
  error: null,
  paused: false,
};

/**
 * The sync's status as a small store: the run loop (sync.ts) writes it, the screens read it
 * (useSyncExternalStore with subscribe and get) and an update prompt asks whether a run is going.
 */
export interface SyncStatusStore {
  /** The run loop's writes; unchanged values notify nobody. */
  set(patch: Partial<SyncStatus>): void;
  get(): SyncStatus;
  subscribe(listener: () => void): () => void;
  /** For tests. */
  reset(): void;
}

export function createSyncStatus(): SyncStatusStore {
  let status: SyncStatus = initialStatus;
  const listeners = new Set<() => void>();
  return {
    set(patch) {
      const keys = Object.keys(patch) as (keyof SyncStatus)[];
      if (keys.every((key) => status[key] === patch[key])) return;
      status = { ...status, ...patch };
      for (const listener of listeners) listener();
    },
    get: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reset() {
      status = initialStatus;
      listeners.clear();
    },
  };
}
