import { z } from "zod";

/** ISO 13616: two letters, two check digits, up to 30 letters or digits; mod 97 of the rearranged number is 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** The account tenants pay their rent to (named in the payment reminder, issue 24 item 11). */
const bankAccount = z.object({
  iban: z.string().refine(isValidIban, { error: "ist keine gültige IBAN (Prüfziffer oder Länge stimmt nicht)" }),
  recipient: z.string().trim().min(1, { error: "Bitte den Kontoinhaber (Empfänger) angeben" }),
  bic: z.string().trim().optional(),
});

/** Public brand and contact data, served by GET /api/v1/config. */
export const brandConfig = z.object({
  companyName: z.string(),
  logoText: z.string().length(2),
  supportEmail: z.string(),
  supportPhone: z.string(),
  supportHours: z.string(),
  emergencyHotline: z.string(),
  officeAddress: z.string(),
  imprint: z.object({
    legalName: z.string(),
    representative: z.string(),
    register: z.string(),
    vatId: z.string(),
  }),
  bankAccount: bankAccount.optional(),
});
export type BrandConfig = z.infer<typeof brandConfig>;

export const publicConfig = z.object({
  brand: brandConfig,
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const healthResponse = z.object({ status: z.literal("ok"), database: z.literal("ok") });
