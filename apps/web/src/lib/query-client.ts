import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import type { Persister } from "@tanstack/react-query-persist-client";
import { toast } from "@/components/ui/use-toast";
import { ApiRequestError, getQueryFn } from "./api-client";
import { registerMutationDefaults } from "./mutations";
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

type UnauthorizedHandler = (error: ApiRequestError) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The auth layer decides what a 401 of a signed-in request means. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

function describe(error: Error): string {
  if (error instanceof ApiRequestError) return error.apiMessage ?? error.message;
  return error.message;
}

function handleError(error: Error, meta: FeedbackMeta | undefined) {
  if (error instanceof ApiRequestError && error.status === 401) {
    onUnauthorized?.(error);
    return;
  }
  if (!meta?.errorTitle || meta.silent) return;
  toast({ variant: "destructive", title: meta.errorTitle, description: meta.errorDescription ?? describe(error) });
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleError(error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleError(error, mutation.meta),
      onSuccess: (_data, _variables, _context, mutation) => {
        const meta = mutation.meta;
        if (meta?.successTitle) toast({ title: meta.successTitle, description: meta.successDescription });
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
      },
      mutations: { retry: false },
    },
  });
  registerMutationDefaults(client);
  return client;
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
