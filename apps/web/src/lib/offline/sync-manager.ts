import type { QueryClient } from "@tanstack/react-query";
import { isOffline, onNetworkChange } from "../network";
import { enqueueChange, hasWaitingChangeFor } from "./enqueue";
import { provideQueue } from "./queue-bridge";
import { onQueueChange } from "./queue-store";
import {
  configureSync,
  loadLastSync,
  pendingQueryKeys,
  refreshQueriesExcept,
  synchronize,
  watchQueueLength,
} from "./sync";
import { getSyncStatus } from "./sync-status";

/** Spec section 9. */
export const RECONNECT_DELAY_MS = 2000;
export const PERIODIC_CHECK_MS = 60_000;

export interface SyncManagerOptions {
  queryClient: QueryClient;
}

/**
 * Starts the sync triggers for the signed-in tenant (spec section 4): right away (after sign-in),
 * 2 s after the connection is back if it still is, every 60 s while online with a non-empty queue
 * and no sync running, and right after a change was queued while online. Returns the stop function.
 */
export function startSyncManager({ queryClient }: SyncManagerOptions): () => void {
  // Loaded with the shell: queueing offline must not depend on downloading code.
  provideQueue({ enqueueChange, hasWaitingChangeFor });
  configureSync({ queryClient });
  void loadLastSync();
  const stopWatching = watchQueueLength();
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  const stopNetwork = onNetworkChange((next, previous) => {
    if (next.offline || !previous.offline) return;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (isOffline()) return;
      void refreshAfterReconnect();
    }, RECONNECT_DELAY_MS);
  });

  // Offline reads answered from the cache look fresh, so everything is read again now; what the
  // waiting changes touch is read once, after the sync sent them (issue 13), not now and again then.
  const refreshAfterReconnect = async () => {
    const waiting = await pendingQueryKeys();
    if (isOffline()) return;
    refreshQueriesExcept(queryClient, waiting);
    await synchronize("reconnect", { refresh: waiting });
  };

  const interval = setInterval(() => {
    const status = getSyncStatus();
    if (isOffline() || status.inProgress || status.queueLength === 0) return;
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
    stopWatching();
    configureSync({ queryClient: null });
  };
}
