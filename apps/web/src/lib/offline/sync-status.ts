/**
 * The sync's status (spec section 3) as a small store: the run loop (sync.ts) writes it, the
 * screens read it (hooks.ts: useSyncStatus) and the update prompt asks whether a run is going.
 */
/** Spec section 3: the sync status (plus paused: a 401 holds the queue until the tenant signs in again). */
export interface SyncStatus {
  inProgress: boolean;
  total: number;
  completed: number;
  failed: number;
  lastSync: number | null;
  /** Entries of the signed-in tenant still in the queue (waiting or failed). */
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

let status: SyncStatus = initialStatus;
const statusListeners = new Set<() => void>();

/** The run loop's writes; unchanged values notify nobody. */
export function setStatus(patch: Partial<SyncStatus>): void {
  const keys = Object.keys(patch) as (keyof SyncStatus)[];
  if (keys.every((key) => status[key] === patch[key])) return;
  status = { ...status, ...patch };
  for (const listener of statusListeners) listener();
}

export function getSyncStatus(): SyncStatus {
  return status;
}

export function subscribeSyncStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

/** For tests. */
export function resetSyncStatusForTests(): void {
  status = initialStatus;
  statusListeners.clear();
}
