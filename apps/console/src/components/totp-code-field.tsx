import { Field } from "@mieter-portal/ui/field";
import type { ComponentProps } from "react";

/**
 * Six digits from an authenticator app: numeric keyboard, one-time-code autofill. Whatever is typed
 * keeps only its digits (at most six) before the form sees it.
 */
export function TotpCodeField({
  label = "Code aus der Authenticator-App",
  error,
  hint,
  ...props
}: { label?: string; error?: string; hint?: string } & Omit<ComponentProps<"input">, "type">) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint ?? "6 Ziffern, z. B. 123456"}
      className="max-w-56 content-start"
      inputProps={{
        type: "text",
        inputMode: "numeric",
        autoComplete: "one-time-code",
        pattern: "[0-9]{6}",
        maxLength: 6,
        ...props,
        onChange: (event) => {
          event.target.value = event.target.value.replace(/\D/g, "").slice(0, 6);
          props.onChange?.(event);
        },
      }}
    />
  );
}
