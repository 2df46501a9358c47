import { z } from "zod";
import { calendarDate, money } from "../common.js";
import { PAGINATION_MESSAGES } from "../pagination.js";
import { chargeDirectDebit } from "../sepa.js";

/**
 * The rent ledger in the staff console (issue 14 §2, docs/decisions/020-rent-ledger.md): rent
 * charges per tenancy and month, payments recorded by hand or imported from a bank statement
 * (CSV or CAMT.053), the lines nobody could match, and the overdue list with reminders.
 */

const limitError = { error: PAGINATION_MESSAGES.limit };
const cursor = z
  .string({ error: PAGINATION_MESSAGES.cursor })
  .max(256, { error: PAGINATION_MESSAGES.cursor })
  .optional();
const limit = z.coerce.number(limitError).int(limitError).min(1, limitError).max(100, limitError).default(50);
const building = z.uuid({ error: "Unbekanntes Gebäude." }).optional();

/** Amounts in euros with at most two decimals, positive. */
const euros = (label: string) =>
  z
    .number({ error: `${label}: bitte einen Betrag in Euro angeben.` })
    .positive({ error: `${label} muss größer als 0 sein.` })
    .max(1_000_000, { error: `${label} ist zu hoch.` })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      error: `${label}: höchstens zwei Nachkommastellen.`,
    });

export const chargeStatus = z.enum(["paid", "pending", "overdue"]);

export const ledgerCharge = z.object({
  id: z.string(),
  /** YYYY-MM; null for charges entered before the ledger existed. */
  period: z.string().nullable(),
  description: z.string(),
  due_date: calendarDate,
  amount: money,
  paid: money,
  status: chargeStatus,
  paid_at: z.string().nullable(),
  days_overdue: z.number().int(),
  /** The charge's latest direct debit (issue 28): "Lastschrift eingereicht", or returned with its reason. */
  direct_debit: chargeDirectDebit.nullable().optional(),
});
export type LedgerCharge = z.infer<typeof ledgerCharge>;

/** opening: credit carried over when the account was taken over (decision 028). */
export const ledgerPaymentSource = z.enum(["manual", "csv", "camt", "opening"]);
export const ledgerPayment = z.object({
  id: z.string(),
  booked_on: calendarDate,
  amount: money,
  /** Part of the amount applied to charges; the rest is credit. */
  allocated: money,
  source: ledgerPaymentSource,
  payer_name: z.string().nullable(),
  payer_iban: z.string().nullable(),
  remittance: z.string().nullable(),
  match_reason: z.string().nullable(),
  recorded_by: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerPayment = z.infer<typeof ledgerPayment>;

export const ledgerAccount = z.object({
  tenancy_id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  tenant_email: z.string(),
  building_id: z.string().nullable(),
  building_name: z.string().nullable(),
  apartment_number: z.string().nullable(),
  /** The payment reference the tenant writes in the bank transfer (Verwendungszweck). */
  reference: z.string(),
  rent: money,
  /** Sum of what is not paid yet of charges due by today. */
  overdue: money,
  /** Sum of what is not paid yet of all charges. */
  open: money,
  /** Paid but not applied to any charge yet (overpayment). */
  credit: money,
  end_date: calendarDate.nullable(),
});
export type LedgerAccount = z.infer<typeof ledgerAccount>;

export const ledgerAccountsQuery = z.object({
  building,
  q: z.string().trim().max(100, { error: "Der Suchbegriff ist zu lang." }).optional(),
  cursor,
  limit,
});
export type LedgerAccountsQuery = z.infer<typeof ledgerAccountsQuery>;
export const ledgerAccountPage = z.object({ items: z.array(ledgerAccount), next_cursor: z.string().nullable() });
export type LedgerAccountPage = z.infer<typeof ledgerAccountPage>;

export const rentChange = z.object({
  id: z.string(),
  effective_from: calendarDate,
  base_rent: money,
  utilities: money,
  created_at: z.string(),
});

export const ledgerDetailQuery = z.object({
  year: z.coerce
    .number({ error: "Bitte geben Sie ein gültiges Jahr an." })
    .int({ error: "Bitte geben Sie ein gültiges Jahr an." })
    .min(2000, { error: "Bitte geben Sie ein gültiges Jahr an." })
    .max(2100, { error: "Bitte geben Sie ein gültiges Jahr an." })
    .optional(),
});

export const ledgerDetail = z.object({
  account: ledgerAccount,
  year: z.number().int(),
  /** Years with charges or payments, newest first. */
  years: z.array(z.number().int()),
  charges: z.array(ledgerCharge),
  payments: z.array(ledgerPayment),
  rent_changes: z.array(rentChange),
  last_reminder_at: z.string().nullable(),
});
export type LedgerDetail = z.infer<typeof ledgerDetail>;

export const recordPaymentRequest = z.object({
  amount: euros("Der Betrag"),
  booked_on: calendarDate,
  note: z.string().trim().max(300, { error: "Die Notiz ist zu lang (höchstens 300 Zeichen)." }).optional(),
});
export type RecordPaymentRequest = z.infer<typeof recordPaymentRequest>;

export const rentChangeRequest = z.object({
  effective_from: calendarDate.refine((d) => d.endsWith("-01"), {
    error: "Eine Mietänderung gilt ab dem Ersten eines Monats.",
  }),
  base_rent: euros("Die Kaltmiete"),
  utilities: z
    .number({ error: "Nebenkosten: bitte einen Betrag in Euro angeben." })
    .min(0, { error: "Die Nebenkosten dürfen nicht negativ sein." })
    .max(100_000, { error: "Die Nebenkosten sind zu hoch." }),
});
export type RentChangeRequest = z.infer<typeof rentChangeRequest>;

export const overdueQuery = z.object({
  building,
  cursor,
  limit,
  /** Words of the tenant's name, e-mail, address or unit (case and diacritics ignored). */
  q: z.string().trim().max(100, { error: "Der Suchbegriff ist zu lang." }).optional(),
});
export type OverdueQuery = z.infer<typeof overdueQuery>;
export const overdueEntry = z.object({
  tenancy_id: z.string(),
  tenant_name: z.string(),
  building_id: z.string().nullable(),
  building_name: z.string().nullable(),
  apartment_number: z.string().nullable(),
  overdue: money,
  charges: z.number().int(),
  oldest_due_date: calendarDate,
  days_overdue: z.number().int(),
  last_reminder_at: z.string().nullable(),
});
export type OverdueEntry = z.infer<typeof overdueEntry>;
export const overduePage = z.object({
  items: z.array(overdueEntry),
  next_cursor: z.string().nullable(),
  /** The whole filtered list, not only the page. */
  total: z.object({ overdue: money, tenancies: z.number().int() }),
});
export type OverduePage = z.infer<typeof overduePage>;

export const reminderResponse = z.object({
  sent_to: z.string(),
  overdue: money,
  last_reminder_at: z.string(),
  /** The deadline the reminder names (14 days from sending). */
  pay_by: calendarDate,
});

/** Bank statements up to this size (5,000 CAMT.053 lines are about 6 MB). */
export const STATEMENT_MAX_BYTES = 12 * 1024 * 1024;

export const statementFormat = z.enum(["csv", "camt"]);

const columnIndex = z
  .number({ error: "Bitte eine Spalte wählen." })
  .int({ error: "Bitte eine Spalte wählen." })
  .min(0, { error: "Bitte eine Spalte wählen." })
  .max(199, { error: "Bitte eine Spalte wählen." });

/**
 * For a CSV whose layout is not known: which column (0-based, of the header row) holds each field.
 * The amount is one column, or two (debit and credit, like Deutsche Bank's Soll and Haben).
 */
export const csvMapping = z
  .object({
    header_row: z.number().int().min(0).max(100, { error: "Die Kopfzeile muss unter den ersten 100 Zeilen sein." }),
    columns: z.object({
      booked_on: columnIndex,
      value_on: columnIndex.optional(),
      amount: columnIndex.optional(),
      debit: columnIndex.optional(),
      credit: columnIndex.optional(),
      remittance: z.array(columnIndex).min(1, { error: "Bitte die Spalte mit dem Verwendungszweck wählen." }).max(10),
      payer_name: columnIndex.optional(),
      payer_iban: columnIndex.optional(),
      bank_ref: columnIndex.optional(),
      currency: columnIndex.optional(),
      status: columnIndex.optional(),
    }),
    date_format: z.enum(["DD.MM.YYYY", "DD.MM.YY", "YYYY-MM-DD"]).optional(),
  })
  .refine((m) => m.columns.amount !== undefined || m.columns.credit !== undefined, {
    error: "Bitte die Spalte mit dem Betrag wählen (oder die Spalten Soll und Haben).",
  });
export type CsvMappingRequest = z.infer<typeof csvMapping>;

const lineNumbers = z
  .array(z.number().int().min(1), { error: "book_anyway: bitte Zeilennummern angeben." })
  .max(100_000)
  .optional();

export const importRequest = z.object({
  filename: z.string().trim().min(1, { error: "Bitte eine Datei wählen." }).max(200),
  /** csv or camt; absent: recognised from the content. */
  format: statementFormat.optional(),
  content: z
    .string({ error: "Die Datei ist leer." })
    .min(1, { error: "Die Datei ist leer." })
    .max(STATEMENT_MAX_BYTES, { error: "Die Datei ist zu groß (höchstens 12 MB)." }),
  /** A CSV of a layout not known yet: which column holds which field (remembered on booking). */
  mapping: csvMapping.optional(),
  /** Lines shown as "possible_duplicate" that the person decided to book all the same. */
  book_anyway: lineNumbers,
});
export type ImportRequest = z.infer<typeof importRequest>;

/**
 * match: booked to the tenant; unmatched: waits in the list; duplicate: booked before (this or
 * another layout); possible_duplicate: may have been booked before, booked only on request;
 * pending: not booked by the bank yet, never booked; refused: not bookable (currency, bounds);
 * other_building: belongs to an account the importing person does not look after (waits for
 * someone who does); ignored: not a credit.
 */
export const importLineStatus = z.enum([
  "match",
  "unmatched",
  "duplicate",
  "possible_duplicate",
  "pending",
  "refused",
  "other_building",
  "ignored",
]);
export type ImportLineStatus = z.infer<typeof importLineStatus>;

export const importLine = z.object({
  line: z.number().int(),
  booked_on: calendarDate.nullable(),
  value_on: calendarDate.nullable(),
  amount: money,
  /** Null for a line of another building (not shown to who does not look after it). */
  payer_name: z.string().nullable(),
  payer_iban: z.string().nullable(),
  remittance: z.string().nullable(),
  bank_ref: z.string().nullable(),
  status: importLineStatus,
  /** Why the line matched or not (German). */
  reason: z.string(),
  tenancy_id: z.string().nullable(),
  /** Null when unmatched or when the tenant is in a building the staff member does not see. */
  tenant_name: z.string().nullable(),
});
export type ImportLine = z.infer<typeof importLine>;

export const importTotals = z.object({
  lines: z.number().int(),
  match: z.number().int(),
  unmatched: z.number().int(),
  duplicate: z.number().int(),
  possible_duplicate: z.number().int(),
  pending: z.number().int(),
  refused: z.number().int(),
  other_building: z.number().int(),
  ignored: z.number().int(),
  amount_matched: money,
  amount_unmatched: money,
});
export type ImportTotals = z.infer<typeof importTotals>;

/** A CSV whose layout is not known: its header and first rows, for the mapping step. */
export const mappingNeeded = z.object({
  /** What the mapping is remembered by (PUT csv-layouts/:signature). */
  signature: z.string(),
  header_row: z.number().int(),
  header: z.array(z.string()),
  sample: z.array(z.array(z.string())),
});
export type MappingNeeded = z.infer<typeof mappingNeeded>;

export const importPreview = z.object({
  format: statementFormat,
  /**
   * Set (and no lines) when the CSV's layout is not known and nobody mapped it yet: the console
   * shows the mapping step. The booking route answers 422 (unknownLayout) instead.
   */
  mapping_needed: mappingNeeded.optional(),
  /** The layout read, in German ("Sparkasse CSV-CAMT V2", "CAMT.053"). */
  layout_label: z.string().nullable(),
  warnings: z.array(z.string()),
  lines: z.array(importLine),
  totals: importTotals,
});
export type ImportPreview = z.infer<typeof importPreview>;

/** The totals of a booked statement count the rows really written (a concurrent import's are duplicates). */
export const importResult = importPreview.extend({ import_id: z.string() });
export type ImportResult = z.infer<typeof importResult>;

/** The booking route's answer for a CSV whose layout is not known (HTTP 422). */
export const unknownLayout = mappingNeeded.extend({ error: z.literal("unknown_layout"), message: z.string() });
export type UnknownLayout = z.infer<typeof unknownLayout>;

export const csvLayoutParams = z.object({
  signature: z
    .string()
    .regex(/^csv:[A-Za-z0-9_-]{8,64}$/, { error: "Unbekanntes Dateiformat (Signatur). Bitte die Datei neu wählen." }),
});
export const csvLayoutRequest = z.object({ mapping: csvMapping });
export const csvLayoutResponse = z.object({ signature: z.string(), saved_at: z.string() });

export const unmatchedQuery = z.object({ cursor, limit });
export const unmatchedLine = z.object({
  id: z.string(),
  booked_on: calendarDate,
  amount: money,
  source: ledgerPaymentSource,
  payer_name: z.string().nullable(),
  payer_iban: z.string().nullable(),
  remittance: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  /** The account the line was matched to by someone who does not look after its building: one click away. */
  suggested_tenancy_id: z.string().nullable(),
  suggested_tenant_name: z.string().nullable(),
});
export type UnmatchedLine = z.infer<typeof unmatchedLine>;
export const unmatchedPage = z.object({ items: z.array(unmatchedLine), next_cursor: z.string().nullable() });
export type UnmatchedPage = z.infer<typeof unmatchedPage>;

/** Either one account (tenancy_id) or a split into parts that sum exactly to the line. */
export const unmatchedAssignRequest = z
  .object({
    tenancy_id: z.uuid({ error: "Bitte ein Mietkonto wählen." }).optional(),
    parts: z
      .array(
        z.object({ tenancy_id: z.uuid({ error: "Bitte ein Mietkonto wählen." }), amount: euros("Der Teilbetrag") }),
        {
          error: "Bitte die Teile der Buchung angeben.",
        },
      )
      .min(2, { error: "Eine Aufteilung hat mindestens zwei Teile." })
      .max(100, { error: "Höchstens 100 Teile." })
      .optional(),
  })
  .refine((v) => (v.tenancy_id === undefined) !== (v.parts === undefined), {
    error: "Bitte entweder ein Mietkonto wählen oder die Buchung aufteilen.",
  });
export type UnmatchedAssignRequest = z.infer<typeof unmatchedAssignRequest>;
