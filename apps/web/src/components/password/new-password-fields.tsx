import { PASSWORD_RULES_TEXT } from "@mieter-portal/contracts";
import type { ComponentProps } from "react";
import { Field } from "@/components/ui/field";

/**
 * A new password and its repetition, with the password rules as the first field's hint: the same
 * pair in the invitation, the password reset and the change of password in the settings.
 */
export function NewPasswordFields({
  id,
  labels,
  errors,
  readOnly,
  inputs,
}: {
  /** Prefix of the two fields' ids (`${id}-new`, `${id}-repeat`). */
  id: string;
  labels: { newPassword: string; repeatPassword: string };
  errors: { newPassword?: string; repeatPassword?: string };
  readOnly: boolean;
  /** The form library's props of each input (react-hook-form's register). */
  inputs: { newPassword: ComponentProps<"input">; repeatPassword: ComponentProps<"input"> };
}) {
  const passwordInput = (props: ComponentProps<"input">): ComponentProps<"input"> => ({
    type: "password",
    autoComplete: "new-password",
    readOnly,
    ...props,
  });
  return (
    <>
      <Field
        id={`${id}-new`}
        label={labels.newPassword}
        hint={PASSWORD_RULES_TEXT}
        error={errors.newPassword}
        inputProps={passwordInput(inputs.newPassword)}
      />
      <Field
        id={`${id}-repeat`}
        label={labels.repeatPassword}
        error={errors.repeatPassword}
        inputProps={passwordInput(inputs.repeatPassword)}
      />
    </>
  );
}
