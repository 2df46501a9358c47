import { createSyncStatus } from "@mieter-portal/offline/sync-status";

/**
 * The sync's status (spec section 3) as a small store: the run loop (sync.ts) writes it, the
 * screens read it (hooks.ts: useSyncStatus) and the update prompt asks whether a run is going.
 */
export const syncStatus = createSyncStatus();

export const getSyncStatus = syncStatus.get;
export const subscribeSyncStatus = syncStatus.subscribe;
