import type { z } from "zod";
import { ApiError } from "./api-client";

export type FieldErrors = Record<string, string>;

/** Checks values with a contracts schema; the first message per field, keyed by its top-level name. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "_form");
    errors[key] ??= issue.message;
  }
  return { data: null, errors };
}

/** Field errors of a 400 answer, or the message as a form-level error. */
export function errorsFromApi(error: unknown): FieldErrors {
  if (error instanceof ApiError) {
    if (Object.keys(error.fields).length > 0) return { ...error.fields, _form: error.message };
    return { _form: error.message };
  }
  return { _form: "Etwas ist schiefgegangen. Bitte versuchen Sie es erneut." };
}
