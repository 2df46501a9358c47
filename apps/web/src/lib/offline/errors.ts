import { ApiRequestError } from "@/lib/api/errors";
import { isNetworkFailure } from "./network-failure";

export { isNetworkFailure };

export type FailureKind = "unauthorized" | "network" | "throttled" | "retry" | "refused";

/**
 * How the sync treats a failed entry: 401 pauses the queue (no retry counted), no network
 * interrupts the sync, 429 (too many requests, write quota) stops the run until the server's
 * Retry-After without counting a retry, 408/409/425 and 5xx are retried later, any other 4xx is
 * refused and kept as failed with the server's German message.
 */
export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return "unauthorized";
    if (error.status === 429) return "throttled";
    if ([408, 409, 425].includes(error.status) || error.status >= 500) return "retry";
    if (error.status >= 400) return "refused";
    return "retry";
  }
  if (isNetworkFailure(error)) return "network";
  if (error instanceof DOMException && error.name === "AbortError") return "network";
  return "retry";
}

/** The text shown with a failed entry: the API's German message, else 'status: body' (spec section 5). */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiRequestError) return error.apiMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
