import { z } from "zod";
import { addDays, dayOfWeek } from "./calendar-dates.js";
import { calendarDate, money } from "./common.js";
import { isValidIban } from "./config.js";
import { easterSunday } from "./holidays.js";

/**
 * Rent by SEPA direct debit (issue 28, decision 053): what both apps and the server share — the
 * checks of an IBAN and a Gläubiger-Identifikationsnummer, the TARGET calendar the collection date
 * is counted on, the tenant's view of their mandate and the GiroCode of an open charge. The staff
 * side (creditor settings, mandates, collection runs, returns) is in ./staff/sepa.ts.
 */

// ---------------------------------------------------------------- account and creditor numbers

/** "DE89 3704 0044 0532 0130 00" → "DE89370400440532013000". */
export const compactIban = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** The IBAN as staff and tenants see it when it is not theirs to read in full: "DE89 •••• •••• •••• •••3 00". */
export function maskIban(iban: string): string {
  const compact = compactIban(iban);
  const masked = compact.slice(0, 4) + "•".repeat(Math.max(0, compact.length - 8)) + compact.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, "$1 ");
}

/** mod 97 of a string of digits and letters (A = 10 … Z = 35), ISO 7064 MOD 97-10. */
function mod97(text: string): number {
  const digits = text.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest;
}

/**
 * A SEPA creditor identifier (Gläubiger-Identifikationsnummer): country, two check digits, a
 * three-character business code that the check ignores, the national identifier (in Germany 11
 * digits: DE98ZZZ09999999999). The check digits are ISO 7064 MOD 97-10 over the national
 * identifier followed by the country and the check digits.
 */
export function isValidCreditorId(value: string): boolean {
  const id = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return false;
  if (id.startsWith("DE") && !/^DE\d{2}[A-Z0-9]{3}\d{11}$/.test(id)) return false;
  return mod97(id.slice(7) + id.slice(0, 4)) === 1;
}

/** A BIC: 8 or 11 characters (bank, country, location, optional branch). */
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export const SEPA_MESSAGES = {
  iban: "Bitte eine gültige IBAN angeben (Prüfziffer oder Länge stimmt nicht).",
  ibanRequired: "Bitte die IBAN angeben.",
  creditorId:
    "Bitte eine gültige Gläubiger-Identifikationsnummer angeben (z. B. DE98ZZZ09999999999; die Prüfziffer stimmt nicht).",
  bic: "Bitte einen gültigen BIC angeben (8 oder 11 Zeichen) oder das Feld leer lassen.",
} as const;

/** An IBAN field: spaces allowed, stored without them and in capitals. */
export const ibanField = z
  .string({ error: SEPA_MESSAGES.ibanRequired })
  .trim()
  .min(1, { error: SEPA_MESSAGES.ibanRequired })
  .max(42, { error: SEPA_MESSAGES.iban })
  .transform(compactIban)
  .refine(isValidIban, { error: SEPA_MESSAGES.iban });

/** An optional BIC: empty or absent is null. */
export const bicField = z
  .string()
  .trim()
  .max(11, { error: SEPA_MESSAGES.bic })
  .transform((v) => v.replace(/\s+/g, "").toUpperCase())
  .refine((v) => v === "" || BIC_PATTERN.test(v), { error: SEPA_MESSAGES.bic })
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional();

// ---------------------------------------------------------------- the TARGET calendar

/**
 * TARGET (T2) business days, on which SEPA collections settle: every weekday but New Year's Day,
 * Good Friday, Easter Monday, 1 May and 25 and 26 December.
 */
export function isTargetBusinessDay(date: string): boolean {
  const weekday = dayOfWeek(date);
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = date.slice(5);
  if (["01-01", "05-01", "12-25", "12-26"].includes(monthDay)) return false;
  const easter = easterSunday(Number(date.slice(0, 4)));
  return date !== addDays(easter, -2) && date !== addDays(easter, 1);
}

/** The date `days` TARGET business days after `date` (0: the date itself if it is one, else the next). */
export function addTargetBusinessDays(date: string, days: number): string {
  let day = date;
  while (!isTargetBusinessDay(day)) day = addDays(day, 1);
  for (let left = days; left > 0; left--) {
    day = addDays(day, 1);
    while (!isTargetBusinessDay(day)) day = addDays(day, 1);
  }
  return day;
}

/**
 * A SEPA Core collection must reach the debtor's bank one TARGET day before it is due (rulebook since
 * November 2016); German banks want the file earlier by their cut-off. The earliest collection date
 * of a file made today: `leadDays` TARGET business days after today (the creditor settings' lead
 * time, 2 by default), never sooner than the pre-notification period in calendar days.
 */
export function earliestCollectionDate(today: string, leadDays: number, prenoticeDays = 0): string {
  const byLead = addTargetBusinessDays(addDays(today, 1), Math.max(0, leadDays - 1));
  const byNotice = addTargetBusinessDays(addDays(today, prenoticeDays), 0);
  return byLead > byNotice ? byLead : byNotice;
}

// ---------------------------------------------------------------- states and labels

/** active; revoked (by the tenant, the management or replaced by a new mandate); expired: 36 months unused. */
export const sepaMandateState = z.enum(["active", "revoked", "expired"]);
export type SepaMandateState = z.infer<typeof sepaMandateState>;
export const SEPA_MANDATE_STATE_LABELS: Record<SepaMandateState, string> = {
  active: "Aktiv",
  revoked: "Widerrufen",
  expired: "Verfallen",
};

/** FRST for a mandate's first collection, RCUR for every later one (decision 053). */
export const sepaSequenceType = z.enum(["FRST", "RCUR"]);
export type SepaSequenceType = z.infer<typeof sepaSequenceType>;
export const SEPA_SEQUENCE_LABELS: Record<SepaSequenceType, string> = {
  FRST: "Erstlastschrift",
  RCUR: "Folgelastschrift",
};

/**
 * A charge's direct debit: submitted ("Lastschrift eingereicht") from the run's file until the money
 * shows in a bank statement (collected); returned when the bank gave it back (the charge is open
 * again); cancelled with its run.
 */
export const sepaItemState = z.enum(["submitted", "collected", "returned", "cancelled"]);
export type SepaItemState = z.infer<typeof sepaItemState>;
export const SEPA_ITEM_STATE_LABELS: Record<SepaItemState, string> = {
  submitted: "Lastschrift eingereicht",
  collected: "Eingezogen",
  returned: "Rücklastschrift",
  cancelled: "Storniert",
};

/**
 * Return reason codes (ISO 20022 / EPC guidance on R-transactions) as German banks report them in
 * CAMT.053 (RtrInf/Rsn/Cd), in plain German. Unknown codes are shown with their code.
 */
export const SEPA_RETURN_REASONS: Record<string, string> = {
  AC01: "IBAN fehlerhaft",
  AC04: "Konto erloschen",
  AC06: "Konto gesperrt",
  AC13: "Konto eines Verbrauchers (für diese Lastschriftart nicht zulässig)",
  AG01: "Lastschriften auf diesem Konto nicht zugelassen",
  AG02: "Ungültiger Vorgang",
  AM04: "Keine ausreichende Deckung",
  AM05: "Doppelte Einreichung",
  BE05: "Gläubiger der Bank des Zahlers unbekannt",
  CNOR: "Bank des Gläubigers nicht erreichbar",
  DNOR: "Bank des Zahlers nicht erreichbar",
  FF01: "Ungültiges Dateiformat",
  MD01: "Kein gültiges Mandat",
  MD02: "Mandatsdaten fehlen oder sind falsch",
  MD06: "Erstattung auf Verlangen des Zahlers",
  MD07: "Kontoinhaber verstorben",
  MS02: "Widerspruch des Zahlers",
  MS03: "Grund nicht angegeben",
  RC01: "BIC fehlerhaft",
  RR01: "Angaben zum Zahler fehlen (Vorschriften)",
  RR02: "Name oder Anschrift des Zahlers fehlt (Vorschriften)",
  RR03: "Name oder Anschrift des Gläubigers fehlt (Vorschriften)",
  RR04: "Aufsichtsrechtliche Gründe",
  SL01: "Besondere Dienstleistung der Bank des Zahlers",
};

/** "AC04 – Konto erloschen"; an unknown code alone, none: "Grund nicht angegeben". */
export function returnReasonText(code: string | null): string {
  if (!code) return SEPA_RETURN_REASONS.MS03!;
  const label = SEPA_RETURN_REASONS[code];
  return label ? `${code} – ${label}` : code;
}

/** What the ledger and the tenant's payments show of a charge's direct debit (absent: none). */
export const chargeDirectDebit = z.object({
  state: sepaItemState,
  collection_date: calendarDate,
  /** Set once returned: "AC04 – Konto erloschen". */
  return_reason: z.string().nullable(),
});
export type ChargeDirectDebit = z.infer<typeof chargeDirectDebit>;

// ---------------------------------------------------------------- the tenant's side

/** The tenant's mandate in Finanzen: the IBAN masked, the creditor named. */
export const tenantMandate = z.object({
  reference: z.string(),
  state: sepaMandateState,
  signed_on: calendarDate,
  debtor_name: z.string(),
  iban_masked: z.string(),
  creditor_name: z.string(),
  creditor_id: z.string(),
});
export type TenantMandate = z.infer<typeof tenantMandate>;

/** GET tenant/finances/direct-debit. */
export const tenantDirectDebitResponse = z.object({
  /** The active mandate, else the latest; null when there has never been one. */
  mandate: tenantMandate.nullable(),
  /** A request to change the account that the management has not answered yet. */
  change_requested_at: z.string().nullable(),
  /** How to change the account or stop the direct debit (German, shown as it is). */
  how_to_change: z.string(),
});
export type TenantDirectDebitResponse = z.infer<typeof tenantDirectDebitResponse>;

/** POST tenant/finances/direct-debit/change-request: opens a conversation, which reaches the Eingang. */
export const mandateChangeRequest = z.object({
  /** Optional words to the management (the new IBAN is given on the signed mandate, not here). */
  note: z.string().trim().max(1000, { error: "Die Nachricht darf höchstens 1000 Zeichen lang sein." }).optional(),
});
export type MandateChangeRequest = z.infer<typeof mandateChangeRequest>;
export const mandateChangeResponse = z.object({ thread_id: z.string(), message: z.string() });
export type MandateChangeResponse = z.infer<typeof mandateChangeResponse>;

/**
 * An open charge's GiroCode (EPC069-12 "SEPA credit transfer" QR code, version 002): the payload a
 * banking app reads, what it says, and the code drawn as SVG (the web app shows it as it is).
 */
export const giroCode = z.object({
  charge_id: z.string(),
  payload: z.string(),
  amount: money,
  recipient: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  reference: z.string(),
  svg: z.string(),
});
export type GiroCode = z.infer<typeof giroCode>;
