import type { QueryFunction } from "@tanstack/react-query";
import { hasEarlyRead, rememberEarlyRead, takeEarlyRead } from "../early-reads";
import { isOffline } from "../network";
import { offlineNotices } from "../offline/notices";
import { sessionToken } from "../session";
import { throwIfResNotOk } from "./errors";
import { buildHeaders, readJson } from "./request";
import { pathFromQueryKey, resolveApiUrl } from "./urls";

export type UnauthorizedBehavior = "throw" | "returnNull";

/** An offline read with no cached copy (spec sections 5 and 8). */
export class OfflineDataUnavailableError extends Error {
  override readonly name = "OfflineDataUnavailableError";
  constructor(readonly resource: string) {
    super(offlineNotices.noData(resource));
  }
}

/**
 * What an offline read without cached copy names: the resource its read declared (lib/reads), else
 * the path without its query string.
 */
export function offlineReadError(path: string, resource?: string): OfflineDataUnavailableError {
  return new OfflineDataUnavailableError(resource ?? path.split(/[?#]/)[0] ?? path);
}

async function fetchGet(path: string, signal?: AbortSignal): Promise<Response | undefined> {
  if (isOffline()) return undefined;
  try {
    return await fetch(resolveApiUrl(path), {
      method: "GET",
      headers: buildHeaders(),
      signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

/**
 * The GET of a query; undefined offline or when the network fails (the caller answers from its
 * cache). A read started early for the same path and token (startEarlyReads) is taken instead.
 */
export function fetchForQuery(path: string, signal: AbortSignal): Promise<Response | undefined> {
  return takeEarlyRead(path, sessionToken()) ?? fetchGet(path, signal);
}

/**
 * Sends these reads now, before the screens that ask for them exist (lib/early-reads); their
 * queries take the answers. Nothing is sent offline.
 */
export function startEarlyReads(paths: readonly string[]): void {
  if (isOffline()) return;
  const token = sessionToken();
  for (const path of paths) {
    if (!hasEarlyRead(path)) rememberEarlyRead(path, token, fetchGet(path));
  }
}

/**
 * GET of the path in the first cache key. A 401 throws, or gives null in the alternative mode.
 * Offline, or when the network fails, the cached copy is the answer (spec section 4); without one
 * the read fails with the no-data message for that resource.
 */
export function getQueryFn<T>({
  on401,
  resource,
}: {
  on401: UnauthorizedBehavior;
  /** German name of what is read ('Dokumente'), for the offline no-data message. */
  resource?: string;
}): QueryFunction<T | null> {
  return async ({ queryKey, signal, client }) => {
    const path = pathFromQueryKey(queryKey);
    const res = await fetchForQuery(path, signal);
    if (!res) {
      const cached = client?.getQueryData<T>(queryKey);
      if (cached !== undefined) return cached;
      throw offlineReadError(path, resource);
    }
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await readJson(res)) as T;
  };
}
