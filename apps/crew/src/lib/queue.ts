import { createEnqueuer } from "@mieter-portal/offline/enqueue";
import { createEntriesSnapshot } from "@mieter-portal/offline/entries-snapshot";
import { newIdempotencyKey } from "@mieter-portal/offline/idempotency";
import { fromStoredBody } from "@mieter-portal/offline/payload";
import { createQueueStore } from "@mieter-portal/offline/store";
import { createSync } from "@mieter-portal/offline/sync";
import { createSyncStatus } from "@mieter-portal/offline/sync-status";
import { startSyncTriggers } from "@mieter-portal/offline/triggers";
import type { QueryKey, QueueEntry } from "@mieter-portal/offline/types";
import { ApiError, send } from "./api";
import { LAST_SYNC_STORAGE_KEY, QUEUE_CHANNEL, QUEUE_DB_NAME, QUEUE_LOCK } from "./config";
import { isOffline, onNetworkChange } from "./network";
import { getSession, signOut } from "./session";
import { readJson, writeJson } from "./storage";

/**
 * The crew app's offline queue, built from packages/offline (decision 050) with its own database,
 * realm "staff" and German texts. Every write of the app goes through it: stored on the device
 * first, sent once with its Idempotency-Key, kept through reloads until the server took it.
 */
export const QUEUE_TEXTS = {
  fallbackLabel: "Änderung",
  queued: "Gespeichert – wird gesendet, sobald eine Verbindung besteht.",
  storageFailed: "Das Gerät konnte die Eingabe nicht speichern (Speicher voll?). Bitte versuchen Sie es erneut.",
  connectionLost: "Verbindung unterbrochen – der Rest wird später gesendet.",
  paused: "Bitte melden Sie sich erneut an; danach wird gesendet.",
  failed: "Die Synchronisierung ist fehlgeschlagen.",
  maxRetriesLog: "Eintrag mehrfach fehlgeschlagen",
} as const;

export const queueStore = createQueueStore({
  dbName: QUEUE_DB_NAME,
  channelName: QUEUE_CHANNEL,
  fallbackLabel: QUEUE_TEXTS.fallbackLabel,
});

export const enqueuer = createEnqueuer({
  store: queueStore,
  realm: "staff",
  fallbackLabel: QUEUE_TEXTS.fallbackLabel,
  queuedMessage: QUEUE_TEXTS.queued,
  storageFailedMessage: QUEUE_TEXTS.storageFailed,
  onQueued: () => {
    void navigator.storage?.persist?.().catch(() => undefined);
  },
});

export const syncStatus = createSyncStatus();
export const entriesSnapshot = createEntriesSnapshot(queueStore);

/** What a finished run asks the screens to reload; the app wires its query client in. */
let refreshQueries: (keys: readonly QueryKey[]) => void = () => undefined;
export function setQueryRefresher(refresh: (keys: readonly QueryKey[]) => void): void {
  refreshQueries = refresh;
}

/** Sends one queued entry with its Idempotency-Key and the current token. */
export function sendEntry(entry: QueueEntry): Promise<unknown> {
  const body = fromStoredBody({ bodyKind: entry.bodyKind, data: entry.data });
  return send(entry.method, entry.url, body, { idempotencyKey: entry.idempotencyKey });
}

export const sync = createSync({
  store: queueStore,
  status: syncStatus,
  send: sendEntry,
  readHttpFailure: (error) =>
    error instanceof ApiError && error.status > 0
      ? { status: error.status, message: error.message, retryAfterMs: error.retryAfterMs }
      : null,
  accountId: () => getSession()?.staff.id ?? null,
  credential: () => getSession()?.token ?? null,
  // api.send already ended the session on the 401; the entries wait for the next sign-in.
  onUnauthorized: () => signOut("expired"),
  isOffline,
  refresh: (keys) => refreshQueries(keys),
  lastSync: {
    load: async () => readJson<number | null>(LAST_SYNC_STORAGE_KEY, null),
    save: async (time) => writeJson(LAST_SYNC_STORAGE_KEY, time),
  },
  lockName: QUEUE_LOCK,
  texts: {
    connectionLost: QUEUE_TEXTS.connectionLost,
    paused: QUEUE_TEXTS.paused,
    failed: QUEUE_TEXTS.failed,
    maxRetriesLog: QUEUE_TEXTS.maxRetriesLog,
  },
  // The screens show the queue's state themselves (the sync bar); no toasts.
  announce: { start() {}, done() {}, throttled() {}, interrupted() {}, error() {} },
});

/** Starts the triggers (now, 2 s after reconnect, every 60 s, after each change) while signed in. */
export function startCrewSync(): () => void {
  const stopLength = sync.watchQueueLength();
  void sync.loadLastSync();
  const stopTriggers = startSyncTriggers({
    synchronize: (trigger) => sync.synchronize(trigger),
    isOffline,
    onNetworkChange,
    onQueueChange: (listener) => queueStore.onQueueChange(listener),
    busyOrEmpty: () => sync.isSyncRunning() || syncStatus.get().queueLength === 0,
  });
  return () => {
    stopTriggers();
    stopLength();
  };
}

/** Puts a write of the signed-in crew member in the queue (the fake success answers once it is stored). */
export function queueWrite(change: {
  url: string;
  data: unknown;
  label: string;
  detail?: string | null;
  invalidates?: QueryKey[];
}) {
  const account = getSession()?.staff.id ?? null;
  return enqueuer.enqueueChange(
    {
      method: "POST",
      url: change.url,
      data: change.data,
      label: change.label,
      detail: change.detail ?? null,
      invalidates: change.invalidates ?? [["visits"]],
      idempotencyKey: newIdempotencyKey(),
    },
    account,
  );
}
