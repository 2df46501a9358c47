/** Helpers for the package's tests (imported by *.test.ts only). */
import { createEnqueuer } from "./enqueue";
import { createQueueStore } from "./store";

let databases = 0;

/** A store and an enqueuer on a database of their own (texts as the tenant app gives them). */
export function testQueue({ realm = "tenant", onQueued }: { realm?: string; onQueued?: () => void } = {}) {
  databases += 1;
  const dbName = `test_queue_${databases}`;
  const store = createQueueStore({ dbName, channelName: `${dbName}_changes`, fallbackLabel: "Änderung" });
  const enqueuer = createEnqueuer({
    store,
    realm,
    fallbackLabel: "Änderung",
    queuedMessage: "In der Warteschlange.",
    storageFailedMessage: "Nicht gespeichert.",
    ...(onQueued && { onQueued }),
  });
  return { dbName, store, enqueuer };
}

/** An error of a non-ok answer as an app's API client throws it. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly apiMessage: string | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(`${status}: ${apiMessage ?? "Fehler"}`);
  }
}

export function readHttpError(error: unknown) {
  return error instanceof HttpError
    ? { status: error.status, message: error.apiMessage, retryAfterMs: error.retryAfterMs }
    : null;
}

export function networkDown(): never {
  throw new TypeError("Failed to fetch");
}
