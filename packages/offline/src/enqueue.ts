import { newIdempotencyKey } from "./idempotency";
import { changeTypeOf, PRIORITIES, resourceOf } from "./ordering";
import { normalizePath } from "./paths";
import { signatureOf, toStoredBody } from "./payload";
import type { AddOutcome, QueueStore } from "./store";
import type { OfflineResult, QueryKey, QueueEntry, QueueMethod } from "./types";

/**
 * The entry could not be written to the device (quota, private mode…): the change is NOT saved.
 * Apps recognise it by name too (their start-up code need not load this module).
 */
export class QueueStorageError extends Error {
  override readonly name = "QueueStorageError";
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

/** A change as an app's mutation path knows it. */
export interface ChangeToQueue {
  method: QueueMethod;
  url: string;
  data?: unknown;
  invalidates?: QueryKey[];
  idempotencyKey: string;
  /** What the change is, in the app's words, when it was made; without one the fallback label. */
  label?: string;
  detail?: string | null;
  listed?: boolean;
}

export interface EnqueuerOptions {
  store: QueueStore;
  /** The app's realm of the API ("tenant" for /tenant/…): names the resource an entry changes. */
  realm: string;
  fallbackLabel: string;
  /** The message of the fake success a queued change answers with. */
  queuedMessage: string;
  /** The message of a QueueStorageError. */
  storageFailedMessage: string;
  /** Called after each stored change (the tenant app asks the browser for persistent storage). */
  onQueued?: () => void;
}

export interface Enqueuer {
  /** The entry of a change made by this account now (not stored). */
  buildEntry(change: ChangeToQueue, accountId: string): Promise<QueueEntry>;
  /**
   * Puts a change in the queue and answers the fake success only after the entry is committed
   * (DESIGN §4.4). A duplicate of a waiting change is refused silently: the answer is the same.
   */
  enqueueChange(change: ChangeToQueue, accountId: string | null): Promise<OfflineResult>;
  /**
   * True when a change of this account to the same resource still waits: a new change must queue
   * behind it, or it would overtake it (e.g. an online cancel before the offline confirm).
   */
  hasWaitingChangeFor(url: string, accountId: string): Promise<boolean>;
  /** For tests: forget the last creation time. */
  reset(): void;
}

export function createEnqueuer({
  store,
  realm,
  fallbackLabel,
  queuedMessage,
  storageFailedMessage,
  onQueued,
}: EnqueuerOptions): Enqueuer {
  let lastTimestamp = 0;
  /** Creation time, strictly increasing within this tab so two quick changes keep their order. */
  function nextTimestamp(): number {
    lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
    return lastTimestamp;
  }

  async function buildEntry(change: ChangeToQueue, accountId: string): Promise<QueueEntry> {
    const body = await toStoredBody(change.data);
    const type = changeTypeOf(change.method);
    return {
      id: newIdempotencyKey(),
      url: change.url,
      method: change.method,
      data: body.data,
      bodyKind: body.bodyKind,
      queryKey: change.invalidates ?? [],
      type,
      priority: PRIORITIES[type],
      timestamp: nextTimestamp(),
      retryCount: 0,
      lastRetry: null,
      error: null,
      idempotencyKey: change.idempotencyKey,
      tenantId: accountId,
      label: change.label ?? fallbackLabel,
      detail: change.detail ?? null,
      listed: change.listed ?? true,
      status: "pending",
      resource: resourceOf(change.url, realm),
      signature: signatureOf(change.method, normalizePath(change.url), body),
    };
  }

  return {
    buildEntry,

    async enqueueChange(change, accountId) {
      if (!accountId) throw new Error("Ohne Anmeldung kann keine Änderung gespeichert werden.");
      let outcome: AddOutcome;
      try {
        outcome = await store.addEntry(await buildEntry(change, accountId));
      } catch (error) {
        console.error("[offline] Änderung konnte nicht gespeichert werden", error);
        throw new QueueStorageError(storageFailedMessage, error);
      }
      onQueued?.();
      return { success: true, message: queuedMessage, offline: true, entryId: outcome.entry.id };
    },

    async hasWaitingChangeFor(url, accountId) {
      const resource = resourceOf(url, realm);
      if (!resource) return false;
      try {
        const entries = await store.listEntries();
        return entries.some((e) => e.status === "pending" && e.tenantId === accountId && e.resource === resource);
      } catch {
        return false;
      }
    },

    reset() {
      lastTimestamp = 0;
    },
  };
}
