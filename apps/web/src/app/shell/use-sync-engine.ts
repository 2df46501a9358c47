import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { isSyncRunning } from "@/lib/offline/sync";
import { startSyncManager } from "@/lib/offline/sync-manager";
import { subscribeSyncStatus } from "@/lib/offline/sync-status";
import { readSession, subscribeSession } from "@/lib/session";
import { connectSyncActivity } from "@/pwa/sync-activity";

/**
 * The app shell runs the sync engine while a tenant is signed in (spec section 4; issue 15: not
 * the floating button any more); a new sign-in (another token in the session store) restarts it.
 */
export function useSyncEngine(): void {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeSession, () => readSession()?.token ?? null);
  useEffect(() => {
    if (!token) return;
    const stopSync = startSyncManager({ queryClient });
    // The update prompt never reloads while this tab sends queued changes.
    const disconnect = connectSyncActivity({ isSyncRunning, subscribe: subscribeSyncStatus });
    return () => {
      disconnect();
      stopSync();
    };
  }, [queryClient, token]);
}
