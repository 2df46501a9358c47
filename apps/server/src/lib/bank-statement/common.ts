import { createHash } from "node:crypto";

/**
 * What every bank statement becomes (docs/bank-statements.md, decision 026): lines with the same
 * fields whatever the layout. Nothing is written here.
 */

export interface StatementLine {
  /** 1-based: the CSV row (after the header) or the CAMT entry's transaction in order. */
  line: number;
  bookedOn: string;
  /** Positive: money received; negative: money going out (ignored by the ledger). */
  amountCents: number;
  payerName: string | null;
  payerIban: string | null;
  remittance: string | null;
  /** The bank's own reference when the statement has one (CAMT: AcctSvcrRef). */
  bankRef: string | null;
  /** Unique per booked line: what a second import of the same statement is recognised by. */
  dedupeKey: string;
  /** Value day (Valuta, CAMT ValDt) when the statement gives one; another layout may book on it. */
  valueOn: string | null;
  /** ISO 4217 code of the amount; "EUR" where the layout has no currency column. */
  currency: string;
  /** The payer's end-to-end reference (CAMT Refs/EndToEndId, CSV "Kundenreferenz (End-to-End)"); "NOTPROVIDED" → null. */
  endToEndId: string | null;
  /** The statement's own account (CAMT Stmt/Acct/Id/IBAN, CSV "Auftragskonto"/preamble), normalised. */
  accountIban: string | null;
  /** Not booked by the bank yet (Sparkasse "Umsatz vorgemerkt", DKB "Vorgemerkt", CAMT PDNG/INFO). */
  pending: boolean;
  /**
   * A batch entry (CAMT Ntry with several TxDtls) whose transactions carry no amount of their own:
   * the number of payments in it. The line then stands for the whole entry, for a person to split.
   */
  batchCount: number | null;
  /**
   * Why the line must never be booked although it is shown (German, says what to do): a currency
   * other than EUR, an amount or booking day outside the ledger's bounds. Null for a bookable line.
   */
  refusal: string | null;
  /**
   * A returned direct debit (CAMT: a debit with return information, a reversal, or the bank
   * transaction code of an unpaid direct debit): never money received (issue 28).
   */
  directDebitReturn?: DirectDebitReturn;
}

/** What a statement says of a direct debit the bank gave back. */
export interface DirectDebitReturn {
  /** ISO reason code (RtrInf/Rsn/Cd), e.g. AC04; null when the bank gave none. */
  reasonCode: string | null;
  /** The amount originally collected (AmtDtls/InstdAmt, else the line's amount less the fee). */
  originalCents: number;
  /** The bank's fee for the return (Chrgs), 0 when none is shown. */
  feeCents: number;
  /** The mandate reference (Refs/MndtId) when given. */
  mandateId: string | null;
}

export type StatementFormat = "csv" | "camt";

/** A column mapping the manager completes once for a CSV layout we do not know (0-based indexes). */
export interface CsvMapping {
  /** 0-based index of the header line in the file (preamble before it). */
  headerRow: number;
  columns: {
    bookedOn: number;
    valueOn?: number | undefined;
    amount?: number | undefined;
    debit?: number | undefined;
    credit?: number | undefined;
    remittance: number[];
    payerName?: number | undefined;
    payerIban?: number | undefined;
    bankRef?: number | undefined;
    currency?: number | undefined;
    status?: number | undefined;
  };
  /** Default: recognised per value (TT.MM.JJJJ, TT.MM.JJ, JJJJ-MM-TT). */
  dateFormat?: "DD.MM.YYYY" | "DD.MM.YY" | "YYYY-MM-DD" | undefined;
}

export interface ParsedStatement {
  format: StatementFormat;
  /** Stable id of the recognised layout, e.g. "sparkasse-camt", "dkb", "mapped", "camt053". */
  layout: string;
  /** German name shown in the preview, e.g. "Sparkasse (CSV-CAMT V2)". */
  layoutLabel: string;
  accountIban: string | null;
  lines: StatementLine[];
  /** German notes on what was read around the bookings (preamble skipped, footer ignored …). */
  warnings: string[];
}

export interface ReadOptions {
  format?: StatementFormat | undefined;
  mapping?: CsvMapping | undefined;
  /** The Berlin calendar day the bounds are checked against (tests); default: today. */
  today?: string | undefined;
}

export type StatementErrorCode = "unknown_layout" | "too_large" | "unreadable";

/** What the console needs to show the mapping step for a CSV layout we do not know. */
export interface UnknownLayout {
  header: string[];
  headerRow: number;
  /** The first three data rows after the header. */
  sample: string[][];
  signature: string;
}

export class StatementError extends Error {
  readonly code: StatementErrorCode | undefined;
  readonly header: string[] | undefined;
  readonly headerRow: number | undefined;
  readonly sample: string[][] | undefined;
  readonly signature: string | undefined;

  constructor(
    message: string,
    readonly problems: string[] = [],
    details: { code?: StatementErrorCode } & Partial<UnknownLayout> = {},
  ) {
    super(message);
    this.name = "StatementError";
    this.code = details.code;
    this.header = details.header;
    this.headerRow = details.headerRow;
    this.sample = details.sample;
    this.signature = details.signature;
  }
}

/** At most this many lines per statement (issue 24 item 17): a month of a large portfolio fits. */
export const MAX_STATEMENT_LINES = 20_000;
/** The manual payment's bound (contracts staff/ledger euros()). */
const MAX_AMOUNT_CENTS = 1_000_000 * 100;
/** Booking days accepted: from this day … */
const EARLIEST_BOOKING_DAY = "2000-01-01";
/** … to this many days after today (a bank books ahead at most a few days). */
const MAX_DAYS_AHEAD = 31;

const number = new Intl.NumberFormat("de-DE");
export const count = (n: number) => number.format(n);

export function tooManyLines(n: number): StatementError {
  return new StatementError(
    `Die Datei enthält ${count(n)} Buchungen; höchstens ${count(MAX_STATEMENT_LINES)} werden in einem Kontoauszug gelesen. Bitte einen kürzeren Zeitraum exportieren und die Teile nacheinander importieren.`,
    [],
    { code: "too_large" },
  );
}

const digest = (parts: (string | number | null)[]) =>
  createHash("sha256")
    .update(parts.map((p) => String(p ?? "")).join("\u001f"))
    .digest("base64url")
    .slice(0, 32);

/** Stable key of a CSV header, to remember a column mapping by (case, spacing, umlaut spelling ignored). */
export function layoutSignature(headerCells: string[]): string {
  return `csv:${digest(headerCells.map(normalizeHeader))}`;
}

/** Header cell → comparable name: lower case, single spaces, ä→ae, ö→oe, ü→ue, ß→ss. */
export function normalizeHeader(cell: string): string {
  return cell
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss");
}

/** A line as read, before its key and defaults. */
export type RawLine = Omit<
  StatementLine,
  "dedupeKey" | "valueOn" | "currency" | "endToEndId" | "accountIban" | "pending" | "batchCount" | "refusal"
> &
  Partial<
    Pick<StatementLine, "valueOn" | "currency" | "endToEndId" | "accountIban" | "pending" | "batchCount" | "refusal">
  >;

/**
 * Defaults, the refusal of lines outside the ledger's bounds, and each line's key: the bank's
 * reference, else a digest of the line and its occurrence (two equal lines are two bookings).
 */
export function finishLines(prefix: string, raw: RawLine[], today: string): StatementLine[] {
  const latest = addDays(today, MAX_DAYS_AHEAD);
  const seen = new Map<string, number>();
  return raw.map((r) => {
    const l = {
      valueOn: null,
      currency: "EUR",
      endToEndId: null,
      accountIban: null,
      pending: false,
      batchCount: null,
      refusal: null,
      ...r,
    };
    l.refusal ??= refusalOf(l, latest);
    if (l.bankRef) return { ...l, dedupeKey: `${prefix}:ref:${l.bankRef}` };
    const base = digest([l.bookedOn, l.amountCents, l.payerIban, l.payerName, l.remittance]);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { ...l, dedupeKey: `${prefix}:line:${base}:${n}` };
  });
}

const euro = (cents: number) =>
  Number.isSafeInteger(cents)
    ? new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(cents / 100)
    : "ein unlesbar hoher Betrag";

function refusalOf(l: { currency: string; amountCents: number; bookedOn: string }, latest: string): string | null {
  if (l.currency !== "EUR") {
    return `Betrag in ${l.currency}: nur Euro-Buchungen werden gebucht. Bitte von Hand prüfen und als Zahlung erfassen.`;
  }
  if (!Number.isSafeInteger(l.amountCents) || Math.abs(l.amountCents) > MAX_AMOUNT_CENTS) {
    return `${euro(Math.abs(l.amountCents))} liegt über 1.000.000,00 €: so eine Buchung wird nicht eingelesen. Bitte den Kontoauszug prüfen.`;
  }
  if (l.bookedOn < EARLIEST_BOOKING_DAY || l.bookedOn > latest) {
    return `Buchungstag ${germanDate(l.bookedOn)} liegt vor 2000 oder mehr als ${MAX_DAYS_AHEAD} Tage in der Zukunft: nicht gebucht. Bitte den Kontoauszug prüfen.`;
  }
  return null;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

export const normalizeIban = (value: string | null | undefined): string | null => {
  const iban = (value ?? "").replace(/\s+/g, "").toUpperCase();
  return iban === "" ? null : iban;
};

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
/** The value as an IBAN when it is one (a Kontonummer column may hold an old account number). */
export const ibanOrNull = (value: string | null | undefined): string | null => {
  const iban = normalizeIban(value);
  return iban && IBAN.test(iban) ? iban : null;
};

/** The first IBAN written in a text ("IBAN: DE89 3704 0044 0532 0130 00", grouped or not). */
export function ibanInText(text: string | null): string | null {
  if (!text) return null;
  const found = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b/.exec(text);
  return found ? ibanOrNull(found[1]) : null;
}

export const clean = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const text = String(value).replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
};

/** 750,00 · 1.234,56 · -750,00 · 750.00 · 750,00- → cents; undefined when it is not an amount. */
export function parseAmount(text: string): number | undefined {
  let t = text.replace(/\s|€|EUR/g, "");
  if (/^\d[\d.,]*-$/.test(t)) t = `-${t.slice(0, -1)}`;
  if (t.includes(",")) t = t.replace(/\./g, "").replace(",", ".");
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(t)) return undefined;
  return Math.round(Number(t) * 100);
}

export type DateFormat = NonNullable<CsvMapping["dateFormat"]>;

/** 03.11.2026, 03.11.26 (20xx) or 2026-11-03 → 2026-11-03; undefined otherwise. */
export function parseDate(text: string, format?: DateFormat): string | undefined {
  const t = text.trim();
  let iso: string | undefined;
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(t);
  if (german && format !== "YYYY-MM-DD") {
    const year = german[3]!;
    if (format === "DD.MM.YYYY" && year.length !== 4) return undefined;
    if (format === "DD.MM.YY" && year.length !== 2) return undefined;
    iso = `${year.length === 2 ? `20${year}` : year}-${german[2]!.padStart(2, "0")}-${german[1]!.padStart(2, "0")}`;
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(t) && (format === undefined || format === "YYYY-MM-DD")) iso = t;
  if (!iso) return undefined;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? undefined : iso;
}
