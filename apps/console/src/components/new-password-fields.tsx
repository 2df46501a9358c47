import { LIMITS } from "@mieter-portal/contracts";
import { staffPasswordChange } from "@mieter-portal/contracts/staff";
import { PasswordField } from "@mieter-portal/ui/password-field";
import type { ComponentProps } from "react";
import { z } from "zod";

export const PASSWORD_MISMATCH = "Die Passwörter stimmen nicht überein.";

/** The two fields of a new password: the contracts' staff rules and the repetition. */
export const newPasswordShape = {
  newPassword: staffPasswordChange.shape.newPassword,
  repeat: z.string(),
};

/**
 * Checks that the repetition matches the new password, also while the password itself breaks a
 * rule: the mismatch shows on the repetition together with the password's message.
 */
export function withPasswordRepeat<T extends z.ZodType<{ newPassword: string; repeat: string }>>(schema: T) {
  return schema.refine((values) => values.newPassword === values.repeat, {
    error: PASSWORD_MISMATCH,
    path: ["repeat"],
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; repeat?: unknown } | undefined;
      return typeof value?.newPassword === "string" && typeof value.repeat === "string";
    },
  });
}

/**
 * A new password and its repetition, with the minimum length as the first field's hint: the same
 * pair in the invitation, the password reset and the change of password in the profile.
 */
export function NewPasswordFields({
  id,
  repeatLabel = "Passwort wiederholen",
  errors,
  inputs,
}: {
  /** Prefix of the two fields' ids (`${id}-password`, `${id}-repeat`). */
  id: string;
  repeatLabel?: string;
  errors: { newPassword?: string; repeat?: string };
  /** The form library's props of each input (react-hook-form's register). */
  inputs: { newPassword: ComponentProps<"input">; repeat: ComponentProps<"input"> };
}) {
  return (
    <>
      <PasswordField
        id={`${id}-password`}
        label="Neues Passwort"
        hint={`Mindestens ${LIMITS.staffPasswordMin} Zeichen.`}
        error={errors.newPassword}
        inputProps={{ autoComplete: "new-password", ...inputs.newPassword }}
      />
      <PasswordField
        id={`${id}-repeat`}
        label={repeatLabel}
        error={errors.repeat}
        inputProps={{ autoComplete: "new-password", ...inputs.repeat }}
      />
    </>
  );
}
