import { fromStoredBody } from "@mieter-portal/offline/payload";
import { createSync } from "@mieter-portal/offline/sync";
import type { QueueEntry } from "@mieter-portal/offline/types";
import { partialMatchKey, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiRequestError } from "@/lib/api/errors";
import { expireSession, sessionTenantId, sessionToken } from "@/lib/session";
import { sendApiRequest } from "../mutations";
import { isOffline } from "../network";
import { getItem, STORAGE_PREFIX, setItem } from "../storage";
import { queueStore } from "./queue-store";
import { syncAnnouncer } from "./sync-notices";
import { syncStatus } from "./sync-status";
import { offlineTexts } from "./texts";

export const LAST_SYNC_KEY = `${STORAGE_PREFIX}last_sync`;
/** Only one tab of the app syncs at a time. */
export const SYNC_LOCK_NAME = `${STORAGE_PREFIX}sync`;

let queryClient: QueryClient | null = null;

/** The query client whose queries a sync refreshes (the shell's; null when stopped). */
export function configureSync(next: { queryClient: QueryClient | null }): void {
  queryClient = next.queryClient;
}

function matchesAny(queryKey: QueryKey, keys: readonly QueryKey[]): boolean {
  return keys.some((key) => partialMatchKey(queryKey, key));
}

/**
 * One refresh for all the queries these keys name (issue 13): each matching query once however many
 * changes touched it; those on screen are read now, the others when they are shown next. Not
 * awaited: nothing waits for the lists.
 */
function refreshQueries(keys: readonly QueryKey[]): void {
  if (!queryClient || keys.length === 0) return;
  queryClient.invalidateQueries({ predicate: (query) => matchesAny(query.queryKey, keys) }).catch(() => undefined);
}

/** Every query except those these keys name (the sync refreshes those once it sent their changes). */
export function refreshQueriesExcept(client: QueryClient, keys: readonly QueryKey[]): void {
  client.invalidateQueries({ predicate: (query) => !matchesAny(query.queryKey, keys) }).catch(() => undefined);
}

/** A queued change goes out as the generic mutation path sends it: API base, token, Idempotency-Key. */
function send(entry: QueueEntry): Promise<unknown> {
  return sendApiRequest({
    method: entry.method,
    url: entry.url,
    data: fromStoredBody(entry),
    invalidates: entry.queryKey as QueryKey[],
    idempotencyKey: entry.idempotencyKey,
  });
}

/**
 * The tenant app's sync: the shared package's loop (decision 050) with the app's API client, session,
 * texts, toasts and query client. Only the signed-in tenant's entries are sent; a 401 goes to
 * `expireSession` and the auth provider ends the session (the queue stays).
 */
const sync = createSync({
  store: queueStore,
  status: syncStatus,
  send,
  readHttpFailure: (error) =>
    error instanceof ApiRequestError
      ? { status: error.status, message: error.apiMessage, retryAfterMs: error.retryAfterMs }
      : null,
  accountId: sessionTenantId,
  credential: sessionToken,
  onUnauthorized: (error) => {
    if (error instanceof ApiRequestError) expireSession(error);
  },
  isOffline,
  refresh: refreshQueries,
  lastSync: {
    load: () => getItem<number>(LAST_SYNC_KEY),
    save: (time) => setItem(LAST_SYNC_KEY, time),
  },
  lockName: SYNC_LOCK_NAME,
  texts: {
    connectionLost: offlineTexts.sync.connectionLost,
    paused: offlineTexts.sync.paused,
    failed: offlineTexts.sync.failedDescription,
    maxRetriesLog: offlineTexts.sync.maxRetriesLog,
  },
  announce: syncAnnouncer,
});

export const { synchronize, isSyncRunning, pendingQueryKeys, watchQueueLength, loadLastSync, retryEntry } = sync;

/** For tests. */
export function resetSyncForTests(): void {
  sync.reset();
  queryClient = null;
}
