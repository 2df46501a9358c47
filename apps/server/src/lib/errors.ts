import { ERROR_MESSAGES, type ErrorCode } from "@mieter-portal/contracts";

/** An error the API answers with its status and German message; thrown from hooks and handlers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries (e.g. Retry-After on 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = "HttpError";
  }
}

export const badRequest = (message?: string, fields?: Record<string, string>) =>
  new HttpError(400, fields ? "validation_failed" : "bad_request", message, fields);
export const unauthorized = (code: ErrorCode = "unauthorized", message?: string) => new HttpError(401, code, message);
export const forbidden = (code: ErrorCode = "forbidden", message?: string) => new HttpError(403, code, message);
export const notFound = (message?: string) => new HttpError(404, "not_found", message);
export const conflict = (message?: string) => new HttpError(409, "conflict", message);
