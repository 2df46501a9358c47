import { createQueueStore } from "@mieter-portal/offline/store";
import { STORAGE_PREFIX } from "../storage";
import { offlineTexts } from "./texts";

/**
 * The tenant app's offline queue: the shared package's IndexedDB store (decision 050) under the
 * database name the app always had, so changes queued by an older version survive the update.
 */
export const QUEUE_DB_NAME = `${STORAGE_PREFIX}offline_queue`;

const store = createQueueStore({
  dbName: QUEUE_DB_NAME,
  channelName: `${STORAGE_PREFIX}offline_queue_changes`,
  fallbackLabel: offlineTexts.genericLabel,
});

export const { listEntries, getEntry, addEntry, updateEntry, removeEntry, removeEntries, onQueueChange } = store;

/** The store itself, for the sync and the hooks. */
export const queueStore = store;

/** For tests: forget the opened database and channel. */
export const resetQueueStoreForTests = store.reset;
