import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";
import { FieldError } from "./field-error";
import { Input, Label } from "./form-field";
import { cn } from "./utils";

/** What a field's control needs: its id and the aria attributes pointing at hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

type FieldProps = {
  label: ReactNode;
  /** Shown below the control (after the hint) and named by its aria-describedby; makes it aria-invalid. */
  error?: string | null;
  /** A lasting note below the control (e.g. the password rules), named by its aria-describedby first. */
  hint?: ReactNode;
  /** aria-invalid without an error line of its own (an empty required field, a message for several fields). */
  invalid?: boolean;
  /** Further ids (space-separated) for aria-describedby, after hint and error. */
  describedBy?: string;
  /** The control's id; else inputProps.id; else one of useId. Hint and error ids derive from it. */
  id?: string;
  labelClassName?: string;
  /** Below the error, inside the field (e.g. a live region for warnings). */
  after?: ReactNode;
  className?: string;
} & (
  | {
      /** The default control: an Input with these props. */
      inputProps: ComponentProps<"input">;
      children?: undefined;
    }
  | {
      inputProps?: undefined;
      /** Any other control (Textarea, NativeSelect, a password input with its button), spread with these props. */
      children: (control: FieldControlProps) => ReactNode;
    }
);

/**
 * Epic Stack style field: label, control, hint and error wired with useId, aria-invalid, aria-describedby.
 * A module of its own: the login screen's JavaScript (form-field) does not carry it.
 *
 * The `children` function runs during Field's own render, after the form's render: a form that
 * calls react-hook-form's `register` inside it registers that field after the ones written as
 * `inputProps`, and react-hook-form focuses the first invalid field in registration order. Such
 * forms register their fields before their JSX, in the order of the screen (appointment and
 * repair forms).
 */
export function Field({
  label,
  error,
  hint,
  invalid,
  describedBy,
  id: givenId,
  labelClassName,
  after,
  className,
  inputProps,
  children,
}: FieldProps) {
  const fallbackId = useId();
  const id = givenId ?? inputProps?.id ?? fallbackId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control: FieldControlProps = {
    id,
    "aria-invalid": error || invalid ? true : undefined,
    "aria-describedby": [hint && hintId, error && errorId, describedBy].filter(Boolean).join(" ") || undefined,
  };
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children ? children(control) : <Input {...control} {...inputProps} id={id} />}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
      {after}
    </div>
  );
}
