import type { QueryFunction, QueryKey } from "@tanstack/react-query";
import { env } from "@/config/env";
import { sessionToken } from "@/lib/session";
import { hasEarlyRead, rememberEarlyRead, takeEarlyRead } from "./early-reads";
import { isOffline } from "./network";
import { offlineNotices } from "./offline/notices";
import { isRecord } from "./utils";

/** A non-ok HTTP answer. The message is the spec's "status: body" (spec section 5). */
export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  constructor(
    readonly status: number,
    message: string,
    /** Error code of the API's `{error, message, fields}` body, when there is one. */
    readonly code: string | null,
    /** The API's German message, when there is one. */
    readonly apiMessage: string | null,
    readonly fields: Record<string, string> | null,
    /** How long the server asked to wait before trying again (Retry-After of a 429 or 503), in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** A Retry-After header (seconds or an HTTP date) as milliseconds from now; null when absent or unusable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Otherwise an HTTP date ("Mon, 23 Nov 2026 10:02:00 GMT"); Date.parse would take "-5" as a year.
  if (!/[a-z]{3}/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Builds the error of a non-ok response from its status, status text, body text and headers. */
export function buildApiError(
  status: number,
  statusText: string,
  bodyText: string,
  headers?: Headers,
): ApiRequestError {
  const text = bodyText.trim() || statusText || "Unbekannter Fehler";
  let code: string | null = null;
  let apiMessage: string | null = null;
  let fields: Record<string, string> | null = null;
  try {
    const body: unknown = JSON.parse(bodyText);
    if (isRecord(body)) {
      if (typeof body.error === "string") code = body.error;
      if (typeof body.message === "string") apiMessage = body.message;
      if (isRecord(body.fields)) {
        fields = Object.fromEntries(
          Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
        );
      }
    }
  } catch {
    // plain-text body: the message keeps it verbatim
  }
  const retryAfterMs = parseRetryAfter(headers?.get("Retry-After"));
  return new ApiRequestError(status, `${status}: ${text}`, code, apiMessage, fields, retryAfterMs);
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let bodyText = "";
  try {
    bodyText = await res.text();
  } catch {
    bodyText = "";
  }
  throw buildApiError(res.status, res.statusText, bodyText, res.headers);
}

/** Paths starting with /api/v1/ or /api/ are moved onto the configured API base (spec section 7). */
export function resolveApiUrl(path: string, base: string = env.apiBase): string {
  const cleanBase = base.replace(/\/+$/, "");
  for (const prefix of ["/api/v1", "/api"]) {
    if (path === prefix) return cleanBase;
    if (path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) return cleanBase + path.slice(prefix.length);
  }
  return path;
}

export function buildHeaders(extra?: Record<string, string>, { withToken = true } = {}): Headers {
  const headers = new Headers(extra);
  headers.set("X-API-Key", env.apiKey);
  headers.set("Accept", "application/json");
  const token = withToken ? sessionToken() : null;
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send cookies too (login does, spec section 7). */
  withCredentials?: boolean;
}

/** One request to the API; throws ApiRequestError on a non-ok answer. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const headers = buildHeaders(options.headers);
  let body: BodyInit | undefined;
  if (data instanceof FormData) {
    body = data;
  } else if (data !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(data);
  }
  const res = await fetch(resolveApiUrl(url), {
    method,
    headers,
    body,
    signal: options.signal,
    credentials: options.withCredentials ? "include" : "same-origin",
  });
  await throwIfResNotOk(res);
  return res;
}

/** Progress of a request body on its way to the server. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** Whole percent, 0–100. */
  percent: number;
}

export interface UploadOptions extends RequestOptions {
  onUploadProgress?: (progress: UploadProgress) => void;
}

export async function readJson(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** The query key's first element is the path; a plain object as second element becomes the query string. */
export function pathFromQueryKey(queryKey: QueryKey): string {
  const [path, params] = queryKey;
  if (typeof path !== "string") throw new Error("Der erste Teil des Query-Keys muss ein Pfad sein.");
  if (!isRecord(params)) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
}

export type UnauthorizedBehavior = "throw" | "returnNull";

/** An offline read with no cached copy (spec sections 5 and 8). */
export class OfflineDataUnavailableError extends Error {
  override readonly name = "OfflineDataUnavailableError";
  constructor(readonly resource: string) {
    super(offlineNotices.noData(resource));
  }
}

/** The German name of what a path reads ("Dokumente"), else the path itself. */
export function resourceNameOf(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? path;
  const segments = clean
    .replace(/^\/api(\/v1)?(?=\/|$)/, "")
    .split("/")
    .filter(Boolean);
  const tenant = segments.indexOf("tenant");
  const name = tenant >= 0 ? segments[tenant + 1] : segments[segments.length - 1];
  return (name && offlineNotices.resources[name]) || clean;
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
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal, client }) => {
    const path = pathFromQueryKey(queryKey);
    const res = await fetchForQuery(path, signal);
    if (!res) {
      const cached = client?.getQueryData<T>(queryKey);
      if (cached !== undefined) return cached;
      throw new OfflineDataUnavailableError(resourceNameOf(path));
    }
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await readJson(res)) as T;
  };
}
