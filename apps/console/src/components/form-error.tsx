import { CircleAlert } from "lucide-react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { errorsFromApi } from "@/lib/form";

/** A form-level error (wrong password, conflict), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

/**
 * A failed request on a react-hook-form form: the answer's field errors go to those of `fields`,
 * its message to `errors.root` (shown by FormError) — unless `quietWhenField` and a field took one.
 * Returns the field errors the form does not have (a caller may show them elsewhere).
 */
export function showApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  options: { quietWhenField?: boolean } = {},
): Record<string, string> {
  const { _form: message, ...found } = errorsFromApi(error);
  const rest: Record<string, string> = {};
  let onField = false;
  for (const [key, text] of Object.entries(found)) {
    if ((fields as readonly string[]).includes(key)) {
      setError(key as Path<T>, { type: "server", message: text });
      onField = true;
    } else rest[key] = text;
  }
  if (message && !(options.quietWhenField && onField)) setError("root", { type: "server", message });
  return rest;
}
