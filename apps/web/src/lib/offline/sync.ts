import { partialMatchKey, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiRequestError } from "@/lib/api/errors";
import { expireSession, sessionTenantId, sessionToken } from "@/lib/session";
import { sendApiRequest } from "../mutations";
import { isOffline } from "../network";
import { getItem, STORAGE_PREFIX, setItem } from "../storage";
import { classifyFailure, describeFailure } from "./errors";
import { sortForSync } from "./ordering";
import { fromStoredBody } from "./payload";
import { getEntry, listEntries, onQueueChange, removeEntry, updateEntry } from "./queue-store";
import {
  announceSyncDone,
  announceSyncError,
  announceSyncInterrupted,
  announceSyncStart,
  announceSyncThrottled,
} from "./sync-notices";
import { resetSyncStatusForTests, type SyncStatus, setStatus } from "./sync-status";
import { offlineTexts } from "./texts";
import { MAX_RETRIES, type QueueEntry } from "./types";

export const LAST_SYNC_KEY = `${STORAGE_PREFIX}last_sync`;
/** Only one tab of the app syncs at a time. */
export const SYNC_LOCK_NAME = `${STORAGE_PREFIX}sync`;

export type SyncTrigger = "reconnect" | "periodic" | "enqueue" | "sign-in" | "manual";

export interface SyncDependencies {
  queryClient: QueryClient | null;
}

const deps: SyncDependencies = { queryClient: null };

export function configureSync(next: Partial<SyncDependencies>): void {
  Object.assign(deps, next);
}

/** The token a 401 came back for: the queue waits until another token (a new sign-in) is current. */
let pausedToken: string | null = null;

export function isSyncPaused(): boolean {
  return pausedToken !== null && pausedToken === sessionToken();
}

let running: Promise<SyncOutcome> | null = null;

export function isSyncRunning(): boolean {
  return running !== null;
}

/**
 * After a 429 the queue waits until this time (the server's Retry-After, else one periodic check);
 * only a sync the tenant starts by hand goes earlier.
 */
let throttledUntil = 0;
/** Without Retry-After: wait for the next periodic check. At most an hour, whatever the server says. */
export const THROTTLE_DEFAULT_MS = 60_000;
export const THROTTLE_MAX_MS = 60 * 60_000;

export type SyncOutcome =
  | { kind: "skipped"; reason: "offline" | "signed-out" | "paused" | "throttled" | "running" | "locked" | "empty" }
  | { kind: "done"; completed: number; failed: number; total: number }
  | { kind: "interrupted"; completed: number; failed: number; total: number }
  | { kind: "throttled"; completed: number; total: number; retryAt: number }
  | { kind: "paused"; completed: number; total: number }
  | { kind: "error"; error: unknown };

function matchesAny(queryKey: QueryKey, keys: readonly QueryKey[]): boolean {
  return keys.some((key) => partialMatchKey(queryKey, key));
}

/**
 * One refresh for all the queries these keys name (issue 13): each matching query once however many
 * changes touched it; those on screen are read now, the others when they are shown next. Not
 * awaited: nothing waits for the lists.
 */
export function refreshQueries(client: QueryClient | null, keys: readonly QueryKey[]): void {
  if (!client || keys.length === 0) return;
  client.invalidateQueries({ predicate: (query) => matchesAny(query.queryKey, keys) }).catch(() => undefined);
}

/** Every query except those these keys name (the sync refreshes those once it sent their changes). */
export function refreshQueriesExcept(client: QueryClient, keys: readonly QueryKey[]): void {
  client.invalidateQueries({ predicate: (query) => !matchesAny(query.queryKey, keys) }).catch(() => undefined);
}

/** The cache keys the signed-in tenant's waiting changes will refresh once they are sent. */
export async function pendingQueryKeys(): Promise<QueryKey[]> {
  const tenantId = sessionTenantId();
  if (!tenantId) return [];
  try {
    const entries = await listEntries();
    return entries.filter((e) => e.status === "pending" && e.tenantId === tenantId).flatMap((e) => e.queryKey);
  } catch {
    return [];
  }
}

/** Entries the current tenant may send now. */
function sendable(entries: QueueEntry[], tenantId: string, attempted: Set<string>): QueueEntry[] {
  return entries.filter((e) => e.status === "pending" && e.tenantId === tenantId && !attempted.has(e.id));
}

async function refreshQueueLength(): Promise<void> {
  const tenantId = sessionTenantId();
  try {
    const entries = await listEntries();
    setStatus({
      queueLength: tenantId ? entries.filter((e) => e.tenantId === tenantId).length : 0,
      paused: isSyncPaused(),
    });
  } catch {
    // the next change tries again
  }
}

/** Keeps queueLength current while the app runs (also for changes made in other tabs). */
export function watchQueueLength(): () => void {
  void refreshQueueLength();
  return onQueueChange(() => void refreshQueueLength());
}

export async function loadLastSync(): Promise<void> {
  const saved = await getItem<number>(LAST_SYNC_KEY);
  if (typeof saved === "number") setStatus({ lastSync: saved });
}

async function withSyncLock<T>(work: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks?.request) return work();
  return locks.request(SYNC_LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? work() : null));
}

function send(entry: QueueEntry): Promise<unknown> {
  return sendApiRequest({
    method: entry.method,
    url: entry.url,
    data: fromStoredBody(entry),
    invalidates: entry.queryKey,
    idempotencyKey: entry.idempotencyKey,
  });
}

async function recordFailure(entry: QueueEntry, error: unknown, permanent: boolean): Promise<void> {
  const now = Date.now();
  const updated = await updateEntry(entry.id, (current) => ({
    ...current,
    retryCount: current.retryCount + 1,
    lastRetry: now,
    error: describeFailure(error),
    status: permanent ? "failed" : "pending",
  }));
  if (updated && updated.retryCount >= MAX_RETRIES) {
    console.warn(`[sync] ${offlineTexts.sync.maxRetriesLog}: ${updated.label} (${updated.retryCount} Versuche)`, {
      id: updated.id,
      url: updated.url,
      error: updated.error,
    });
  }
}

/** Whether the run tells the tenant about itself: periodic and after-enqueue runs only speak when something changed. */
function isQuiet(trigger: SyncTrigger): boolean {
  return trigger === "periodic" || trigger === "enqueue";
}

/** `touched` collects the cache keys of the changes sent; the caller refreshes them once, at the end. */
async function run(trigger: SyncTrigger, tenantId: string, touched: QueryKey[]): Promise<SyncOutcome> {
  const attempted = new Set<string>();
  const blockedResources = new Set<string>();
  let batch = sortForSync(sendable(await listEntries(), tenantId, attempted));
  if (batch.length === 0) return { kind: "skipped", reason: "empty" };

  const quiet = isQuiet(trigger);
  let total = batch.length;
  let completed = 0;
  let failed = 0;
  let refused = 0;
  const progressOf = () => (total === 0 ? 100 : Math.round(((completed + failed) / total) * 100));
  setStatus({
    inProgress: true,
    total,
    completed,
    failed,
    progress: 0,
    error: null,
    nextOperation: null,
    currentEntryId: null,
  });
  announceSyncStart(quiet, total);

  // Entries changed in the queue since they were read (another tab, the details dialog) are read
  // again before they go; the others go as read. A sent entry is removed while the next one
  // travels; all removals are done before the run ends (an entry sent twice after a crash in
  // between is answered from the server's idempotency store). Issue 13: two IndexedDB
  // transactions in a row per change were a tenth of the drain on a slow connection.
  const changed = new Set<string>();
  let changedAll = false;
  const stopWatching = onQueueChange((change) => {
    if (change.id === null) changedAll = true;
    else changed.add(change.id);
  });
  const removals: Promise<void>[] = [];
  try {
    return await sendAll();
  } finally {
    stopWatching();
    await Promise.all(removals);
  }

  async function sendAll(): Promise<SyncOutcome> {
    while (batch.length > 0) {
      for (const queued of batch) {
        attempted.add(queued.id);
        if (isOffline()) return interrupted();
        // Discarded or changed in the meantime (another tab, the details dialog)?
        const entry = changedAll || changed.has(queued.id) ? await getEntry(queued.id) : queued;
        if (entry?.status !== "pending" || entry.tenantId !== tenantId) {
          total -= 1;
          setStatus({ total, progress: progressOf() });
          continue;
        }
        // An earlier change of this resource failed: a later one must not overtake it.
        if (entry.resource && blockedResources.has(entry.resource)) {
          failed += 1;
          setStatus({ failed, progress: progressOf() });
          continue;
        }
        setStatus({ nextOperation: entry.label, currentEntryId: entry.id });
        try {
          await send(entry);
        } catch (error) {
          const kind = classifyFailure(error);
          if (kind === "unauthorized") {
            pausedToken = sessionToken();
            setStatus({ paused: true });
            finish({ error: offlineTexts.sync.paused });
            // The session store tells the auth layer, which ends the session (the queue stays).
            if (error instanceof ApiRequestError) expireSession(error);
            return { kind: "paused", completed, total };
          }
          if (kind === "throttled") {
            // Not the entry's fault: it stays pending, no attempt counted; the run stops politely.
            const wait = error instanceof ApiRequestError ? error.retryAfterMs : null;
            throttledUntil = Date.now() + Math.min(wait ?? THROTTLE_DEFAULT_MS, THROTTLE_MAX_MS);
            return throttled(describeFailure(error));
          }
          await recordFailure(entry, error, kind === "refused");
          if (kind === "network") return interrupted();
          if (kind === "refused") refused += 1;
          failed += 1;
          if (entry.resource) blockedResources.add(entry.resource);
          setStatus({ failed, progress: progressOf(), error: describeFailure(error) });
          continue;
        }
        removals.push(removeEntry(entry.id));
        completed += 1;
        setStatus({ completed, progress: progressOf() });
        // Refreshed once when the run ends, not after every change (100 changes: one read per list).
        touched.push(...entry.queryKey);
      }
      // Changes made while this run was busy go along in the same run.
      batch = sortForSync(sendable(await listEntries(), tenantId, attempted));
      total += batch.length;
      if (batch.length > 0) setStatus({ total, progress: progressOf() });
    }

    const lastSync = Date.now();
    finish({ lastSync });
    try {
      await setItem(LAST_SYNC_KEY, lastSync);
    } catch {
      // logged by storage; the time still shows for this session
    }
    announceSyncDone(quiet, { completed, failed, refused });
    return { kind: "done", completed, failed, total };
  }

  function throttled(reason: string): SyncOutcome {
    finish({ error: reason });
    announceSyncThrottled(quiet, completed, total);
    return { kind: "throttled", completed, total, retryAt: throttledUntil };
  }

  function interrupted(): SyncOutcome {
    finish({ error: offlineTexts.sync.connectionLost });
    announceSyncInterrupted(quiet, completed, total);
    return { kind: "interrupted", completed, failed, total };
  }

  function finish(patch: Partial<SyncStatus>): void {
    setStatus({
      inProgress: false,
      total,
      completed,
      failed,
      progress: progressOf(),
      nextOperation: null,
      currentEntryId: null,
      ...patch,
    });
  }
}

export interface SyncOptions {
  /** More cache keys to refresh with the run's own (after a reconnect: those of the waiting changes). */
  refresh?: readonly QueryKey[];
}

/**
 * One synchronisation (spec section 4): the tenant's waiting entries, typed and sorted, sent one
 * after another. Success removes the entry, and when the run ends each query the sent changes
 * touched is refreshed once (issue 13; before, after every entry); failure keeps it with
 * retryCount + 1; a lost connection stops the run and keeps the rest; a 429 keeps the entry as it
 * was and stops the run until the server's Retry-After (automatic triggers wait for it). Entries of other tenants
 * are never sent. Only one run per tab, and only one tab at a time (Web Locks).
 */
export function synchronize(trigger: SyncTrigger = "manual", options: SyncOptions = {}): Promise<SyncOutcome> {
  const refresh = options.refresh ?? [];
  const skip = (reason: Extract<SyncOutcome, { kind: "skipped" }>["reason"]): Promise<SyncOutcome> => {
    // Nothing is sent now: what was to be refreshed with the run is refreshed at once (offline it would only be the cache).
    if (reason !== "offline") refreshQueries(deps.queryClient, refresh);
    return Promise.resolve({ kind: "skipped", reason });
  };
  if (running) return skip("running");
  if (isOffline()) return skip("offline");
  const tenantId = sessionTenantId();
  if (!tenantId) return skip("signed-out");
  if (isSyncPaused()) return skip("paused");
  if (trigger !== "manual" && Date.now() < throttledUntil) return skip("throttled");
  if (pausedToken !== null) {
    pausedToken = null;
    setStatus({ paused: false, error: null });
  }
  const touched: QueryKey[] = [...refresh];
  const current = (async (): Promise<SyncOutcome> => {
    try {
      const outcome = await withSyncLock(() => run(trigger, tenantId, touched));
      return outcome ?? { kind: "skipped", reason: "locked" };
    } catch (error) {
      console.warn("[sync] Synchronisierung fehlgeschlagen", error);
      setStatus({ inProgress: false, nextOperation: null, currentEntryId: null, error: describeFailureSafe(error) });
      announceSyncError();
      return { kind: "error", error };
    } finally {
      running = null;
      refreshQueries(deps.queryClient, touched);
      void refreshQueueLength();
    }
  })();
  running = current;
  return current;
}

function describeFailureSafe(error: unknown): string {
  try {
    return describeFailure(error);
  } catch {
    return offlineTexts.sync.failedDescription;
  }
}

/** For tests. */
export function resetSyncForTests(): void {
  resetSyncStatusForTests();
  pausedToken = null;
  throttledUntil = 0;
  running = null;
  Object.assign(deps, { queryClient: null });
}
