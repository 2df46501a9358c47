import { readApiErrorBody } from "@mieter-portal/contracts";
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
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * What reads an answer: a zod schema of the contracts (decision 040). The server sends its answers
 * through the same schemas, so a parse failure means the console and the server disagree.
 */
export interface Answer<T> {
  parse(data: unknown): T;
}

/** Reads the API's `{error, message, fields}` body (contracts' parser); anything else becomes a German fallback. */
export function toApiError(status: number, body: unknown): ApiError {
  const read = readApiErrorBody(body);
  return new ApiError(status, read.code ?? `http_${status}`, read.message || UNKNOWN_ERROR_MESSAGE, read.fields ?? {});
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
  let payload: string | FormData | undefined;
  // A form with a file goes as multipart; the browser sets its Content-Type with the boundary.
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
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

/**
 * One JSON call to the staff API (paths below /api/v1); the answer is parsed by its schema. An
 * answer of another shape is not shown half-read: it fails like any other error, with the German
 * fallback message (code `invalid_answer`, the parse error as its cause).
 */
export async function api<T>(
  method: string,
  path: string,
  answer: Answer<T>,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const res = await send(method, path, body, options);
  try {
    const text = res.status === 204 ? "" : await res.text();
    return answer.parse(text ? JSON.parse(text) : undefined);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(res.status, "invalid_answer", UNKNOWN_ERROR_MESSAGE, {}, { cause });
  }
}

export const apiGet = <T>(path: string, answer: Answer<T>, options?: RequestOptions) =>
  api("GET", path, answer, undefined, options);
export const apiPost = <T>(path: string, answer: Answer<T>, body?: unknown, options?: RequestOptions) =>
  api("POST", path, answer, body ?? {}, options);
export const apiPut = <T>(path: string, answer: Answer<T>, body: unknown) => api("PUT", path, answer, body);
export const apiPatch = <T>(path: string, answer: Answer<T>, body: unknown) => api("PATCH", path, answer, body);
export const apiDelete = <T>(path: string, answer: Answer<T>) => api("DELETE", path, answer);

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
