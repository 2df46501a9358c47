import { FieldError } from "@mieter-portal/ui/field-error";
import { Input, Label } from "@mieter-portal/ui/form-field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { Textarea } from "@mieter-portal/ui/textarea";
import { cn } from "@mieter-portal/ui/utils";
import { CircleAlert } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";

function describedBy(...ids: unknown[]) {
  return ids.filter((id): id is string => typeof id === "string" && id !== "").join(" ") || undefined;
}

interface FieldShellProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  id?: string;
}

function useFieldIds(id?: string) {
  const fallback = useId();
  const fieldId = id ?? fallback;
  return { fieldId, hintId: `${fieldId}-hint`, errorId: `${fieldId}-error` };
}

/** Label, input, hint and error wired with aria-invalid and aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  className,
  id,
  ...inputProps
}: FieldShellProps & Omit<ComponentProps<"input">, "id">) {
  const { fieldId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={fieldId}>{label}</Label>
      <Input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  id,
  ...props
}: FieldShellProps & Omit<ComponentProps<"textarea">, "id">) {
  const { fieldId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={fieldId}>{label}</Label>
      <Textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  id,
  children,
  ...props
}: FieldShellProps & Omit<ComponentProps<"select">, "id">) {
  const { fieldId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={fieldId}>{label}</Label>
      <NativeSelect
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        {...props}
      >
        {children}
      </NativeSelect>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

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
