import { readApiErrorText } from "@mieter-portal/contracts/api-error";

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
  const { code, message: apiMessage, fields } = readApiErrorText(bodyText);
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
