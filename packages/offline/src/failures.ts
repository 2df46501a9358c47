import { isNetworkFailure } from "./network-failure";

/** What the sync needs to know of an app's error for a non-ok HTTP answer. */
export interface HttpFailure {
  status: number;
  /** The server's own message (the API's German text), else null. */
  message: string | null;
  /** How long the server asked to wait (Retry-After), in ms; null when it did not say. */
  retryAfterMs: number | null;
}

/** Reads an app's error of a non-ok answer; null for anything else (no network, a bug). */
export type ReadHttpFailure = (error: unknown) => HttpFailure | null;

export type FailureKind = "unauthorized" | "network" | "throttled" | "retry" | "refused";

/**
 * How the sync treats a failed entry: 401 pauses the queue (no retry counted), no network
 * interrupts the sync, 429 (too many requests, write quota) stops the run until the server's
 * Retry-After without counting a retry, 408/409/425 and 5xx are retried later, any other 4xx is
 * refused and kept as failed with the server's message.
 */
export function classifyFailure(error: unknown, readHttp: ReadHttpFailure): FailureKind {
  const http = readHttp(error);
  if (http) {
    if (http.status === 401) return "unauthorized";
    if (http.status === 429) return "throttled";
    if ([408, 409, 425].includes(http.status) || http.status >= 500) return "retry";
    if (http.status >= 400) return "refused";
    return "retry";
  }
  if (isNetworkFailure(error)) return "network";
  if (error instanceof DOMException && error.name === "AbortError") return "network";
  return "retry";
}

/** The text kept with a failed entry: the server's message, else the error's own ('status: body'). */
export function describeFailure(error: unknown, readHttp: ReadHttpFailure): string {
  const http = readHttp(error);
  if (http?.message) return http.message;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
