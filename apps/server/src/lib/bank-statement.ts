import { createHash } from "node:crypto";
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * Bank statements for the rent ledger (docs/bank-statements.md): a CSV export with documented
 * columns, or a CAMT.053 statement (ISO 20022 XML). Both become the same lines; nothing is written
 * here. Every line carries a key that is the same when the same statement is read again (the
 * bank's reference, else a digest of the line and its occurrence), so an import is idempotent.
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
}

export type StatementFormat = "csv" | "camt";

export class StatementError extends Error {
  constructor(
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

const MAX_PROBLEMS_SHOWN = 10;

/** csv or camt from the content: XML starts with "<" (after a BOM or whitespace). */
export function detectFormat(content: string): StatementFormat {
  return content
    .replace(/^\uFEFF/, "")
    .trimStart()
    .startsWith("<")
    ? "camt"
    : "csv";
}

export function parseStatement(content: string, format: StatementFormat = detectFormat(content)): StatementLine[] {
  return format === "camt" ? parseCamt(content) : parseCsvStatement(content);
}

const digest = (parts: (string | number | null)[]) =>
  createHash("sha256")
    .update(parts.map((p) => String(p ?? "")).join("\u001f"))
    .digest("base64url")
    .slice(0, 32);

/** Lines that are equal in every field get their occurrence number, so both are booked, once. */
type RawLine = Omit<StatementLine, "dedupeKey" | "valueOn" | "currency" | "endToEndId" | "accountIban" | "pending" | "batchCount" | "refusal"> &
  Partial<Pick<StatementLine, "valueOn" | "currency" | "endToEndId" | "accountIban" | "pending" | "batchCount" | "refusal">>;

function keyByContent(prefix: string, raw: RawLine[]): StatementLine[] {
  const lines = raw.map((l) => ({
    valueOn: null,
    currency: "EUR",
    endToEndId: null,
    accountIban: null,
    pending: false,
    batchCount: null,
    refusal: null,
    ...l,
  }));
  const seen = new Map<string, number>();
  return lines.map((l) => {
    if (l.bankRef) return { ...l, dedupeKey: `${prefix}:ref:${l.bankRef}` };
    const base = digest([l.bookedOn, l.amountCents, l.payerIban, l.payerName, l.remittance]);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { ...l, dedupeKey: `${prefix}:line:${base}:${n}` };
  });
}

export const normalizeIban = (value: string | null | undefined): string | null => {
  const iban = (value ?? "").replace(/\s+/g, "").toUpperCase();
  return iban === "" ? null : iban;
};

const clean = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const text = String(value).replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
};

// ---------------------------------------------------------------- CSV

/** Column names (lower case) and the field each means; the first name is the documented one. */
const CSV_COLUMNS: Record<string, "bookedOn" | "amount" | "remittance" | "payerName" | "payerIban" | "bankRef"> = {
  buchungstag: "bookedOn",
  buchungsdatum: "bookedOn",
  betrag: "amount",
  verwendungszweck: "remittance",
  name: "payerName",
  auftraggeber: "payerName",
  "zahlungspflichtige/r": "payerName",
  iban: "payerIban",
  referenz: "bankRef",
  bankreferenz: "bankRef",
};

/** 750,00 · 1.234,56 · -750,00 · 750.00 → cents; undefined when it is not an amount. */
export function parseAmount(text: string): number | undefined {
  let t = text.replace(/\s|€|EUR/g, "");
  if (t.includes(",")) t = t.replace(/\./g, "").replace(",", ".");
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(t)) return undefined;
  return Math.round(Number(t) * 100);
}

/** 03.11.2026 or 2026-11-03 → 2026-11-03; undefined otherwise. */
export function parseDate(text: string): string | undefined {
  const t = text.trim();
  let iso: string | undefined;
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  if (german) iso = `${german[3]}-${german[2]!.padStart(2, "0")}-${german[1]!.padStart(2, "0")}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(t)) iso = t;
  if (!iso) return undefined;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

function parseCsvStatement(content: string): StatementLine[] {
  const text = content.replace(/^\uFEFF/, "");
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    throw new StatementError(`Die CSV-Datei lässt sich nicht lesen: ${(err as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header) throw new StatementError("Die CSV-Datei ist leer.");
  const columns = header.map((h) => CSV_COLUMNS[h.trim().toLowerCase()]);
  const missing = (["bookedOn", "amount", "remittance"] as const).filter((f) => !columns.includes(f));
  if (missing.length > 0) {
    const names = { bookedOn: "Buchungstag", amount: "Betrag", remittance: "Verwendungszweck" };
    throw new StatementError(
      `In der Kopfzeile fehlen die Spalten: ${missing.map((m) => names[m]).join(", ")}. Erwartet werden Buchungstag;Betrag;Verwendungszweck und optional Name;IBAN;Referenz.`,
    );
  }
  const problems: string[] = [];
  const lines: RawLine[] = [];
  rows.forEach((row, i) => {
    const field = (f: string) => {
      const at = columns.indexOf(f as never);
      return at >= 0 ? (row[at] ?? "") : "";
    };
    const line = i + 1;
    const bookedOn = parseDate(field("bookedOn"));
    const amountCents = parseAmount(field("amount"));
    if (!bookedOn) problems.push(`Zeile ${line + 1}: Buchungstag „${field("bookedOn")}“ ist kein Datum (TT.MM.JJJJ).`);
    if (amountCents === undefined) problems.push(`Zeile ${line + 1}: Betrag „${field("amount")}“ ist kein Betrag.`);
    if (!bookedOn || amountCents === undefined) return;
    lines.push({
      line,
      bookedOn,
      amountCents,
      payerName: clean(field("payerName")),
      payerIban: normalizeIban(field("payerIban")),
      remittance: clean(field("remittance")),
      bankRef: clean(field("bankRef")),
    });
  });
  if (problems.length > 0) throw tooMany("Die CSV-Datei enthält Fehler", problems);
  if (lines.length === 0) throw new StatementError("Die CSV-Datei enthält keine Buchungen.");
  return keyByContent("csv", lines);
}

function tooMany(title: string, problems: string[]): StatementError {
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN);
  const more = problems.length > shown.length ? ` (und ${problems.length - shown.length} weitere)` : "";
  return new StatementError(`${title}: ${shown.join(" ")}${more}`, problems);
}

// ---------------------------------------------------------------- CAMT.053

const ARRAYS = new Set(["Stmt", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd"]);
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => ARRAYS.has(name),
});

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is untyped; every read is guarded
type Node = any;
const textOf = (node: Node): string | null => clean(typeof node === "object" && node !== null ? node["#text"] : node);

function parseCamt(content: string): StatementLine[] {
  const text = content.replace(/^\uFEFF/, "");
  // No document type declarations: nothing in CAMT needs them, and entities can blow up.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new StatementError("Die XML-Datei enthält eine DOCTYPE-Angabe.");
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new StatementError(`Die Datei ist kein gültiges XML (Zeile ${valid.err.line}: ${valid.err.msg}).`);
  }
  const doc = xml.parse(text);
  const statements: Node[] = doc?.Document?.BkToCstmrStmt?.Stmt ?? [];
  if (statements.length === 0) {
    throw new StatementError("Die Datei ist kein CAMT.053-Kontoauszug (BkToCstmrStmt/Stmt fehlt).");
  }
  const problems: string[] = [];
  const lines: RawLine[] = [];
  let line = 0;
  let entryNo = 0;
  for (const stmt of statements) {
    for (const entry of stmt.Ntry ?? []) {
      entryNo++;
      const status = textOf(entry.Sts?.Cd ?? entry.Sts);
      // Only booked entries: pending (PDNG) or information (INFO) ones may still change.
      if (status && status !== "BOOK") continue;
      const sign = textOf(entry.CdtDbtInd) === "DBIT" ? -1 : 1;
      const bookedOn = parseDate((textOf(entry.BookgDt?.Dt) ?? textOf(entry.BookgDt?.DtTm) ?? "").slice(0, 10));
      const entryAmount = parseAmount(textOf(entry.Amt) ?? "");
      if (!bookedOn) problems.push(`Buchung ${entryNo}: Buchungsdatum fehlt oder ist ungültig.`);
      if (entryAmount === undefined) problems.push(`Buchung ${entryNo}: Betrag fehlt oder ist ungültig.`);
      if (!bookedOn || entryAmount === undefined) continue;
      const entryRef = textOf(entry.AcctSvcrRef);
      const details: Node[] = (entry.NtryDtls ?? []).flatMap((d: Node) => d?.TxDtls ?? []);
      const txs = details.length > 0 ? details : [{}];
      txs.forEach((tx: Node, i: number) => {
        line++;
        const txAmount = parseAmount(textOf(tx.AmtDtls?.TxAmt?.Amt ?? tx.Amt) ?? "");
        const amount = txs.length > 1 && txAmount !== undefined ? txAmount : entryAmount;
        const debtor = tx.RltdPties?.Dbtr;
        const name = textOf(debtor?.Pty?.Nm ?? debtor?.Nm);
        const iban = normalizeIban(textOf(tx.RltdPties?.DbtrAcct?.Id?.IBAN));
        const unstructured: string[] = (tx.RmtInf?.Ustrd ?? []).map(textOf).filter(Boolean);
        const structured: string[] = (tx.RmtInf?.Strd ?? [])
          .map((s: Node) => textOf(s?.CdtrRefInf?.Ref))
          .filter(Boolean);
        const remittance = clean([...unstructured, ...structured].join(" "));
        const txRef = textOf(tx.Refs?.AcctSvcrRef);
        const bankRef = txRef ?? (entryRef ? (txs.length > 1 ? `${entryRef}/${i + 1}` : entryRef) : null);
        lines.push({
          line,
          bookedOn,
          amountCents: sign * amount,
          payerName: sign > 0 ? name : clean(tx.RltdPties?.Cdtr?.Pty?.Nm ?? tx.RltdPties?.Cdtr?.Nm),
          payerIban: sign > 0 ? iban : null,
          remittance,
          bankRef,
        });
      });
    }
  }
  if (problems.length > 0) throw tooMany("Der Kontoauszug enthält Fehler", problems);
  if (lines.length === 0) throw new StatementError("Der Kontoauszug enthält keine gebuchten Umsätze.");
  return keyByContent("camt", lines);
}
