import { ApiError } from "./api-client";

type FieldErrors = Record<string, string>;

/** Field errors of a 400 answer, or the message as a form-level error (`_form`). */
export function errorsFromApi(error: unknown): FieldErrors {
  if (error instanceof ApiError) {
    if (Object.keys(error.fields).length > 0) return { ...error.fields, _form: error.message };
    return { _form: error.message };
  }
  return { _form: "Etwas ist schiefgegangen. Bitte versuchen Sie es erneut." };
}
