import { Field } from "@mieter-portal/ui/field";
import type { UseFormRegisterReturn } from "react-hook-form";

interface End {
  label: string;
  hint: string;
  /** What the form's `register` returned for this end (registered before the JSX, in screen order). */
  field: UseFormRegisterReturn;
  error: string | undefined;
}

/**
 * A window of two Berlin wall-clock times side by side ("datetime-local"): the outage's Beginn and
 * Ende, and the notice's Gültig ab and Gültig bis. One component, so both ask for a time alike.
 */
export function WindowFields({ from, until, required }: { from: End; until: End; required?: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {[from, until].map((end) => (
        <Field
          key={end.field.name}
          label={end.label}
          hint={end.hint}
          error={end.error}
          className="min-w-0 content-start"
          inputProps={{ type: "datetime-local", required, ...end.field }}
        />
      ))}
    </div>
  );
}
