import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";
import { FieldError } from "./field-error";
import { Input, Label } from "./form-field";
import { cn } from "./utils";

/**
 * Epic Stack style field: label, input and error wired with useId, aria-invalid, aria-describedby.
 * A module of its own: the login screen's JavaScript (form-field) does not carry it.
 */
export function Field({
  label,
  error,
  inputProps,
  className,
}: {
  label: ReactNode;
  error?: string;
  inputProps: ComponentProps<"input">;
  className?: string;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = `${id}-error`;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
