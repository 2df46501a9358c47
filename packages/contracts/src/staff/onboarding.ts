import { z } from "zod";
import { calendarDate, LIMITS, requiredText } from "../common.js";
import { paymentMethod } from "../finances.js";

/**
 * Tenancies and onboarding (issue 14 §1, docs/decisions/018-tenant-onboarding.md): staff create
 * tenants with a tenancy, invite them by e-mail or printed letter, end tenancies and import both
 * from a CSV file.
 */

/**
 * not_invited: no password, no invitation yet; invited: an invitation link is open; active: the
 * password is set; expired: the last link ran out (or was used up) without a password.
 */
export const invitationStatus = z.enum(["not_invited", "invited", "active", "expired"], {
  error: "Unbekannter Einladungsstatus.",
});
export type InvitationStatus = z.infer<typeof invitationStatus>;

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  not_invited: "Nicht eingeladen",
  invited: "Eingeladen",
  active: "Aktiv",
  expired: "Abgelaufen",
};

/** A euro amount with at most two decimals (the database keeps cents). */
export const euroAmount = (label: string) =>
  z
    .number({ error: `${label}: bitte einen Betrag in Euro angeben.` })
    .min(0, { error: `${label} darf nicht negativ sein.` })
    .max(100_000, { error: `${label} ist unplausibel hoch.` })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      error: `${label}: höchstens zwei Nachkommastellen.`,
    });

/** An address, or empty/null for none; absent stays absent (a change that leaves it alone). */
const optionalEmail = z
  .string()
  .trim()
  .max(LIMITS.emailMax, { error: "Die E-Mail-Adresse ist zu lang." })
  .refine((v) => v === "" || z.email().safeParse(v).success, {
    error: "Bitte geben Sie eine gültige E-Mail-Adresse ein (oder lassen Sie das Feld leer).",
  })
  .transform((v) => (v ? v : null))
  .nullable()
  .optional();

export const dueDay = z
  .number({ error: "Der Fälligkeitstag muss eine Zahl von 1 bis 31 sein." })
  .int({ error: "Der Fälligkeitstag muss eine Zahl von 1 bis 31 sein." })
  .min(1, { error: "Der Fälligkeitstag muss eine Zahl von 1 bis 31 sein." })
  .max(31, { error: "Der Fälligkeitstag muss eine Zahl von 1 bis 31 sein." });

/** A month as JJJJ-MM. */
const ledgerPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Bitte einen Monat angeben (MM.JJJJ)." });

/** The balance carried over at takeover, in euros (two decimals; negative: credit). */
const openingBalance = z
  .number({ error: "Saldovortrag: bitte einen Betrag in Euro angeben." })
  .min(-100_000, { error: "Der Saldovortrag ist unplausibel hoch." })
  .max(100_000, { error: "Der Saldovortrag ist unplausibel hoch." })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    error: "Saldovortrag: höchstens zwei Nachkommastellen.",
  });

export const staffTenantCreateRequest = z.object({
  first_name: requiredText(LIMITS.nameMax, "Der Vorname"),
  last_name: requiredText(LIMITS.nameMax, "Der Nachname"),
  /** Empty or null: no address known; the tenant gets a printed letter. */
  email: optionalEmail,
  building_id: z.uuid({ error: "Bitte wählen Sie ein Gebäude." }),
  unit: z.string().trim().max(50, { error: "Die Wohnung darf höchstens 50 Zeichen lang sein." }).nullable().optional(),
  start_date: calendarDate,
  base_rent: euroAmount("Die Kaltmiete"),
  utilities: euroAmount("Die Nebenkosten"),
  payment_method: z.enum(paymentMethod.options, { error: "Bitte wählen Sie eine Zahlungsart." }),
  due_day: dueDay,
  iban_last4: z
    .string()
    .regex(/^\d{4}$/, { error: "Die letzten vier Ziffern der IBAN: genau vier Ziffern." })
    .nullable()
    .optional(),
  /** Send the invitation mail right away (only with an e-mail address). */
  invite: z.boolean().default(false),
  /**
   * The first month to charge (JJJJ-MM); absent: the first month due on or after today, or the
   * tenancy's first month when it starts later (decision 028).
   */
  first_period: ledgerPeriod.nullable().optional(),
  /** The account at takeover in euros: positive, arrears the tenant owes; negative, credit. */
  opening_balance: openingBalance.optional(),
});
export type StaffTenantCreateRequest = z.input<typeof staffTenantCreateRequest>;

export const staffTenantContactUpdate = z
  .object({
    first_name: requiredText(LIMITS.nameMax, "Der Vorname").optional(),
    last_name: requiredText(LIMITS.nameMax, "Der Nachname").optional(),
    email: optionalEmail,
  })
  .refine((v) => v.first_name !== undefined || v.last_name !== undefined || v.email !== undefined, {
    error: "Bitte ändern Sie mindestens eine Angabe.",
  });

export const staffTenancyEndRequest = z.object({ end_date: calendarDate });

export const staffTenancyEndResult = z.object({
  end_date: z.string(),
  /** The last day the tenant can sign in (3 months after the end). */
  access_until: z.string(),
  /** How the move-out reading was asked for (a German sentence for the console). */
  move_out_reading: z.string(),
});

export const tenantInvitationState = z.object({
  status: invitationStatus,
  /** email | letter, of the latest invitation. */
  channel: z.enum(["email", "letter"]).nullable(),
  sent_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type TenantInvitationState = z.infer<typeof tenantInvitationState>;

/** Answer of POST /staff/tenants: the new tenant's id and whether the invitation went out. */
export const staffTenantCreated = z.object({ id: z.string(), invitation: tenantInvitationState });

export const staffInvitationBulkRequest = z.object({
  tenant_ids: z
    .array(z.uuid({ error: "Unbekannter Mieter." }))
    .min(1, { error: "Bitte wählen Sie mindestens einen Mieter." })
    .max(500, { error: "Höchstens 500 Mieter auf einmal." }),
});

export const staffInvitationBulkResult = z.object({
  sent: z.number().int(),
  skipped: z.array(z.object({ id: z.string(), name: z.string(), reason: z.string() })),
});
export type StaffInvitationBulkResult = z.infer<typeof staffInvitationBulkResult>;

/** Letters for the selected tenants without e-mail address, as one PDF (issue 24 item 6). */
export const INVITATION_LETTERS_MAX = 200;
export const staffInvitationLettersRequest = z.object({
  tenant_ids: z
    .array(z.uuid({ error: "Unbekannter Mieter." }))
    .min(1, { error: "Bitte wählen Sie mindestens einen Mieter." })
    .max(INVITATION_LETTERS_MAX, {
      error: `Höchstens ${INVITATION_LETTERS_MAX} Briefe auf einmal: Drucken Sie die übrigen in einem zweiten Durchgang.`,
    }),
});
/** Response headers of the letters' PDF: how many letters, and how many selected tenants got none. */
export const LETTERS_COUNT_HEADER = "X-Letters";
export const LETTERS_SKIPPED_HEADER = "X-Letters-Skipped";

/** The CSV file as text (the console decodes the chosen file: UTF-8, else Windows-1252). */
export const tenantImportRequest = z.object({
  csv: z
    .string({ error: "Bitte wählen Sie eine CSV-Datei." })
    .min(1, { error: "Die Datei ist leer." })
    .max(2_000_000, { error: "Die Datei ist zu groß (höchstens 2 MB)." }),
  /** Invite every imported tenant that has an e-mail address. */
  invite: z.boolean().default(false),
});

export const tenantImportRow = z.object({
  line: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  building: z.object({ id: z.string(), name: z.string() }).nullable(),
  unit: z.string().nullable(),
  start_date: z.string(),
  base_rent: z.number().nullable(),
  utilities: z.number().nullable(),
  payment_method: z.string(),
  due_day: z.number().nullable(),
  /** JJJJ-MM of the first month charged (null when the row cannot be imported). */
  first_period: z.string().nullable(),
  /** The balance carried over in euros: positive, arrears; negative, credit. */
  opening_balance: z.number(),
  /**
   * ok: will be imported; error: refused (see problems); exists: the tenant is there already
   * (same e-mail, or same name in the same building and unit), skipped.
   */
  status: z.enum(["ok", "error", "exists"]),
  /** German, one sentence each, with the offending value; empty when the row can be imported. */
  problems: z.array(z.string()),
  /** Imported anyway, but worth a look (a leading zero added, …). */
  warnings: z.array(z.string()),
});
export type TenantImportRow = z.infer<typeof tenantImportRow>;

export const tenantImportPreview = z.object({
  /** Problems of the file as a whole (header, encoding, size): nothing can be imported. */
  file_problems: z.array(z.string()),
  /** About the file, nothing refused (columns that are ignored). */
  file_warnings: z.array(z.string()),
  rows: z.array(tenantImportRow),
  /** True when the file can be read and at least one row would be imported. */
  valid: z.boolean(),
  /** Rows that would be imported / are there already / are refused. */
  importable: z.number().int(),
  existing: z.number().int(),
  refused: z.number().int(),
  /** Of the importable rows, those with an e-mail address (invitations if "gleich einladen"). */
  invitable: z.number().int(),
  /** The refused rows with their problem, as a CSV file to correct and import again; null when none. */
  refused_csv: z.string().nullable(),
});
export type TenantImportPreview = z.infer<typeof tenantImportPreview>;

export const tenantImportResult = z.object({
  created: z.number().int(),
  invited: z.number().int(),
  /** There already, not created again. */
  skipped: z.number().int(),
  /** Refused rows (not imported), and them as a CSV file with their problem. */
  refused: z.number().int(),
  refused_csv: z.string().nullable(),
});
export type TenantImportResult = z.infer<typeof tenantImportResult>;
