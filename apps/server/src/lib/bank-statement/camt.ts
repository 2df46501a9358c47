import { XMLParser, XMLValidator } from "fast-xml-parser";
import {
  clean,
  count,
  type DirectDebitReturn,
  finishLines,
  MAX_STATEMENT_LINES,
  normalizeIban,
  type ParsedStatement,
  parseAmount,
  parseDate,
  type RawLine,
  StatementError,
  tooManyLines,
} from "./common.js";

/**
 * CAMT.053 (ISO 20022 bank-to-customer statement), any version: namespaces are ignored. The file
 * is checked for size before it is parsed (entries, attributes, text length, nesting), and no
 * DOCTYPE is accepted; the five XML entities and character references are decoded here.
 */

/** Limits before parsing: far above any real statement, far below what stalls the parser. */
const MAX_TRANSACTIONS = 100_000;
const MAX_ATTRIBUTES = 100_000;
const MAX_TEXT_CHARS = 10_000;
const MAX_DEPTH = 40;

const ARRAYS = new Set(["Stmt", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd"]);
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // Entities are decoded by textOf (the five XML ones and character references only).
  processEntities: false,
  maxNestedTags: MAX_DEPTH,
  isArray: (name) => ARRAYS.has(name),
});

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is untyped; every read is guarded
type Node = any;

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (!name.startsWith("#")) return NAMED[name]!;
    const code = name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff));
    return allowed ? String.fromCodePoint(code) : whole;
  });
}

const textOf = (node: Node): string | null => {
  const value = typeof node === "object" && node !== null ? node["#text"] : node;
  return clean(typeof value === "string" ? decodeEntities(value) : value);
};
const currencyOf = (node: Node): string | null =>
  typeof node === "object" && node !== null ? (clean(node["@Ccy"])?.toUpperCase() ?? null) : null;

function tooLarge(what: string): StatementError {
  return new StatementError(
    `Die XML-Datei ist kein gewöhnlicher Kontoauszug: ${what}. Bitte den Kontoauszug unverändert aus dem Online-Banking exportieren (bei sehr vielen Buchungen einen kürzeren Zeitraum wählen).`,
    [],
    { code: "too_large" },
  );
}

/** Linear checks on the raw text, before anything is parsed. */
function checkSize(text: string) {
  const entries = text.match(/<(?:[\w.-]+:)?Ntry[\s>]/g)?.length ?? 0;
  if (entries > MAX_STATEMENT_LINES) throw tooManyLines(entries);
  const transactions = text.match(/<(?:[\w.-]+:)?TxDtls[\s>]/g)?.length ?? 0;
  if (transactions > MAX_TRANSACTIONS) throw tooManyLines(transactions);
  const attributes = text.match(/=\s*["']/g)?.length ?? 0;
  if (attributes > MAX_ATTRIBUTES) throw tooLarge(`sie enthält ${count(attributes)} Attribute`);
  let from = 0;
  while (from < text.length) {
    const next = text.indexOf("<", from);
    const end = next < 0 ? text.length : next;
    if (end - from > MAX_TEXT_CHARS) throw tooLarge(`ein Text ist länger als ${count(MAX_TEXT_CHARS)} Zeichen`);
    if (next < 0) break;
    from = next + 1;
  }
}

export function readCamt(content: string, today: string): ParsedStatement {
  // A BOM or blank lines before <?xml are common; the declaration must then come first.
  const text = content.replace(/^\uFEFF/, "").trimStart();
  // No document type declarations: nothing in CAMT needs them, and entities can blow up.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new StatementError(
      "Die XML-Datei enthält eine DOCTYPE-Angabe; ein Kontoauszug braucht keine. Bitte die Datei unverändert aus dem Online-Banking exportieren.",
      [],
      { code: "unreadable" },
    );
  }
  checkSize(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new StatementError(`Die Datei ist kein gültiges XML (Zeile ${valid.err.line}: ${valid.err.msg}).`, [], {
      code: "unreadable",
    });
  }
  let doc: Node;
  try {
    doc = xml.parse(text);
  } catch (err) {
    const deep = /nested|depth/i.test((err as Error).message);
    throw deep
      ? tooLarge(`sie ist tiefer als ${MAX_DEPTH} Ebenen verschachtelt`)
      : new StatementError(`Die XML-Datei lässt sich nicht lesen: ${(err as Error).message}`, [], {
          code: "unreadable",
        });
  }
  const statements: Node[] = doc?.Document?.BkToCstmrStmt?.Stmt ?? [];
  if (!Array.isArray(statements) || statements.length === 0) {
    throw new StatementError(
      "Die Datei ist kein CAMT.053-Kontoauszug (BkToCstmrStmt/Stmt fehlt). Bitte im Online-Banking „CAMT.053“ als Format wählen.",
      [],
      { code: "unreadable" },
    );
  }
  const problems: string[] = [];
  const lines: RawLine[] = [];
  const warnings: string[] = [];
  let statementIban: string | null = null;
  let line = 0;
  let entryNo = 0;
  let undated = 0;
  for (const stmt of statements) {
    const accountIban = normalizeIban(textOf(stmt?.Acct?.Id?.IBAN));
    statementIban ??= accountIban;
    for (const entry of stmt?.Ntry ?? []) {
      entryNo++;
      const status = textOf(entry.Sts?.Cd ?? entry.Sts);
      // Pending (PDNG) or information (INFO) entries may still change: shown, never booked.
      const pending = status !== null && status !== "BOOK";
      const sign = textOf(entry.CdtDbtInd) === "DBIT" ? -1 : 1;
      const dateOf = (d: Node) => parseDate((textOf(d?.Dt) ?? textOf(d?.DtTm) ?? "").slice(0, 10));
      const valueOn = dateOf(entry.ValDt) ?? null;
      let bookedOn = dateOf(entry.BookgDt);
      if (!bookedOn && pending) {
        bookedOn = valueOn ?? undefined;
        if (!bookedOn) {
          undated++;
          continue;
        }
      }
      const entryAmount = parseAmount(textOf(entry.Amt) ?? "");
      if (!bookedOn)
        problems.push(
          `Buchung ${entryNo}: Buchungsdatum „${textOf(entry.BookgDt?.Dt) ?? ""}“ fehlt oder ist ungültig.`,
        );
      if (entryAmount === undefined)
        problems.push(`Buchung ${entryNo}: Betrag „${textOf(entry.Amt) ?? ""}“ fehlt oder ist ungültig.`);
      if (!bookedOn || entryAmount === undefined) continue;
      const entryCurrency = currencyOf(entry.Amt) ?? "EUR";
      const entryRef = textOf(entry.AcctSvcrRef);
      const details: Node[] = (entry.NtryDtls ?? []).flatMap((d: Node) => d?.TxDtls ?? []);
      const txs = details.length > 0 ? details : [{}];
      const common = { bookedOn, valueOn, accountIban, pending };
      const txAmountNode = (tx: Node) => tx?.Amt ?? tx?.AmtDtls?.TxAmt?.Amt;
      const txAmounts = txs.map((tx) => parseAmount(textOf(txAmountNode(tx)) ?? ""));
      const split =
        txs.length > 1 &&
        txAmounts.every((a) => a !== undefined) &&
        txAmounts.reduce<number>((sum, a) => sum + (a ?? 0), 0) === entryAmount;
      if (txs.length > 1 && !split) {
        // A batch whose payments carry no amounts of their own (or do not add up): one line for
        // the whole entry, for a person to split; never the entry amount once per payment.
        line++;
        const remittance = clean(txs.map(remittanceOf).filter(Boolean).join(" · "))?.slice(0, 1000) ?? null;
        lines.push({
          ...common,
          line,
          amountCents: sign * entryAmount,
          payerName: null,
          payerIban: null,
          remittance,
          bankRef: entryRef,
          currency: entryCurrency,
          endToEndId: null,
          batchCount: txs.length,
        });
        continue;
      }
      txs.forEach((tx: Node, i: number) => {
        line++;
        const amount = split ? txAmounts[i]! : entryAmount;
        const currency = split ? (currencyOf(txAmountNode(tx)) ?? entryCurrency) : entryCurrency;
        const parties = tx.RltdPties;
        const party = sign > 0 ? parties?.Dbtr : parties?.Cdtr;
        const name = textOf(party?.Pty?.Nm ?? party?.Nm);
        const iban = normalizeIban(textOf(parties?.DbtrAcct?.Id?.IBAN));
        const txRef = textOf(tx.Refs?.AcctSvcrRef);
        const endToEnd = textOf(tx.Refs?.EndToEndId);
        const returned = sign < 0 ? returnOf(entry, tx, amount) : null;
        lines.push({
          ...(returned ? { directDebitReturn: returned } : {}),
          ...common,
          line,
          amountCents: sign * amount,
          payerName: name,
          payerIban: sign > 0 ? iban : null,
          remittance: remittanceOf(tx),
          bankRef: txRef ?? (entryRef ? (txs.length > 1 ? `${entryRef}/${i + 1}` : entryRef) : null),
          currency,
          endToEndId: endToEnd && endToEnd.toUpperCase() !== "NOTPROVIDED" ? endToEnd : null,
        });
      });
    }
  }
  if (lines.length > MAX_STATEMENT_LINES) throw tooManyLines(lines.length);
  if (problems.length > 0) {
    const shown = problems.slice(0, 5);
    const more = problems.length > shown.length ? ` (und ${count(problems.length - shown.length)} weitere)` : "";
    throw new StatementError(
      `Der Kontoauszug (CAMT.053) enthält unlesbare Buchungen: ${shown.join(" ")}${more} Bitte die Datei unverändert aus dem Online-Banking exportieren; es wurde nichts gebucht.`,
      problems,
      { code: "unreadable" },
    );
  }
  if (undated > 0) {
    warnings.push(
      undated === 1
        ? "Eine vorgemerkte Buchung ohne Datum wurde nicht eingelesen."
        : `${count(undated)} vorgemerkte Buchungen ohne Datum wurden nicht eingelesen.`,
    );
  }
  if (lines.length === 0) {
    throw new StatementError("Der Kontoauszug enthält keine Umsätze.", [], { code: "unreadable" });
  }
  return {
    format: "camt",
    layout: "camt053",
    layoutLabel: "CAMT.053 (ISO 20022)",
    accountIban: statementIban,
    lines: finishLines("camt", lines, today),
    warnings,
  };
}

/** Bank transaction codes of a returned or reversed direct debit (ISO: IDDT/UPDD …; German GVC 109). */
const RETURN_SUBFAMILIES = new Set(["UPDD", "PRDD", "RCDD", "ARET"]);

/**
 * A debit that gives back a direct debit: return information (RtrInf), a reversal indicator, or the
 * transaction code of an unpaid direct debit. The fee comes from Chrgs, else the difference between
 * the booked and the instructed amount.
 */
function returnOf(entry: Node, tx: Node, amountCents: number): DirectDebitReturn | null {
  const code = (node: Node) => textOf(node?.Domn?.Fmly?.SubFmlyCd);
  const proprietary = `${textOf(tx?.BkTxCd?.Prtry?.Cd) ?? ""} ${textOf(entry?.BkTxCd?.Prtry?.Cd) ?? ""}`;
  const isReturn =
    tx?.RtrInf !== undefined ||
    textOf(entry?.RvslInd) === "true" ||
    RETURN_SUBFAMILIES.has(code(tx?.BkTxCd) ?? "") ||
    RETURN_SUBFAMILIES.has(code(entry?.BkTxCd) ?? "") ||
    /\+109\b/.test(proprietary);
  if (!isReturn) return null;
  const records: Node[] = [tx?.Chrgs?.Rcrd ?? []].flat();
  let feeCents = records.reduce((sum: number, r: Node) => sum + (parseAmount(textOf(r?.Amt) ?? "") ?? 0), 0);
  if (feeCents === 0) feeCents = parseAmount(textOf(tx?.Chrgs?.TtlChrgsAndTaxAmt) ?? "") ?? 0;
  const instructed = parseAmount(textOf(tx?.AmtDtls?.InstdAmt?.Amt) ?? "");
  if (feeCents === 0 && instructed !== undefined && instructed < amountCents) feeCents = amountCents - instructed;
  const reason = textOf(tx?.RtrInf?.Rsn?.Cd) ?? textOf(tx?.RtrInf?.Rsn?.Prtry);
  return {
    reasonCode: reason ? reason.toUpperCase() : null,
    originalCents: instructed ?? amountCents - feeCents,
    feeCents,
    mandateId: textOf(tx?.Refs?.MndtId),
  };
}

function remittanceOf(tx: Node): string | null {
  const unstructured: string[] = (tx?.RmtInf?.Ustrd ?? []).map(textOf).filter(Boolean);
  const structured: string[] = (tx?.RmtInf?.Strd ?? []).map((s: Node) => textOf(s?.CdtrRefInf?.Ref)).filter(Boolean);
  return clean([...unstructured, ...structured].join(" "));
}
