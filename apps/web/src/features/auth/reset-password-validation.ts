import { newPassword } from "@mieter-portal/contracts";
import { z } from "zod";
import { passwordResetTexts } from "./password-reset-texts";

/** New password (the API's rules from contracts) and its repetition. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: z.string().min(1, { error: passwordResetTexts.newRequired }).pipe(newPassword),
    repeatPassword: z.string().min(1, { error: passwordResetTexts.repeatRequired }),
  })
  .refine((v) => v.repeatPassword === "" || v.newPassword === v.repeatPassword, {
    error: passwordResetTexts.mismatch,
    path: ["repeatPassword"],
  });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

export const forgotPasswordFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: passwordResetTexts.emailRequired })
    .pipe(z.email({ error: "Bitte geben Sie eine gültige E-Mail-Adresse ein." })),
});
export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordFormSchema>;

/** Field → first message. */
export function fieldErrors<T extends string>(schema: z.ZodType, values: unknown): Partial<Record<T, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<T, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as T;
    errors[field] ??= issue.message;
  }
  return errors;
}
