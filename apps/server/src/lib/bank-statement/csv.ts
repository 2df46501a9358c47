import { parse as parseCsv } from "csv-parse/sync";
import {
  type CsvMapping,
  clean,
  count,
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
import { findLayout, fromMapping, guessHeaderRow, type Resolved, targobank } from "./csv-columns.js";

/**
 * Reading a bank's CSV export (decision 026): the records, the layout (csv-layouts.ts, found by
 * csv-columns.ts) and the statement's lines with German problems for the rows it refuses.
 */

/** How far down a header may be found (ING has about 13 preamble lines). */
export const HEADER_SEARCH_ROWS = 30;
const MAX_FIELD_CHARS = 100_000;

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
