import { env } from "@/config/env";
import { sessionToken } from "../session";
import { throwIfResNotOk } from "./errors";
import { resolveApiUrl } from "./urls";

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
