import { type ChangeToQueue, createEnqueuer } from "@mieter-portal/offline/enqueue";
import type { OfflineResult } from "@mieter-portal/offline/types";
import { sessionTenantId } from "@/lib/session";
import { requestPersistentStorage } from "../persistent-storage";
import { queueStore } from "./queue-store";
import { offlineTexts } from "./texts";

/** Queues the tenant's changes (paths under /tenant) with the app's texts (decision 050). */
const enqueuer = createEnqueuer({
  store: queueStore,
  realm: "tenant",
  fallbackLabel: offlineTexts.genericLabel,
  queuedMessage: offlineTexts.queuedMessage,
  storageFailedMessage: offlineTexts.storageFailedDescription,
  // The first queued change asks the browser to keep the site's storage under pressure.
  onQueued: () => void requestPersistentStorage(),
});

export const { buildEntry, hasWaitingChangeFor } = enqueuer;

/**
 * Puts a change of the signed-in tenant in the queue and answers the fake success only after the
 * entry is committed (DESIGN §4.4); a duplicate of a waiting change is refused silently.
 */
export function enqueueChange(
  change: ChangeToQueue,
  tenantId: string | null = sessionTenantId(),
): Promise<OfflineResult> {
  return enqueuer.enqueueChange(change, tenantId);
}

/** For tests. */
export const resetEnqueueForTests = enqueuer.reset;
