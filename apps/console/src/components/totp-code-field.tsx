import type { ComponentProps } from "react";
import { TextField } from "@/components/form-controls";

/** Six digits from an authenticator app: numeric keyboard, one-time-code autofill. */
export function TotpCodeField({
  label = "Code aus der Authenticator-App",
  error,
  hint,
  ...props
}: { label?: string; error?: string; hint?: string } & Omit<ComponentProps<"input">, "type">) {
  return (
    <TextField
      label={label}
      error={error}
      hint={hint ?? "6 Ziffern, z. B. 123456"}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      className="max-w-56"
      {...props}
    />
  );
}
