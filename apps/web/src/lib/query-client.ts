import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import type { Persister } from "@tanstack/react-query-persist-client";
import { ApiRequestError } from "@/lib/api/errors";
import { getQueryFn } from "@/lib/api/query-fn";
import { notify } from "./notify";
import { offlineNotices } from "./offline/notices";
import { isOfflineResult } from "./offline/types";
import { expireSession } from "./session";
import { getItem, removeItem, STORAGE_KEYS, setItem } from "./storage";

/** What a query or mutation may ask the caches to show when it fails or succeeds. */
export interface FeedbackMeta extends Record<string, unknown> {
  errorTitle?: string;
  /** Fixed description; otherwise the error's message is shown. */
  errorDescription?: string;
  successTitle?: string;
  successDescription?: string;
  /** Set by queries whose failure is shown inline instead of as a toast. */
  silent?: boolean;
  /** false: a change queued offline shows no notice (e.g. marking a message read on opening it). */
  offlineNotice?: boolean;
}

declare module "@tanstack/react-query" {
  interface Register {
    defaultError: Error;
    queryMeta: FeedbackMeta;
    mutationMeta: FeedbackMeta;
  }
}

export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;
/** Spec: freshness 5 minutes; cache kept 30 days by the persister, gcTime capped (DESIGN decision 7). */
export const STALE_TIME = 5 * MINUTE;
export const GC_TIME = 24 * DAY;
export const PERSIST_MAX_AGE = 30 * DAY;

function describe(error: Error): string {
  if (error instanceof ApiRequestError) return error.apiMessage ?? error.message;
  return error.message;
}

function handleError(error: Error, meta: FeedbackMeta | undefined) {
  if (error instanceof ApiRequestError && error.status === 401) {
    // The session store tells its owner (the auth layer), which ends the session.
    expireSession(error);
    return;
  }
  // By name: the queue's code is not in the start-up bundle (see offline/queue-bridge).
  if (error.name === "QueueStorageError") {
    // The change is not saved anywhere: say so, whatever the screen's own failure text is.
    notify({ variant: "destructive", title: offlineNotices.storageFailedTitle, description: error.message });
    return;
  }
  if (!meta?.errorTitle || meta.silent) return;
  notify({ variant: "destructive", title: meta.errorTitle, description: meta.errorDescription ?? describe(error) });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleError(error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleError(error, mutation.meta),
      onSuccess: (data, _variables, _context, mutation) => {
        const meta = mutation.meta;
        if (isOfflineResult(data)) {
          // Spec section 4: offline, a submission says its data is kept and sent once a connection exists.
          if (meta?.offlineNotice !== false && !meta?.silent) {
            notify({ title: offlineNotices.queuedTitle, description: offlineNotices.queuedDescription });
          }
          return;
        }
        if (meta?.successTitle) notify({ title: meta.successTitle, description: meta.successDescription });
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: STALE_TIME,
        gcTime: GC_TIME,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        refetchInterval: false,
        // The query function answers offline reads itself (cached copy or the no-data error);
        // TanStack's "online" mode would instead leave a read without cache loading forever.
        networkMode: "always",
      },
      mutations: { retry: false },
    },
  });
}

/** The read cache lives in IndexedDB so screens have data offline (spec section 4). */
export function createPersister(): Persister {
  return createAsyncStoragePersister({
    key: STORAGE_KEYS.queryCache,
    storage: {
      getItem: (key) => getItem<string>(key),
      setItem: (key, value: string) => setItem(key, value),
      removeItem: (key) => removeItem(key),
    },
    throttleTime: 1000,
  });
}
