import { LIMITS, newPassword } from "@mieter-portal/contracts";
import { z } from "zod";
import { settingsTexts } from "./texts";

/**
 * The 'Passwort ändern' form: the API's rules (contracts) plus the repeat field. The server checks
 * the current password; its answer is shown on that field.
 */
export const passwordChangeFormSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, { error: settingsTexts.currentRequired })
      .max(LIMITS.passwordMax, { error: "Das Passwort ist zu lang." }),
    newPassword: z.string().min(1, { error: settingsTexts.newRequired }).pipe(newPassword),
    repeatPassword: z.string().min(1, { error: settingsTexts.repeatRequired }),
  })
  .refine((v) => v.repeatPassword === "" || v.newPassword === v.repeatPassword, {
    error: settingsTexts.mismatch,
    path: ["repeatPassword"],
  })
  .refine((v) => v.currentPassword === "" || v.newPassword !== v.currentPassword, {
    error: settingsTexts.sameAsCurrent,
    path: ["newPassword"],
  });

export type PasswordChangeFormValues = z.infer<typeof passwordChangeFormSchema>;

export const emptyPasswordChangeForm: PasswordChangeFormValues = {
  currentPassword: "",
  newPassword: "",
  repeatPassword: "",
};

/** Field → first message, for tests and callers without react-hook-form. */
export function validatePasswordChange(
  values: PasswordChangeFormValues,
): Partial<Record<keyof PasswordChangeFormValues, string>> {
  const result = passwordChangeFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof PasswordChangeFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof PasswordChangeFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}
