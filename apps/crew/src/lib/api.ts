import { readApiErrorBody } from "@mieter-portal/contracts";
import { API_BASE, API_KEY } from "./config";
import { getToken, signOut } from "./session";

export const NETWORK_ERROR_MESSAGE =
  "Keine Verbindung zum Server. Bitte prüfen Sie das Netz und versuchen Sie es erneut.";
export const UNKNOWN_ERROR_MESSAGE = "Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.";

/** A non-ok answer of the API: status, error code, the German message, field errors and Retry-After. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** What reads an answer: a zod schema of the contracts. */
export interface Answer<T> {
  parse(data: unknown): T;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Login: a 401 means wrong input, not an expired session. */
  anonymous?: boolean;
  idempotencyKey?: string;
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * Sends one request to the staff API. No network: fetch's TypeError is passed on as it is, so the
 * offline queue recognises it (packages/offline network-failure); the screens show NETWORK_ERROR_MESSAGE.
 */
export async function send(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<unknown> {
  const headers = new Headers({ "X-API-Key": API_KEY, Accept: "application/json" });
  const token = options.anonymous ? null : getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (options.idempotencyKey) headers.set("Idempotency-Key", options.idempotencyKey);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const res = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  let parsed: unknown = null;
  if (res.status !== 204) {
    try {
      parsed = await res.json();
    } catch {
      parsed = null;
    }
  }
  if (res.ok) return parsed;
  const read = readApiErrorBody(parsed);
  const error = new ApiError(
    res.status,
    read.code ?? `http_${res.status}`,
    read.message || UNKNOWN_ERROR_MESSAGE,
    read.fields ?? {},
    retryAfterMs(res.headers.get("retry-after")),
  );
  if (res.status === 401 && token) signOut("expired");
  throw error;
}

/** One call whose answer is parsed by its schema. */
export async function api<T>(
  method: string,
  path: string,
  answer: Answer<T>,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return answer.parse(await send(method, path, body, options));
}

/** The message to show for any error a call may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return NETWORK_ERROR_MESSAGE;
  return UNKNOWN_ERROR_MESSAGE;
}
