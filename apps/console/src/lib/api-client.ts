import { env } from "@/config/env";
import { getToken, signOut } from "./session";

export const NETWORK_ERROR_MESSAGE =
  "Die Verwaltung ist gerade nicht erreichbar. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.";
export const UNKNOWN_ERROR_MESSAGE = "Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.";

/** A failed API call: the HTTP status, the API's error code, its German message and field errors. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads the API's `{error, message, fields}` body; anything else becomes a German fallback. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    const code = typeof body.error === "string" ? body.error : `http_${status}`;
    const message = typeof body.message === "string" && body.message ? body.message : UNKNOWN_ERROR_MESSAGE;
    const fields = isRecord(body.fields)
      ? Object.fromEntries(
          Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
        )
      : {};
    return new ApiError(status, code, message, fields);
  }
  return new ApiError(status, `http_${status}`, UNKNOWN_ERROR_MESSAGE);
}

/** The message to show for any error a call may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return UNKNOWN_ERROR_MESSAGE;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Calls made before a session exists (login, invitation) answer 401 for wrong input;
   * those must not sign anybody out.
   */
  anonymous?: boolean;
}

async function send(method: string, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ "X-API-Key": env.apiKey, Accept: "application/json" });
  const token = options.anonymous ? null : getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let payload: string | undefined;
  if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(`${env.apiBase}${path}`, { method, headers, body: payload, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
  }
  if (res.ok) return res;
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    parsed = null;
  }
  const error = toApiError(res.status, parsed);
  // A refused staff token ends the session: the shell sends the staff member to the login.
  if (res.status === 401 && token) signOut("expired");
  throw error;
}

/** One JSON call to the staff API (paths below /api/v1). */
export async function api<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, body, options);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(path: string, options?: RequestOptions) => api<T>("GET", path, undefined, options);
export const apiPost = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  api<T>("POST", path, body ?? {}, options);
export const apiPatch = <T>(path: string, body: unknown) => api<T>("PATCH", path, body);
export const apiDelete = <T>(path: string) => api<T>("DELETE", path);

/** Binary answers that need the bearer header (photos): fetched as a blob. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const res = await send("GET", path, undefined, options);
  return res.blob();
}

/** Binary answers of a POST (a generated PDF): fetched as a blob. */
export async function apiPostBlob(path: string, body: unknown = {}): Promise<Blob> {
  const res = await send("POST", path, body, {});
  return res.blob();
}

/** Builds a query string from the set values only. */
export function queryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
