import type { paymentMethod } from "@mieter-portal/contracts";
import type { z } from "zod";

/**
 * The tenant import file's columns, their German header names and aliases, and the cell parsers
 * (euros, dates, months). The file as a whole: tenant-csv.ts. Split from tenant-csv.ts (decision
 * 037).
 */

export const IMPORT_MAX_ROWS = 5000;

/** The columns the import knows, by their canonical key. */
export const IMPORT_COLUMNS = [
  "vorname",
  "nachname",
  "email",
  "gebaeude",
  "strasse",
  "hausnummer",
  "plz",
  "ort",
  "wohnung",
  "beginn",
  "kaltmiete",
  "nebenkosten",
  "zahlungsart",
  "faelligkeitstag",
  "iban_letzte4",
  "saldo",
  "guthaben",
  "bezahlt_bis",
  "erster_monat",
  "iban",
  "kontoinhaber",
  "mandatsreferenz",
  "mandat_vom",
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const LABELS: Record<ImportColumn, string> = {
  vorname: "Vorname",
  nachname: "Nachname",
  email: "E-Mail",
  gebaeude: "Gebäude",
  strasse: "Straße",
  hausnummer: "Hausnummer",
  plz: "PLZ",
  ort: "Ort",
  wohnung: "Wohnung",
  beginn: "Beginn",
  kaltmiete: "Kaltmiete",
  nebenkosten: "Nebenkosten",
  zahlungsart: "Zahlungsart",
  faelligkeitstag: "Fälligkeitstag",
  iban_letzte4: "IBAN (letzte 4)",
  saldo: "Saldo",
  guthaben: "Guthaben",
  bezahlt_bis: "Bezahlt bis",
  erster_monat: "Erster Monat",
  iban: "IBAN",
  kontoinhaber: "Kontoinhaber",
  mandatsreferenz: "Mandatsreferenz",
  mandat_vom: "Mandat vom",
};

/**
 * Header names as people write them, folded by headerKey (case, umlauts, spaces, hyphens,
 * brackets and dots do not count): "IBAN (letzte 4)", "IBAN_letzte4", "Mietbeginn", "Straße",
 * "NK-Vorauszahlung" …
 */
export const ALIASES: Record<string, ImportColumn> = {};
for (const [column, names] of Object.entries({
  vorname: ["vorname", "firstname"],
  nachname: ["nachname", "familienname", "lastname", "name"],
  email: ["email", "emailadresse", "mail", "mailadresse"],
  gebaeude: ["gebaeude", "adresse", "objekt", "objektadresse", "liegenschaft", "anschrift"],
  strasse: ["strasse", "str", "strassehausnummer", "strasseundhausnummer", "strassenr", "strasseundnr"],
  hausnummer: ["hausnummer", "hausnr", "hnr"],
  plz: ["plz", "postleitzahl"],
  ort: ["ort", "stadt"],
  wohnung: ["wohnung", "whg", "wohnungsnummer", "wohnungsnr", "einheit", "lage", "mieteinheit"],
  beginn: ["beginn", "mietbeginn", "einzug", "einzugsdatum", "vertragsbeginn", "mietbeginnam"],
  kaltmiete: ["kaltmiete", "grundmiete", "nettokaltmiete", "mietekalt"],
  nebenkosten: [
    "nebenkosten",
    "nk",
    "nkvorauszahlung",
    "nebenkostenvorauszahlung",
    "betriebskosten",
    "bkvorauszahlung",
    "betriebskostenvorauszahlung",
  ],
  zahlungsart: ["zahlungsart", "zahlweise"],
  faelligkeitstag: ["faelligkeitstag", "faelligam", "faelligkeit"],
  iban_letzte4: ["ibanletzte4", "ibanletztevier", "letzte4ibanziffern", "iban4"],
  saldo: ["saldo", "saldovortrag", "rueckstand", "offenerbetrag", "offen", "mietrueckstand"],
  guthaben: ["guthaben"],
  bezahlt_bis: ["bezahltbis", "gezahltbis"],
  erster_monat: ["erstermonat", "abrechnungab", "sollstellungab", "mieteab", "ledgerab"],
  iban: ["iban", "ibanlastschrift", "ibanmandat", "kontoiban"],
  kontoinhaber: ["kontoinhaber", "kontoinhaberin", "zahlungspflichtiger"],
  mandatsreferenz: ["mandatsreferenz", "mandatsref", "mandatreferenz", "mandatsnummer"],
  mandat_vom: [
    "mandatvom",
    "mandatsdatum",
    "datumdermandatsunterschrift",
    "mandatunterschriebenam",
    "unterschriftmandat",
  ],
} satisfies Record<ImportColumn, string[]>)) {
  for (const name of names) ALIASES[name] = column as ImportColumn;
}

export const PAYMENT_METHODS: Record<string, z.infer<typeof paymentMethod>> = {
  "sepa-lastschrift": "sepa_direct_debit",
  "sepa lastschrift": "sepa_direct_debit",
  sepa: "sepa_direct_debit",
  lastschrift: "sepa_direct_debit",
  sepa_direct_debit: "sepa_direct_debit",
  überweisung: "bank_transfer",
  ueberweisung: "bank_transfer",
  bank_transfer: "bank_transfer",
  dauerauftrag: "standing_order",
  standing_order: "standing_order",
};

/** "Fälligkeitstag", "E-Mail", "IBAN (letzte 4)", "NK-Vorauszahlung" → faelligkeitstag, email, ibanletzte4, nkvorauszahlung. */
export function headerKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]/g, "");
}

/**
 * The file's text: UTF-8 (with or without byte-order mark) or, when the bytes are not valid
 * UTF-8, Windows-1252 as Excel's "CSV (Trennzeichen-getrennt)" saves it. The console decodes the
 * same way in the browser; the command line reads bytes and decodes here.
 */
export function decodeSheet(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export interface ParsedImportRow {
  /** Line in the file (the header is line 1); a row with a line break in a cell spans more. */
  line: number;
  firstName: string;
  lastName: string;
  email: string | null;
  /** As written (or combined from street, house number, PLZ and town); the repository finds the building. */
  building: string;
  unit: string | null;
  startDate: string;
  baseRentCents: number | null;
  utilitiesCents: number | null;
  paymentMethod: string;
  dueDay: number | null;
  ibanLast4: string | null;
  /** A signed SEPA mandate the sheet carries (IBAN, Mandat vom, optionally its reference and holder). */
  mandate: { iban: string; signedOn: string; reference: string | null; debtorName: string } | null;
  /** Positive: arrears the tenant owes at takeover; negative: credit. */
  openingBalanceCents: number;
  /** YYYY-MM of the first month to charge, when the file says (Erster Monat, or the month after Bezahlt bis). */
  firstPeriod: string | null;
  /** The row's cells as in the file (for the list of refused rows). */
  cells: string[];
  problems: string[];
  warnings: string[];
}

/** "550", "550,5", "1.234,56", "1234.56" → cents; null when it is not an amount. */
export function parseEuroCents(text: string): number | null {
  const t = text.replace(/\s|€|EUR/g, "");
  let normalized: string;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(t) || /^\d+(,\d{1,2})?$/.test(t)) {
    normalized = t.replace(/\./g, "").replace(",", ".");
  } else if (/^\d+(\.\d{1,2})?$/.test(t)) {
    normalized = t;
  } else {
    return null;
  }
  const cents = Math.round(Number(normalized) * 100);
  return Number.isFinite(cents) ? cents : null;
}

/** parseEuroCents with a sign: "-120,00", "−120,00", "120,00-" (as accounting exports write it). */
export function parseSignedEuroCents(text: string): number | null {
  const t = text.replace(/\s/g, "").replace(/\u2212/g, "-");
  const negative = /^-/.test(t) || /-$/.test(t);
  const cents = parseEuroCents(t.replace(/^[-+]|-$/g, ""));
  return cents === null ? null : negative ? -cents : cents;
}

/** "TT.MM.JJJJ" or "JJJJ-MM-TT" → "JJJJ-MM-TT" of a real day; null otherwise. */
export function parseImportDate(text: string): string | null {
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const iso = german
    ? `${german[3]}-${german[2]!.padStart(2, "0")}-${german[1]!.padStart(2, "0")}`
    : /^\d{4}-\d{2}-\d{2}$/.test(text)
      ? text
      : null;
  if (!iso) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** "11.2026", "11/2026", "2026-11" or a day of that month ("30.11.2026") → "2026-11"; null otherwise. */
export function parseImportMonth(text: string): string | null {
  const day = parseImportDate(text);
  if (day) return day.slice(0, 7);
  const german = /^(\d{1,2})[./](\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{1,2})$/.exec(text);
  const [year, month] = german ? [german[2]!, german[1]!] : iso ? [iso[1]!, iso[2]!] : [null, null];
  if (!year || !month || Number(month) < 1 || Number(month) > 12) return null;
  return `${year}-${month.padStart(2, "0")}`;
}

/** The month after a YYYY-MM. */
export const nextMonth = (period: string): string => {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
};
