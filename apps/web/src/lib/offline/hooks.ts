import { createEntriesSnapshot } from "@mieter-portal/offline/entries-snapshot";
import { normalizePath } from "@mieter-portal/offline/paths";
import type { SyncStatus } from "@mieter-portal/offline/sync-status";
import type { QueueEntry } from "@mieter-portal/offline/types";
import { useMemo, useSyncExternalStore } from "react";
import { sessionTenantId } from "@/lib/session";
import { queueStore } from "./queue-store";
import { getSyncStatus, subscribeSyncStatus } from "./sync-status";

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}

const entries = createEntriesSnapshot(queueStore);

/** Every entry of the offline queue on this device, oldest first; updates with every change (all tabs). */
export function useQueueEntries(): QueueEntry[] {
  return useSyncExternalStore(entries.subscribe, entries.get, entries.get);
}

/**
 * The signed-in tenant's changes under a path that lists show as 'wartet auf Synchronisierung'
 * (e.g. usePendingChanges("/api/v1/tenant/repairs")). Refused ones are included with their status.
 */
export function usePendingChanges(urlPrefix: string): QueueEntry[] {
  const all = useQueueEntries();
  const tenantId = sessionTenantId();
  const prefix = normalizePath(urlPrefix);
  return useMemo(
    () =>
      all.filter((entry) => {
        if (!entry.listed || entry.tenantId !== tenantId) return false;
        const path = normalizePath(entry.url);
        return path === prefix || path.startsWith(`${prefix}/`);
      }),
    [all, tenantId, prefix],
  );
}

/** For tests. */
export const resetQueueHooksForTests = entries.reset;
