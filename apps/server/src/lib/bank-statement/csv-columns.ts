import {
  type CsvMapping,
  count,
  type DateFormat,
  normalizeHeader,
  parseAmount,
  parseDate,
  StatementError,
} from "./common.js";
import { HEADER_SEARCH_ROWS } from "./csv.js";
import { type Field, LAYOUTS, type Layout } from "./csv-layouts.js";

/**
 * Finding a CSV export's columns: a known layout by its header, a saved mapping, or the Targobank
 * layout without a header. Split from csv.ts (decision 037).
 */

interface Columns {
  bookedOn: number;
  valueOn?: number | undefined;
  amount?: number | undefined;
  debit?: number | undefined;
  credit?: number | undefined;
  payerName?: number | undefined;
  payeeName?: number | undefined;
  payerIban?: number | undefined;
  bankRef?: number | undefined;
  endToEndId?: number | undefined;
  currency?: number | undefined;
  status?: number | undefined;
  accountIban?: number | undefined;
  remittance: number[];
}

export interface Resolved {
  id: string;
  label: string;
  headerRow: number;
  columns: Columns;
  pending: (status: string) => boolean;
  footer?: string | undefined;
  dateFormat?: DateFormat | undefined;
  /** Payer IBAN only from the remittance text (no IBAN column). */
  ibanFromText: boolean;
}

export function matches(layout: Layout, names: string[]): boolean {
  return layout.requires.every((r) => (Array.isArray(r) ? r.some((n) => names.includes(n)) : names.includes(r)));
}

export function resolve(layout: Layout, names: string[], headerRow: number): Resolved {
  const at = (field: Field) => {
    for (const name of layout.fields[field] ?? []) {
      const i = names.indexOf(name);
      if (i >= 0) return i;
    }
    return undefined;
  };
  const columns: Columns = {
    bookedOn: at("bookedOn")!,
    valueOn: at("valueOn"),
    amount: at("amount"),
    debit: at("debit"),
    credit: at("credit"),
    payerName: at("payerName"),
    payeeName: at("payeeName"),
    payerIban: at("payerIban"),
    bankRef: at("bankRef"),
    endToEndId: at("endToEndId"),
    currency: at("currency"),
    status: at("status"),
    accountIban: at("accountIban"),
    remittance: layout.remittance.map((n) => names.indexOf(n)).filter((i) => i >= 0),
  };
  if (layout.currencyAfterAmount && columns.amount !== undefined) {
    const after = names.indexOf("waehrung", columns.amount + 1);
    columns.currency = after >= 0 ? after : undefined;
  }
  const pendingStatus = layout.pendingStatus ?? [];
  return {
    id: layout.id,
    label: layout.label,
    headerRow,
    columns,
    pending: (status) => pendingStatus.includes(normalizeHeader(status)),
    footer: layout.footer,
    ibanFromText: columns.payerIban === undefined,
  };
}

export function fromMapping(mapping: CsvMapping, records: string[][]): Resolved {
  const c = mapping.columns;
  const refuse = (message: string) =>
    new StatementError(`${message} Bitte die Spaltenzuordnung prüfen.`, [], { code: "unreadable" });
  const header = records[mapping.headerRow];
  if (!Number.isInteger(mapping.headerRow) || !header) {
    throw refuse(
      `Die Zuordnung nennt Zeile ${mapping.headerRow + 1} als Kopfzeile; die Datei hat ${count(records.length)} Zeilen.`,
    );
  }
  const used = [
    c.bookedOn,
    c.valueOn,
    c.amount,
    c.debit,
    c.credit,
    c.payerName,
    c.payerIban,
    c.bankRef,
    c.currency,
    c.status,
    ...c.remittance,
  ];
  const outside = used.find((at) => at !== undefined && (!Number.isInteger(at) || at < 0 || at >= header.length));
  if (outside !== undefined) {
    throw refuse(`Die Zuordnung nennt Spalte ${outside + 1}; die Kopfzeile hat ${count(header.length)} Spalten.`);
  }
  if (c.amount === undefined && c.debit === undefined && c.credit === undefined) {
    throw refuse("Die Spalte mit dem Betrag fehlt (oder Soll und Haben).");
  }
  return {
    id: "mapped",
    label: "eigene Spaltenzuordnung",
    headerRow: mapping.headerRow,
    columns: { ...c, remittance: [...c.remittance] },
    pending: (status) => /vorgemerkt|pending|pdng/i.test(status),
    dateFormat: mapping.dateFormat,
    ibanFromText: c.payerIban === undefined,
  };
}

const looksLikeDate = (cell: string) => parseDate(cell) !== undefined;

const looksLikeAmount = (cell: string) => parseAmount(cell) !== undefined;

/** Targobank exports no header: date;text;amount from the first line on. */
export function targobank(records: string[][]): Resolved | undefined {
  const rows = records.filter((r) => r.some((c) => c !== ""));
  const first = rows[0];
  if (!first || first.length < 3 || first.length > 4) return undefined;
  const fits = (r: string[]) => looksLikeDate(r[0] ?? "") && looksLikeAmount(r[r.length - 1] ?? "");
  if (!rows.slice(0, 5).every(fits)) return undefined;
  return {
    id: "targobank",
    label: "Targobank (ohne Kopfzeile)",
    headerRow: -1,
    columns: { bookedOn: 0, amount: first.length - 1, remittance: first.length === 4 ? [1, 2] : [1] },
    pending: () => false,
    ibanFromText: true,
  };
}

/** The row that most likely is the header of a file we do not know: text cells above date/amount rows. */
export function guessHeaderRow(records: string[][]): number {
  for (let i = 0; i < Math.min(records.length - 1, HEADER_SEARCH_ROWS); i++) {
    const row = records[i]!;
    if (row.every((c) => c === "")) continue;
    const filled = row.filter((c) => c !== "");
    const next = records.slice(i + 1).find((r) => r.some((c) => c !== "")) ?? [];
    if (filled.length >= 3 && !filled.some((c) => looksLikeDate(c) || looksLikeAmount(c)) && next.some(looksLikeDate)) {
      return i;
    }
  }
  return 0;
}

export function findLayout(records: string[][]): Resolved | undefined {
  for (let i = 0; i < Math.min(records.length, HEADER_SEARCH_ROWS); i++) {
    const names = records[i]!.map(normalizeHeader);
    const layout = LAYOUTS.find((l) => matches(l, names));
    if (layout) return resolve(layout, names, i);
  }
  return undefined;
}
