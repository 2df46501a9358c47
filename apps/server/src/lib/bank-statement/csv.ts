import { parse as parseCsv } from "csv-parse/sync";
import {
  type CsvMapping,
  clean,
  count,
  type DateFormat,
  finishLines,
  ibanInText,
  ibanOrNull,
  layoutSignature,
  MAX_STATEMENT_LINES,
  normalizeHeader,
  type ParsedStatement,
  parseAmount,
  parseDate,
  type RawLine,
  StatementError,
  tooManyLines,
} from "./common.js";

/**
 * CSV exports of German banks, read unchanged (decision 026): each layout is recognised by its
 * header (after any preamble); a header we do not know asks for a column mapping instead.
 */

type Field =
  | "bookedOn"
  | "valueOn"
  | "amount"
  | "debit"
  | "credit"
  | "payerName"
  | "payeeName"
  | "payerIban"
  | "bankRef"
  | "endToEndId"
  | "currency"
  | "status"
  | "accountIban";

interface Layout {
  id: string;
  label: string;
  /** Normalised header names (normalizeHeader) that must all be there; an array: one of them. */
  requires: (string | string[])[];
  /** Where each field is: the first of the names present. */
  fields: Partial<Record<Field, string[]>>;
  remittance: string[];
  /** Status values (normalised) of bookings the bank has not booked yet. */
  pendingStatus?: string[];
  /** ING: "Währung" twice, the amount's currency is the one right after "Betrag". */
  currencyAfterAmount?: boolean;
  /** The first cell of a closing line that is not a booking (Deutsche Bank "Kontostand"). */
  footer?: string;
}

/** Known layouts, most specific first; sources in docs/decisions/026-bank-statement-layouts.md. */
const LAYOUTS: Layout[] = [
  {
    id: "sparkasse-camt",
    label: "Sparkasse (CSV-CAMT V2)",
    requires: [
      "auftragskonto",
      "buchungstag",
      "kundenreferenz (end-to-end)",
      "beguenstigter/zahlungspflichtiger",
      "kontonummer/iban",
      "betrag",
    ],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["valutadatum"],
      amount: ["betrag"],
      payerName: ["beguenstigter/zahlungspflichtiger"],
      payerIban: ["kontonummer/iban"],
      endToEndId: ["kundenreferenz (end-to-end)"],
      currency: ["waehrung"],
      status: ["info"],
      accountIban: ["auftragskonto"],
    },
    remittance: ["verwendungszweck"],
    pendingStatus: ["umsatz vorgemerkt"],
  },
  {
    id: "sparkasse-mt940",
    label: "Sparkasse (CSV-MT940)",
    requires: ["auftragskonto", "buchungstag", "beguenstigter/zahlungspflichtiger", "kontonummer", "blz", "betrag"],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["valutadatum"],
      amount: ["betrag"],
      payerName: ["beguenstigter/zahlungspflichtiger"],
      payerIban: ["kontonummer"],
      currency: ["waehrung"],
      status: ["info"],
      accountIban: ["auftragskonto"],
    },
    remittance: ["verwendungszweck"],
    pendingStatus: ["umsatz vorgemerkt"],
  },
  {
    id: "dkb",
    label: "DKB (ab 2023)",
    requires: ["buchungsdatum", "status", "zahlungspflichtige*r", "zahlungsempfaenger*in", "betrag (€)"],
    fields: {
      bookedOn: ["buchungsdatum"],
      valueOn: ["wertstellung"],
      amount: ["betrag (€)"],
      payerName: ["zahlungspflichtige*r"],
      payeeName: ["zahlungsempfaenger*in"],
      payerIban: ["iban"],
      endToEndId: ["kundenreferenz"],
      status: ["status"],
    },
    remittance: ["verwendungszweck"],
    pendingStatus: ["vorgemerkt"],
  },
  {
    id: "dkb-legacy",
    label: "DKB (bis 2023)",
    requires: ["buchungstag", "wertstellung", "auftraggeber / beguenstigter", "kontonummer", "betrag (eur)"],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["wertstellung"],
      amount: ["betrag (eur)"],
      payerName: ["auftraggeber / beguenstigter"],
      payerIban: ["kontonummer"],
      endToEndId: ["kundenreferenz"],
    },
    remittance: ["verwendungszweck"],
  },
  {
    id: "ing",
    label: "ING",
    requires: ["buchung", "auftraggeber/empfaenger", "verwendungszweck", "betrag"],
    fields: {
      bookedOn: ["buchung"],
      valueOn: ["valuta", "wertstellungsdatum"],
      amount: ["betrag"],
      payerName: ["auftraggeber/empfaenger"],
    },
    remittance: ["verwendungszweck"],
    currencyAfterAmount: true,
  },
  {
    id: "deutsche-bank",
    label: "Deutsche Bank",
    requires: ["buchungstag", "wert", "beguenstigter / auftraggeber", "soll", "haben"],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["wert"],
      amount: ["betrag"],
      debit: ["soll"],
      credit: ["haben"],
      payerName: ["beguenstigter / auftraggeber"],
      payerIban: ["iban"],
      endToEndId: ["kundenreferenz"],
      currency: ["waehrung"],
    },
    remittance: ["verwendungszweck"],
    footer: "kontostand",
  },
  {
    id: "atruvia",
    label: "Volksbank / Raiffeisenbank (Atruvia)",
    requires: ["buchungstag", "name zahlungsbeteiligter", "iban zahlungsbeteiligter", "betrag"],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["valutadatum"],
      amount: ["betrag"],
      payerName: ["name zahlungsbeteiligter"],
      payerIban: ["iban zahlungsbeteiligter"],
      currency: ["waehrung"],
      accountIban: ["iban auftragskonto"],
    },
    remittance: ["verwendungszweck"],
  },
  {
    id: "commerzbank",
    label: "Commerzbank",
    requires: ["buchungstag", "umsatzart", "buchungstext", "betrag", ["iban kontoinhaber", "iban auftraggeberkonto"]],
    fields: {
      bookedOn: ["buchungstag"],
      valueOn: ["wertstellung"],
      amount: ["betrag"],
      currency: ["waehrung"],
      accountIban: ["iban kontoinhaber", "iban auftraggeberkonto"],
    },
    remittance: ["buchungstext"],
  },
  {
    id: "documented",
    label: "CSV nach unserer Beschreibung",
    requires: [["buchungstag", "buchungsdatum"], "betrag", "verwendungszweck"],
    fields: {
      bookedOn: ["buchungstag", "buchungsdatum"],
      amount: ["betrag"],
      payerName: ["name", "auftraggeber", "zahlungspflichtige/r"],
      payerIban: ["iban"],
      bankRef: ["referenz", "bankreferenz"],
    },
    remittance: ["verwendungszweck"],
  },
];

/** How far down a header may be found (ING has about 13 preamble lines). */
const HEADER_SEARCH_ROWS = 30;
const MAX_FIELD_CHARS = 100_000;

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

interface Resolved {
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

function matches(layout: Layout, names: string[]): boolean {
  return layout.requires.every((r) => (Array.isArray(r) ? r.some((n) => names.includes(n)) : names.includes(r)));
}

function resolve(layout: Layout, names: string[], headerRow: number): Resolved {
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

function fromMapping(mapping: CsvMapping, records: string[][]): Resolved {
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
function targobank(records: string[][]): Resolved | undefined {
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
function guessHeaderRow(records: string[][]): number {
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

function detectDelimiter(text: string): string {
  const head = text.split(/\r?\n/, HEADER_SEARCH_ROWS).join("\n");
  const semicolons = head.match(/;/g)?.length ?? 0;
  const commas = head.match(/,/g)?.length ?? 0;
  const tabs = head.match(/\t/g)?.length ?? 0;
  if (tabs > semicolons && tabs > commas) return "\t";
  return semicolons >= commas ? ";" : ",";
}

interface CsvRecord {
  cells: string[];
  /** 1-based line of the file where the record starts. */
  fileLine: number;
}

function readRecords(text: string): { records: CsvRecord[]; broken: string[] } {
  const delimiter = detectDelimiter(text);
  const broken: string[] = [];
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = (parseCsv as (input: string, options: object) => typeof parsed)(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      info: true,
      max_record_size: MAX_FIELD_CHARS,
      skip_records_with_error: true,
      raw: true,
      on_skip: (err: { lines?: number; message: string } | undefined, raw: string | undefined) => {
        const span = raw ? raw.replace(/\n$/, "").split("\n").length : 1;
        const where = err?.lines ? `Zeile ${err.lines - span + 1}` : "Eine Zeile";
        const value = clean(raw)?.slice(0, 60);
        broken.push(`${where}${value ? ` („${value}…“)` : ""}: ${germanCsvError(err?.message)}`);
      },
    });
  } catch (err) {
    // Rows with errors are skipped and reported (on_skip); this is what is left.
    const e = err as { lines?: number; message: string };
    throw new StatementError(
      `Die CSV-Datei lässt sich nicht lesen (Zeile ${e.lines ?? "?"}): ${germanCsvError(e.message)}`,
      [],
      { code: "unreadable" },
    );
  }
  const records = parsed.map((p) => {
    const lines = p.record.join("").split("\n").length;
    return { cells: p.record, fileLine: p.info.lines - lines + 1 };
  });
  return { records, broken };
}

function germanCsvError(message: string | undefined): string {
  if (!message) return "unlesbar.";
  if (/max record size/i.test(message)) return `die Zeile ist länger als ${count(MAX_FIELD_CHARS)} Zeichen.`;
  if (/quote/i.test(message)) return "ein Anführungszeichen ist nicht geschlossen oder steht an falscher Stelle.";
  return "unlesbar.";
}

/** Reads a CSV statement: a known layout, the manager's mapping, or an "unknown_layout" error. */
export function readCsv(content: string, mapping: CsvMapping | undefined, today: string): ParsedStatement {
  const text = content.replace(/^\uFEFF/, "");
  const physicalLines = text.split("\n").length;
  if (physicalLines > MAX_STATEMENT_LINES + HEADER_SEARCH_ROWS + 10) tooManyLinesInCsv(text);
  const { records: all, broken } = readRecords(text);
  if (all.length === 0) throw new StatementError("Die CSV-Datei ist leer.", [], { code: "unreadable" });
  const cellsOf = all.map((r) => r.cells);
  const layout = mapping ? fromMapping(mapping, cellsOf) : (findLayout(cellsOf) ?? targobank(cellsOf));
  if (!layout) {
    const headerRow = guessHeaderRow(cellsOf);
    const header = cellsOf[headerRow] ?? [];
    throw new StatementError(
      "Dieses CSV-Format kennen wir noch nicht. Bitte einmal angeben, welche Spalte Buchungstag, Betrag und Verwendungszweck enthält (die Zuordnung wird für dieses Konto gespeichert) – oder den Kontoauszug als CAMT.053 (XML) exportieren, das lesen wir von jeder Bank.",
      [],
      {
        code: "unknown_layout",
        header,
        headerRow,
        sample: cellsOf
          .slice(headerRow + 1)
          .filter((r) => r.some((v) => v !== ""))
          .slice(0, 3),
        signature: layoutSignature(header),
      },
    );
  }
  return readRows(all, layout, broken, today);
}

function tooManyLinesInCsv(text: string): never {
  // Every line that is not blank, less the header.
  let n = -1;
  for (const line of text.split("\n")) if (line.trim() !== "") n++;
  throw tooManyLines(n);
}

function findLayout(records: string[][]): Resolved | undefined {
  for (let i = 0; i < Math.min(records.length, HEADER_SEARCH_ROWS); i++) {
    const names = records[i]!.map(normalizeHeader);
    const layout = LAYOUTS.find((l) => matches(l, names));
    if (layout) return resolve(layout, names, i);
  }
  return undefined;
}

function readRows(all: CsvRecord[], layout: Resolved, broken: string[], today: string): ParsedStatement {
  const c = layout.columns;
  const warnings: string[] = [];
  const preamble = all.slice(0, Math.max(layout.headerRow, 0));
  if (preamble.length > 0) {
    warnings.push(
      `Die Datei beginnt mit ${preamble.length === 1 ? "1 Zeile" : `${preamble.length} Zeilen`} vor der Kopfzeile; sie ${preamble.length === 1 ? "wurde" : "wurden"} übersprungen.`,
    );
  }
  const accountIban =
    preamble.flatMap((r) => r.cells.map((cell) => ibanOrNull(cell) ?? ibanInText(cell))).find((i) => i !== null) ??
    null;
  const rows = all.slice(layout.headerRow + 1);
  if (rows.length > MAX_STATEMENT_LINES) throw tooManyLines(rows.length);

  const badDates: string[] = [];
  const badAmounts: string[] = [];
  const lines: RawLine[] = [];
  let footers = 0;
  let undatedPending = 0;
  let rowAccount: string | null = null;
  rows.forEach((record, i) => {
    const row = record.cells;
    const cell = (at: number | undefined) => (at === undefined ? "" : (row[at] ?? "").trim());
    if (row.every((v) => v.trim() === "")) return;
    if (layout.footer && normalizeHeader(row[0] ?? "").startsWith(layout.footer)) {
      footers++;
      return;
    }
    const line = i + 1;
    const status = cell(c.status);
    const pending = status !== "" && layout.pending(status);
    const valueOn = c.valueOn === undefined ? undefined : parseDate(cell(c.valueOn), layout.dateFormat);
    let bookedOn = parseDate(cell(c.bookedOn), layout.dateFormat);
    if (!bookedOn && pending && cell(c.bookedOn) === "") {
      bookedOn = valueOn;
      if (!bookedOn) {
        undatedPending++;
        return;
      }
    }
    const amountCents = amountOf(cell(c.amount), cell(c.debit), cell(c.credit));
    if (!bookedOn) badDates.push(`Zeile ${record.fileLine}: „${cell(c.bookedOn)}“`);
    if (amountCents === undefined) {
      badAmounts.push(
        `Zeile ${record.fileLine}: „${[cell(c.amount), cell(c.debit), cell(c.credit)].filter(Boolean).join(" / ")}“`,
      );
    }
    if (!bookedOn || amountCents === undefined) return;
    const remittance = clean(c.remittance.map((at) => cell(at)).join(" "));
    const name = amountCents < 0 && c.payeeName !== undefined ? cell(c.payeeName) : cell(c.payerName);
    const ownAccount = ibanOrNull(cell(c.accountIban));
    rowAccount ??= ownAccount;
    const endToEnd = clean(cell(c.endToEndId));
    lines.push({
      line,
      bookedOn,
      amountCents,
      payerName: clean(name),
      payerIban: layout.ibanFromText ? ibanInText(remittance) : ibanOrNull(cell(c.payerIban)),
      remittance,
      bankRef: clean(cell(c.bankRef)),
      valueOn: valueOn ?? null,
      currency: clean(cell(c.currency))?.toUpperCase() ?? "EUR",
      endToEndId: endToEnd && endToEnd.toUpperCase() !== "NOTPROVIDED" ? endToEnd : null,
      accountIban: ownAccount ?? accountIban,
      pending,
    });
  });

  const problems = [...broken];
  if (badDates.length > 0) {
    problems.push(
      `Buchungstag ist in ${rowsWord(badDates.length)} kein Datum (${examples(badDates)}); erwartet wird TT.MM.JJJJ, TT.MM.JJ oder JJJJ-MM-TT.`,
    );
  }
  if (badAmounts.length > 0) {
    problems.push(
      `Betrag ist in ${rowsWord(badAmounts.length)} kein Betrag (${examples(badAmounts)}); erwartet wird z. B. 1.234,56 oder -12,50.`,
    );
  }
  if (problems.length > 0) {
    throw new StatementError(
      `Die Datei wurde als „${layout.label}“ erkannt, aber ${problems.length === 1 ? "eine Angabe lässt" : "einige Angaben lassen"} sich nicht lesen: ${problems.join(" ")} Bitte den Kontoauszug unverändert aus dem Online-Banking exportieren oder diese Zeilen korrigieren; es wurde nichts gebucht.`,
      problems,
      { code: "unreadable" },
    );
  }
  if (footers > 0) {
    warnings.push(
      footers === 1
        ? "Die Zeile mit dem Kontostand am Ende ist keine Buchung und wurde übersprungen."
        : `${count(footers)} Zeilen mit dem Kontostand sind keine Buchungen und wurden übersprungen.`,
    );
  }
  if (undatedPending > 0) {
    warnings.push(
      undatedPending === 1
        ? "Eine vorgemerkte Buchung ohne Datum wurde nicht eingelesen."
        : `${count(undatedPending)} vorgemerkte Buchungen ohne Datum wurden nicht eingelesen.`,
    );
  }
  if (lines.length === 0) {
    throw new StatementError(`Die Datei wurde als „${layout.label}“ erkannt, enthält aber keine Buchungen.`, [], {
      code: "unreadable",
    });
  }
  return {
    format: "csv",
    layout: layout.id,
    layoutLabel: layout.label,
    accountIban: rowAccount ?? accountIban,
    lines: finishLines("csv", lines, today),
    warnings,
  };
}

function amountOf(amount: string, debit: string, credit: string): number | undefined {
  if (credit !== "") {
    const v = parseAmount(credit);
    return v === undefined ? undefined : Math.abs(v);
  }
  if (debit !== "") {
    const v = parseAmount(debit);
    return v === undefined ? undefined : -Math.abs(v);
  }
  return parseAmount(amount);
}

const rowsWord = (n: number) => (n === 1 ? "einer Zeile" : `${count(n)} Zeilen`);
const examples = (items: string[]) =>
  items.length > 3 ? `${items.slice(0, 3).join(", ")} und ${count(items.length - 3)} weitere` : items.join(", ");
