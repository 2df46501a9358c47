import { PERIODIC_CHECK_MS, RECONNECT_DELAY_MS, startSyncTriggers } from "@mieter-portal/offline/triggers";
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

/** Spec section 9 (the shared package's triggers). */
export { PERIODIC_CHECK_MS, RECONNECT_DELAY_MS };

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

  const stopTriggers = startSyncTriggers({
    synchronize,
    isOffline,
    onNetworkChange: (listener) => onNetworkChange((next, previous) => listener(next.offline, previous.offline)),
    onQueueChange,
    busyOrEmpty: () => {
      const status = getSyncStatus();
      return status.inProgress || status.queueLength === 0;
    },
    // Offline reads answered from the cache look fresh, so everything is read again now; what the
    // waiting changes touch is read once, after the sync sent them (issue 13), not now and again then.
    onReconnect: async () => {
      const waiting = await pendingQueryKeys();
      if (isOffline()) return;
      refreshQueriesExcept(queryClient, waiting);
      await synchronize("reconnect", { refresh: waiting });
    },
  });

  return () => {
    stopTriggers();
    stopWatching();
    configureSync({ queryClient: null });
  };
}
