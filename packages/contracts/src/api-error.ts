/**
 * The API's error body `{error, message, fields}` (every non-ok answer of the server), read the
 * same way by the tenant app and the console (issue 26 §3, decision 040). Anything that is not
 * such a body gives nulls: each app then says it in its own German words (the tenant app "status:
 * body" as the spec asks, the console its "Etwas ist schiefgegangen" fallback).
 */
export interface ApiErrorBody {
  /** The machine-readable code (`validation_failed`), when the body names one. */
  code: string | null;
  /** The server's German message, verbatim (it may be empty). */
  message: string | null;
  /** Field errors by field name; only string values count. Null when the body has none. */
  fields: Record<string, string> | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads an already decoded error body. */
export function readApiErrorBody(body: unknown): ApiErrorBody {
  if (!isRecord(body)) return { code: null, message: null, fields: null };
  return {
    code: typeof body.error === "string" ? body.error : null,
    message: typeof body.message === "string" ? body.message : null,
    fields: isRecord(body.fields)
      ? Object.fromEntries(
          Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
        )
      : null,
  };
}

/** Reads an error body still as text: a plain-text or empty body gives nulls. */
export function readApiErrorText(text: string): ApiErrorBody {
  try {
    return readApiErrorBody(JSON.parse(text));
  } catch {
    return readApiErrorBody(null);
  }
}
