import { newPassword } from "@mieter-portal/contracts";
import { z } from "zod";
import { invitationTexts } from "./invitation-texts";
import { passwordResetTexts } from "./password-reset-texts";

/** The invitation form: the address only when the invitation has none, then the password twice. */
export function invitationFormSchema(needsEmail: boolean) {
  return z
    .object({
      email: needsEmail
        ? z
            .string()
            .trim()
            .min(1, { error: invitationTexts.emailRequired })
            .pipe(z.email({ error: invitationTexts.emailInvalid }))
        : z.string(),
      newPassword: z.string().min(1, { error: passwordResetTexts.newRequired }).pipe(newPassword),
      repeatPassword: z.string().min(1, { error: passwordResetTexts.repeatRequired }),
    })
    .refine((v) => v.repeatPassword === "" || v.newPassword === v.repeatPassword, {
      error: passwordResetTexts.mismatch,
      path: ["repeatPassword"],
    });
}
export type InvitationFormValues = z.infer<ReturnType<typeof invitationFormSchema>>;
