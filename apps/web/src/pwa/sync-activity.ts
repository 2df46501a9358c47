/**
 * What the update prompt needs from the sync engine (lib/offline): whether a sync is sending
 * queued changes right now, and a signal when that may have changed. A new version is never
 * activated and the page never reloaded while a sync runs, so no change is cut off mid-request.
 *
 * The sync engine plugs itself in once at start-up:
 *   connectSyncActivity({ isSyncRunning: () => …, subscribe: (listener) => unsubscribe })
 * Until then (or after disconnecting) no sync counts as running.
 */
export interface SyncActivity {
  /** True while a sync of this tab is sending queued changes. */
  isSyncRunning(): boolean;
  /** Calls `listener` whenever the running state may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

const NO_SYNC: SyncActivity = { isSyncRunning: () => false, subscribe: () => () => undefined };

let source: SyncActivity = NO_SYNC;

/** Connects the sync engine; the returned function disconnects it again. */
export function connectSyncActivity(activity: SyncActivity): () => void {
  source = activity;
  return () => {
    if (source === activity) source = NO_SYNC;
  };
}

/**
 * Read defensively: a sync engine that cannot answer counts as syncing, because reloading in the
 * middle of a sync is the one thing that must not happen (the prompt keeps checking).
 */
export function isSyncRunning(): boolean {
  try {
    return source.isSyncRunning() === true;
  } catch (error) {
    console.warn("[pwa] Synchronisierungsstatus nicht lesbar", error);
    return true;
  }
}

export function subscribeSyncActivity(listener: () => void): () => void {
  try {
    return source.subscribe(listener);
  } catch (error) {
    console.warn("[pwa] Synchronisierungsstatus nicht abonnierbar", error);
    return () => undefined;
  }
}
