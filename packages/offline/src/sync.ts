import { classifyFailure, describeFailure, type ReadHttpFailure } from "./failures";
import { sortForSync } from "./ordering";
import type { QueueStore } from "./store";
import type { SyncStatus, SyncStatusStore } from "./sync-status";
import type { QueryKey, QueueEntry } from "./types";

export type SyncTrigger = "reconnect" | "periodic" | "enqueue" | "sign-in" | "manual";

export type SyncOutcome =
  | { kind: "skipped"; reason: "offline" | "signed-out" | "paused" | "throttled" | "running" | "locked" | "empty" }
  | { kind: "done"; completed: number; failed: number; total: number }
  | { kind: "interrupted"; completed: number; failed: number; total: number }
  | { kind: "throttled"; completed: number; total: number; retryAt: number }
  | { kind: "paused"; completed: number; total: number }
  | { kind: "error"; error: unknown };

/** Spec section 9: after this many attempts an entry is logged (and still kept). */
export const MAX_RETRIES = 3;

/** Without Retry-After: wait for the next periodic check. At most an hour, whatever the server says. */
export const THROTTLE_DEFAULT_MS = 60_000;
export const THROTTLE_MAX_MS = 60 * 60_000;

/**
 * What a run tells the user (the app's notices). A quiet run (periodic, after an enqueue) is told
 * as such; the app decides what it says then.
 */
export interface SyncAnnouncer {
  start(quiet: boolean, total: number): void;
  done(quiet: boolean, counts: { completed: number; failed: number; refused: number }): void;
  throttled(quiet: boolean, completed: number, total: number): void;
  interrupted(quiet: boolean, completed: number, total: number): void;
  error(): void;
}

/** The app's texts the loop writes into the status and the log. */
export interface SyncTexts {
  /** Status error of a run stopped by a lost connection. */
  connectionLost: string;
  /** Status error while a 401 holds the queue. */
  paused: string;
  /** Status error of a run that failed unexpectedly (its error had no message). */
  failed: string;
  /** The log line of an entry that reached MAX_RETRIES. */
  maxRetriesLog: string;
}

export interface SyncOptions {
  store: QueueStore;
  status: SyncStatusStore;
  /**
   * Sends one entry now with its Idempotency-Key (the app adds base URL and authorisation and
   * rebuilds the body with fromStoredBody); resolves on success, rejects with the app's error.
   */
  send(entry: QueueEntry): Promise<unknown>;
  /** Reads the app's error of a non-ok answer (status, message, Retry-After). */
  readHttpFailure: ReadHttpFailure;
  /** The signed-in account: only its entries are sent; null when nobody is signed in. */
  accountId(): string | null;
  /** The current credential: after a 401 the queue waits until another one is current (a new sign-in). */
  credential(): string | null;
  /** A 401 came back: the app ends the session (the queue stays). */
  onUnauthorized(error: unknown): void;
  isOffline(): boolean;
  /** Refresh the app's queries these keys name (once per run, for the changes sent). */
  refresh(keys: readonly QueryKey[]): void;
  /** Where the time of the last complete run is kept. */
  lastSync: { load(): Promise<number | null>; save(time: number): Promise<void> };
  /** The Web Lock that lets only one tab of the app sync at a time. */
  lockName: string;
  texts: SyncTexts;
  announce: SyncAnnouncer;
}

export interface Sync {
  /**
   * One synchronisation (spec section 4): the account's waiting entries, typed and sorted, sent one
   * after another. Success removes the entry, and when the run ends each query the sent changes
   * touched is refreshed once (issue 13); failure keeps it with retryCount + 1; a lost connection
   * stops the run and keeps the rest; a 429 keeps the entry as it was and stops the run until the
   * server's Retry-After (automatic triggers wait for it). Entries of other accounts are never
   * sent. Only one run per tab, and only one tab at a time (Web Locks). `refresh`: more cache keys
   * to refresh with the run's own (after a reconnect: those of the waiting changes).
   */
  synchronize(trigger?: SyncTrigger, options?: { refresh?: readonly QueryKey[] }): Promise<SyncOutcome>;
  isSyncPaused(): boolean;
  isSyncRunning(): boolean;
  /** The cache keys the signed-in account's waiting changes will refresh once they are sent. */
  pendingQueryKeys(): Promise<QueryKey[]>;
  /** Keeps the status's queueLength current while the app runs (also for other tabs' changes). */
  watchQueueLength(): () => void;
  /** Puts the last complete run's time into the status. */
  loadLastSync(): Promise<void>;
  /** 'Erneut versuchen': a refused entry waits again, and a sync starts. */
  retryEntry(id: string): Promise<SyncOutcome>;
  /** For tests. */
  reset(): void;
}

/** Whether the run tells the user about itself: periodic and after-enqueue runs only speak when something changed. */
function isQuiet(trigger: SyncTrigger): boolean {
  return trigger === "periodic" || trigger === "enqueue";
}

export function createSync(options: SyncOptions): Sync {
  // Taken apart once: locals minify, property reads on `options` would not.
  const { store, status, announce, texts, send, readHttpFailure, credential, isOffline, refresh } = options;
  const signedIn = options.accountId;
  const setStatus = (patch: Partial<SyncStatus>) => status.set(patch);
  const describe = (error: unknown) => describeFailure(error, readHttpFailure);

  /** The credential a 401 came back for: the queue waits until another one (a new sign-in) is current. */
  let pausedCredential: string | null = null;
  let running: Promise<SyncOutcome> | null = null;
  /**
   * After a 429 the queue waits until this time (the server's Retry-After, else one periodic check);
   * only a sync the user starts by hand goes earlier.
   */
  let throttledUntil = 0;

  const isSyncPaused = () => pausedCredential !== null && pausedCredential === credential();

  /** Entries the current account may send now. */
  function sendable(entries: QueueEntry[], accountId: string, attempted: Set<string>): QueueEntry[] {
    return entries.filter((e) => e.status === "pending" && e.tenantId === accountId && !attempted.has(e.id));
  }

  async function refreshQueueLength(): Promise<void> {
    const accountId = signedIn();
    try {
      const entries = await store.listEntries();
      setStatus({
        queueLength: accountId ? entries.filter((e) => e.tenantId === accountId).length : 0,
        paused: isSyncPaused(),
      });
    } catch {
      // the next change tries again
    }
  }

  async function withSyncLock<T>(work: () => Promise<T>): Promise<T | null> {
    const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
    if (!locks?.request) return work();
    return locks.request(options.lockName, { ifAvailable: true }, async (lock) => (lock ? work() : null));
  }

  async function recordFailure(entry: QueueEntry, error: unknown, permanent: boolean): Promise<void> {
    const now = Date.now();
    const updated = await store.updateEntry(entry.id, (current) => ({
      ...current,
      retryCount: current.retryCount + 1,
      lastRetry: now,
      error: describe(error),
      status: permanent ? "failed" : "pending",
    }));
    if (updated && updated.retryCount >= MAX_RETRIES) {
      console.warn(`[sync] ${texts.maxRetriesLog}: ${updated.label} (${updated.retryCount} Versuche)`, {
        id: updated.id,
        url: updated.url,
        error: updated.error,
      });
    }
  }

  /** `touched` collects the cache keys of the changes sent; the caller refreshes them once, at the end. */
  async function run(trigger: SyncTrigger, accountId: string, touched: QueryKey[]): Promise<SyncOutcome> {
    const attempted = new Set<string>();
    const blockedResources = new Set<string>();
    let batch = sortForSync(sendable(await store.listEntries(), accountId, attempted));
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
    announce.start(quiet, total);

    // Entries changed in the queue since they were read (another tab, the details dialog) are read
    // again before they go; the others go as read. A sent entry is removed while the next one
    // travels; all removals are done before the run ends (an entry sent twice after a crash in
    // between is answered from the server's idempotency store). Issue 13: two IndexedDB
    // transactions in a row per change were a tenth of the drain on a slow connection.
    const changed = new Set<string>();
    let changedAll = false;
    const stopWatching = store.onQueueChange((change) => {
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
          const entry = changedAll || changed.has(queued.id) ? await store.getEntry(queued.id) : queued;
          if (entry?.status !== "pending" || entry.tenantId !== accountId) {
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
            const kind = classifyFailure(error, readHttpFailure);
            if (kind === "unauthorized") {
              pausedCredential = credential();
              setStatus({ paused: true });
              finish({ error: texts.paused });
              // The app ends the session (the queue stays).
              options.onUnauthorized(error);
              return { kind: "paused", completed, total };
            }
            if (kind === "throttled") {
              // Not the entry's fault: it stays pending, no attempt counted; the run stops politely.
              const wait = readHttpFailure(error)?.retryAfterMs ?? null;
              throttledUntil = Date.now() + Math.min(wait ?? THROTTLE_DEFAULT_MS, THROTTLE_MAX_MS);
              return throttled(describe(error));
            }
            await recordFailure(entry, error, kind === "refused");
            if (kind === "network") return interrupted();
            if (kind === "refused") refused += 1;
            failed += 1;
            if (entry.resource) blockedResources.add(entry.resource);
            setStatus({ failed, progress: progressOf(), error: describe(error) });
            continue;
          }
          removals.push(store.removeEntry(entry.id));
          completed += 1;
          setStatus({ completed, progress: progressOf() });
          // Refreshed once when the run ends, not after every change (100 changes: one read per list).
          touched.push(...entry.queryKey);
        }
        // Changes made while this run was busy go along in the same run.
        batch = sortForSync(sendable(await store.listEntries(), accountId, attempted));
        total += batch.length;
        if (batch.length > 0) setStatus({ total, progress: progressOf() });
      }

      const lastSync = Date.now();
      finish({ lastSync });
      try {
        await options.lastSync.save(lastSync);
      } catch {
        // logged by the app's storage; the time still shows for this session
      }
      announce.done(quiet, { completed, failed, refused });
      return { kind: "done", completed, failed, total };
    }

    function throttled(reason: string): SyncOutcome {
      finish({ error: reason });
      announce.throttled(quiet, completed, total);
      return { kind: "throttled", completed, total, retryAt: throttledUntil };
    }

    function interrupted(): SyncOutcome {
      finish({ error: texts.connectionLost });
      announce.interrupted(quiet, completed, total);
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

  function describeSafe(error: unknown): string {
    try {
      return describe(error);
    } catch {
      return texts.failed;
    }
  }

  function synchronize(
    trigger: SyncTrigger = "manual",
    { refresh: more = [] }: { refresh?: readonly QueryKey[] } = {},
  ) {
    const skip = (reason: Extract<SyncOutcome, { kind: "skipped" }>["reason"]): Promise<SyncOutcome> => {
      // Nothing is sent now: what was to be refreshed with the run is refreshed at once (offline it would only be the cache).
      if (reason !== "offline" && more.length > 0) refresh(more);
      return Promise.resolve({ kind: "skipped", reason });
    };
    if (running) return skip("running");
    if (isOffline()) return skip("offline");
    const accountId = signedIn();
    if (!accountId) return skip("signed-out");
    if (isSyncPaused()) return skip("paused");
    if (trigger !== "manual" && Date.now() < throttledUntil) return skip("throttled");
    if (pausedCredential !== null) {
      pausedCredential = null;
      setStatus({ paused: false, error: null });
    }
    const touched: QueryKey[] = [...more];
    const current = (async (): Promise<SyncOutcome> => {
      try {
        const outcome = await withSyncLock(() => run(trigger, accountId, touched));
        return outcome ?? { kind: "skipped", reason: "locked" };
      } catch (error) {
        console.warn("[sync] Synchronisierung fehlgeschlagen", error);
        setStatus({ inProgress: false, nextOperation: null, currentEntryId: null, error: describeSafe(error) });
        announce.error();
        return { kind: "error", error };
      } finally {
        running = null;
        if (touched.length > 0) refresh(touched);
        void refreshQueueLength();
      }
    })();
    running = current;
    return current;
  }

  return {
    synchronize,
    isSyncPaused,
    isSyncRunning: () => running !== null,

    async pendingQueryKeys() {
      const accountId = signedIn();
      if (!accountId) return [];
      try {
        const entries = await store.listEntries();
        return entries.filter((e) => e.status === "pending" && e.tenantId === accountId).flatMap((e) => e.queryKey);
      } catch {
        return [];
      }
    },

    watchQueueLength() {
      void refreshQueueLength();
      return store.onQueueChange(() => void refreshQueueLength());
    },

    async loadLastSync() {
      const saved = await options.lastSync.load();
      if (typeof saved === "number") setStatus({ lastSync: saved });
    },

    async retryEntry(id) {
      await store.updateEntry(id, (entry) => ({ ...entry, status: "pending" }));
      return synchronize("manual");
    },

    reset() {
      status.reset();
      pausedCredential = null;
      throttledUntil = 0;
      running = null;
    },
  };
}
