import { z } from "zod";
import { calendarDate, money } from "../common.js";
import { PAGINATION_MESSAGES } from "../pagination.js";
import {
  bicField,
  ibanField,
  isValidCreditorId,
  SEPA_MESSAGES,
  sepaItemState,
  sepaMandateState,
  sepaSequenceType,
} from "../sepa.js";
import { personRef } from "./items.js";

/**
 * Rent by SEPA direct debit in the console (issue 28, decision 053). Administrators keep the
 * creditor settings; Administrators and Verwalter of the buildings keep the mandates, run the
 * collections (preview → pain.008 file → download, or cancel) and decide on the bank's return fees.
 * Hausmeister and Dienstleister have none of it. Amounts in euros, dates YYYY-MM-DD (Berlin).
 */

const limitError = { error: PAGINATION_MESSAGES.limit };
const cursor = z
  .string({ error: PAGINATION_MESSAGES.cursor })
  .max(256, { error: PAGINATION_MESSAGES.cursor })
  .optional();
const limit = z.coerce.number(limitError).int(limitError).min(1, limitError).max(100, limitError).default(50);
const building = z.uuid({ error: "Unbekanntes Gebäude." });

// ---------------------------------------------------------------- creditor settings

export const SEPA_LEAD_DAYS_DEFAULT = 2;
export const SEPA_PRENOTICE_DAYS_DEFAULT = 5;

/** The company as creditor: what every pain.008 file and every printed mandate carries. */
export const sepaCreditorSettings = z.object({
  /** Gläubiger-Identifikationsnummer, e.g. DE98ZZZ09999999999. */
  creditor_id: z.string(),
  /** The name on the tenants' statements (at most 70 characters, the file's limit). */
  name: z.string(),
  /** The collecting account. */
  iban: z.string(),
  bic: z.string().nullable(),
  /** TARGET business days between the file's day and the collection date (the bank's lead time). */
  lead_days: z.number().int(),
  /** Calendar days the pre-notification comes before the collection (agreed in the mandate text). */
  prenotice_days: z.number().int(),
  updated_at: z.string(),
  updated_by: personRef.nullable(),
});
export type SepaCreditorSettings = z.infer<typeof sepaCreditorSettings>;

/** GET /staff/sepa/creditor: null until an Administrator has entered them. */
export const sepaCreditorResponse = z.object({ settings: sepaCreditorSettings.nullable() });
export type SepaCreditorResponse = z.infer<typeof sepaCreditorResponse>;

/** PUT /staff/sepa/creditor (Administrators). */
export const sepaCreditorRequest = z.object({
  creditor_id: z
    .string({ error: SEPA_MESSAGES.creditorId })
    .trim()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .refine(isValidCreditorId, { error: SEPA_MESSAGES.creditorId }),
  name: z
    .string({ error: "Bitte den Namen des Gläubigers angeben." })
    .trim()
    .min(2, { error: "Bitte den Namen des Gläubigers angeben." })
    .max(70, { error: "Der Name darf höchstens 70 Zeichen lang sein (so viel trägt die Lastschrift)." }),
  iban: ibanField,
  bic: bicField,
  lead_days: z
    .number({ error: "Vorlaufzeit: bitte eine Zahl von 1 bis 10 Geschäftstagen angeben." })
    .int({ error: "Vorlaufzeit: bitte eine Zahl von 1 bis 10 Geschäftstagen angeben." })
    .min(1, { error: "Vorlaufzeit: bitte eine Zahl von 1 bis 10 Geschäftstagen angeben." })
    .max(10, { error: "Vorlaufzeit: bitte eine Zahl von 1 bis 10 Geschäftstagen angeben." })
    .default(SEPA_LEAD_DAYS_DEFAULT),
  prenotice_days: z
    .number({ error: "Vorabankündigung: bitte eine Zahl von 1 bis 14 Tagen angeben." })
    .int({ error: "Vorabankündigung: bitte eine Zahl von 1 bis 14 Tagen angeben." })
    .min(1, { error: "Vorabankündigung: bitte eine Zahl von 1 bis 14 Tagen angeben." })
    .max(14, { error: "Vorabankündigung: bitte eine Zahl von 1 bis 14 Tagen angeben." })
    .default(SEPA_PRENOTICE_DAYS_DEFAULT),
});
export type SepaCreditorRequest = z.input<typeof sepaCreditorRequest>;

// ---------------------------------------------------------------- mandates

export const sepaMandate = z.object({
  id: z.string(),
  tenancy_id: z.string(),
  tenant_name: z.string(),
  building: z.object({ id: z.string(), name: z.string() }).nullable(),
  unit: z.string().nullable(),
  /** Unique, derived from the tenancy's payment reference: "MP-K7Q2-X9M4-01". */
  reference: z.string(),
  signed_on: calendarDate,
  debtor_name: z.string(),
  /** The full IBAN: staff of the building keep the mandate. */
  iban: z.string(),
  iban_masked: z.string(),
  bic: z.string().nullable(),
  state: sepaMandateState,
  /** The sequence type of the mandate's next collection. */
  next_sequence: sepaSequenceType,
  last_collection_on: calendarDate.nullable(),
  /** The day it expires unless collected from before (36 months after the last collection or the signature). */
  expires_on: calendarDate,
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  created_at: z.string(),
  created_by: personRef.nullable(),
});
export type SepaMandate = z.infer<typeof sepaMandate>;

export const sepaMandatesQuery = z.object({
  building: building.optional(),
  tenancy: z.uuid({ error: "Unbekanntes Mietverhältnis." }).optional(),
  state: sepaMandateState.optional(),
  cursor,
  limit,
});
export type SepaMandatesQuery = z.infer<typeof sepaMandatesQuery>;
export const sepaMandatePage = z.object({ items: z.array(sepaMandate), next_cursor: z.string().nullable() });
export type SepaMandatePage = z.infer<typeof sepaMandatePage>;

/**
 * POST /staff/sepa/mandates: a signed mandate (paper or scan kept by the management). A tenancy has
 * at most one active mandate: with `replace` the active one is revoked and the new one takes over
 * (a new account needs a newly signed mandate), without it that is 409.
 */
export const sepaMandateCreate = z.object({
  tenancy_id: z.uuid({ error: "Bitte ein Mietverhältnis wählen." }),
  signed_on: calendarDate,
  debtor_name: z
    .string({ error: "Bitte den Namen des Kontoinhabers angeben." })
    .trim()
    .min(2, { error: "Bitte den Namen des Kontoinhabers angeben." })
    .max(70, { error: "Der Name des Kontoinhabers darf höchstens 70 Zeichen lang sein." }),
  iban: ibanField,
  bic: bicField,
  replace: z.boolean().optional(),
});
export type SepaMandateCreate = z.input<typeof sepaMandateCreate>;

export const sepaMandateRevoke = z.object({
  reason: z.string().trim().max(300, { error: "Der Grund darf höchstens 300 Zeichen lang sein." }).optional(),
});
export type SepaMandateRevoke = z.infer<typeof sepaMandateRevoke>;

// ---------------------------------------------------------------- collection runs

const month = z
  .string({ error: "Bitte einen Monat wählen (JJJJ-MM)." })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Bitte einen Monat wählen (JJJJ-MM)." });

/** POST /staff/sepa/runs/preview and POST /staff/sepa/runs. */
export const sepaRunRequest = z.object({
  /** The month whose due charges are collected. */
  month,
  /** One building; absent: every building the staff member looks after. */
  building_id: building.optional(),
  /** The requested collection date: a TARGET business day, not before the earliest. */
  collection_date: calendarDate,
  /** Only these charges of the preview (absent: every one without a problem). */
  charge_ids: z
    .array(z.uuid({ error: "Unbekannte Forderung." }))
    .min(1, { error: "Bitte mindestens eine Forderung wählen." })
    .max(20_000)
    .optional(),
});
export type SepaRunRequest = z.infer<typeof sepaRunRequest>;

/** A due charge as the preview shows it; `problems` (German) keep it out of the file. */
export const sepaPreviewItem = z.object({
  charge_id: z.string(),
  tenancy_id: z.string(),
  tenant_name: z.string(),
  building_name: z.string().nullable(),
  unit: z.string().nullable(),
  description: z.string(),
  due_date: calendarDate,
  /** What is still open of the charge: the amount collected. */
  amount: money,
  sequence: sepaSequenceType.nullable(),
  mandate_reference: z.string().nullable(),
  iban_masked: z.string().nullable(),
  /** email: the tenant is told by mail; standing: no address, the mandate's standing notice covers it. */
  prenotice: z.enum(["email", "standing"]).nullable(),
  problems: z.array(z.string()),
});
export type SepaPreviewItem = z.infer<typeof sepaPreviewItem>;

export const sepaSequenceTotal = z.object({ sequence: sepaSequenceType, count: z.number().int(), amount: money });

export const sepaRunPreview = z.object({
  month: z.string(),
  collection_date: calendarDate,
  /** The earliest collection date a file made today may ask for. */
  earliest_collection_date: calendarDate,
  /** Problems of the whole run (German): missing creditor settings, a date too early … */
  problems: z.array(z.string()),
  items: z.array(sepaPreviewItem),
  totals: z.object({
    /** Charges that go into the file. */
    count: z.number().int(),
    amount: money,
    /** Charges held back by a problem. */
    with_problems: z.number().int(),
    by_sequence: z.array(sepaSequenceTotal),
  }),
});
export type SepaRunPreview = z.infer<typeof sepaRunPreview>;

/** created: the file is ready; downloaded: fetched at least once; cancelled: its charges are free again. */
export const sepaRunState = z.enum(["created", "downloaded", "cancelled"]);
export type SepaRunState = z.infer<typeof sepaRunState>;
export const SEPA_RUN_STATE_LABELS: Record<SepaRunState, string> = {
  created: "Bereit zum Herunterladen",
  downloaded: "Heruntergeladen",
  cancelled: "Storniert",
};

export const sepaRunSummary = z.object({
  id: z.string(),
  month: z.string(),
  building: z.object({ id: z.string(), name: z.string() }).nullable(),
  collection_date: calendarDate,
  state: sepaRunState,
  /** The file's MsgId. */
  message_id: z.string(),
  count: z.number().int(),
  amount: money,
  returned_count: z.number().int(),
  created_at: z.string(),
  created_by: personRef.nullable(),
  downloaded_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type SepaRunSummary = z.infer<typeof sepaRunSummary>;

export const sepaRunsQuery = z.object({ building: building.optional(), cursor, limit });
export const sepaRunPage = z.object({ items: z.array(sepaRunSummary), next_cursor: z.string().nullable() });
export type SepaRunPage = z.infer<typeof sepaRunPage>;

export const sepaRunItem = z.object({
  charge_id: z.string(),
  tenancy_id: z.string(),
  tenant_name: z.string(),
  building_name: z.string().nullable(),
  unit: z.string().nullable(),
  description: z.string(),
  due_date: calendarDate,
  amount: money,
  sequence: sepaSequenceType,
  mandate_reference: z.string(),
  iban_masked: z.string(),
  end_to_end_id: z.string(),
  state: sepaItemState,
  prenotice: z.enum(["email", "standing"]),
  return_reason: z.string().nullable(),
});
export type SepaRunItem = z.infer<typeof sepaRunItem>;

export const sepaRunDetail = sepaRunSummary.extend({
  file_name: z.string(),
  by_sequence: z.array(sepaSequenceTotal),
  items: z.array(sepaRunItem),
});
export type SepaRunDetail = z.infer<typeof sepaRunDetail>;

/**
 * POST /staff/sepa/runs/:id/cancel. A downloaded file may already be at the bank: cancelling it
 * then needs the person's word that it was not submitted (else 409).
 */
export const sepaRunCancel = z.object({ not_submitted: z.boolean().optional() });
export type SepaRunCancel = z.infer<typeof sepaRunCancel>;

// ---------------------------------------------------------------- returns

/** The bank's return fee: open until the manager passes it on to the tenant or bears it. */
export const sepaFeeDecision = z.enum(["none", "open", "passed_on", "waived"]);
export type SepaFeeDecision = z.infer<typeof sepaFeeDecision>;
export const SEPA_FEE_DECISION_LABELS: Record<SepaFeeDecision, string> = {
  none: "Keine Gebühr",
  open: "Gebühr offen",
  passed_on: "An Mieter weiterberechnet",
  waived: "Nicht weiterberechnet",
};

export const sepaReturn = z.object({
  id: z.string(),
  run_id: z.string(),
  charge_id: z.string(),
  tenancy_id: z.string(),
  tenant_name: z.string(),
  building_name: z.string().nullable(),
  unit: z.string().nullable(),
  description: z.string(),
  amount: money,
  /** The bank's fee for the return (0 when the statement shows none). */
  fee: money,
  fee_decision: sepaFeeDecision,
  reason_code: z.string().nullable(),
  /** "AC04 – Konto erloschen". */
  reason: z.string(),
  booked_on: calendarDate,
  /** The conversation with the tenant the return opened (the Eingang's item). */
  thread_id: z.string().nullable(),
  created_at: z.string(),
});
export type SepaReturn = z.infer<typeof sepaReturn>;

export const sepaReturnsQuery = z.object({
  building: building.optional(),
  /** true: only returns whose fee waits for a decision. */
  fee_open: z.enum(["true", "false"], { error: "fee_open muss true oder false sein." }).optional(),
  cursor,
  limit,
});
export const sepaReturnPage = z.object({ items: z.array(sepaReturn), next_cursor: z.string().nullable() });
export type SepaReturnPage = z.infer<typeof sepaReturnPage>;

/** POST /staff/sepa/returns/:id/fee: pass the bank's fee on as a charge of its own, or bear it. */
export const sepaFeeRequest = z.object({
  pass_on: z.boolean({ error: "Bitte entscheiden: weiterberechnen ja oder nein." }),
});
export type SepaFeeRequest = z.infer<typeof sepaFeeRequest>;
