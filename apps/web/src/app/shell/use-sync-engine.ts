import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isSyncRunning } from "@/lib/offline/sync";
import { startSyncManager } from "@/lib/offline/sync-manager";
import { subscribeSyncStatus } from "@/lib/offline/sync-status";
import { connectSyncActivity } from "@/pwa/sync-activity";

/**
 * The app shell runs the sync engine while a tenant is signed in (spec section 4; issue 15: not
 * the floating button any more); a new sign-in (another token) restarts it.
 */
export function useSyncEngine(token: string | null): void {
  const queryClient = useQueryClient();
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
