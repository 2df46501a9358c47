import { LIMITS } from "@mieter-portal/contracts";
import { z } from "zod";
import { contactTexts } from "./texts";

/** Subject and message are required and must not be blank after trimming (spec section 5). */
export const contactFormSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, { error: contactTexts.subjectMissing })
    .max(LIMITS.subjectMax, { error: `Der Betreff darf höchstens ${LIMITS.subjectMax} Zeichen lang sein.` }),
  message: z
    .string()
    .trim()
    .min(1, { error: contactTexts.messageMissing })
    .max(LIMITS.messageMax, { error: `Die Nachricht darf höchstens ${LIMITS.messageMax} Zeichen lang sein.` }),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

export const emptyContactForm: ContactFormInput = { subject: "", message: "" };

export type ContactValidation =
  | { kind: "ok"; values: ContactFormValues }
  | { kind: "invalid"; errors: Partial<Record<keyof ContactFormValues, string>> };

export function validateContact(input: ContactFormInput): ContactValidation {
  const result = contactFormSchema.safeParse(input);
  if (result.success) return { kind: "ok", values: result.data };
  const errors: Partial<Record<keyof ContactFormValues, string>> = {};
  for (const issue of result.error.issues) errors[issue.path[0] as keyof ContactFormValues] ??= issue.message;
  return { kind: "invalid", errors };
}
