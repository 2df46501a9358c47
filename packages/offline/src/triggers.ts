import type { QueueChange } from "./store";
import type { SyncOutcome, SyncTrigger } from "./sync";

/** Spec section 9. */
export const RECONNECT_DELAY_MS = 2000;
export const PERIODIC_CHECK_MS = 60_000;

export interface SyncTriggerOptions {
  synchronize(trigger: SyncTrigger): Promise<SyncOutcome>;
  isOffline(): boolean;
  /** The app's network state: the listener hears whether it is offline now and whether it was before. */
  onNetworkChange(listener: (offline: boolean, wasOffline: boolean) => void): () => void;
  onQueueChange(listener: (change: QueueChange) => void): () => void;
  /** Whether a periodic check has anything to do: a run is going, or the queue is empty. */
  busyOrEmpty(): boolean;
  /** Once the connection is back and stayed 2 s: by default a sync; the app may refresh its reads around it. */
  onReconnect?: () => Promise<unknown>;
}

/**
 * Starts the sync triggers for the signed-in account (spec section 4): right away (after sign-in),
 * 2 s after the connection is back if it still is, every 60 s while online with a non-empty queue
 * and no sync running, and right after a change was queued in this tab while online. Returns the
 * stop function.
 */
export function startSyncTriggers({
  synchronize,
  isOffline,
  onNetworkChange,
  onQueueChange,
  busyOrEmpty,
  onReconnect = () => synchronize("reconnect"),
}: SyncTriggerOptions): () => void {
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  const stopNetwork = onNetworkChange((offline, wasOffline) => {
    if (offline || !wasOffline) return;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (isOffline()) return;
      void onReconnect();
    }, RECONNECT_DELAY_MS);
  });

  const interval = setInterval(() => {
    if (isOffline() || busyOrEmpty()) return;
    void synchronize("periodic");
  }, PERIODIC_CHECK_MS);

  const stopQueue = onQueueChange((change) => {
    if (change.kind !== "added" || change.remote || isOffline()) return;
    void synchronize("enqueue");
  });

  if (!isOffline()) void synchronize("sign-in");

  return () => {
    if (reconnectTimer) clearTimeout(reconnectTimer);
    clearInterval(interval);
    stopNetwork();
    stopQueue();
  };
}
