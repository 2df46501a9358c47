import type { ComponentProps } from "react";
import { Field } from "./field";

/** Label, password input, optional hint and error: a Field with a password input. */
export function PasswordField({
  id,
  label,
  hint,
  error,
  inputProps,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  inputProps: ComponentProps<"input">;
}) {
  return <Field id={id} label={label} hint={hint} error={error} inputProps={{ type: "password", ...inputProps }} />;
}
