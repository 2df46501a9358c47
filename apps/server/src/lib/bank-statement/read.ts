import { readCamt } from "./camt.js";
import { type ParsedStatement, type ReadOptions, StatementError, type StatementFormat } from "./common.js";
import { readCsv } from "./csv.js";

/** Anything larger is refused before it is read (the route's limit is the same, contracts STATEMENT_MAX_BYTES). */
const MAX_CHARS = 12 * 1024 * 1024;

/** csv or camt from the content: XML starts with "<" (after a BOM or whitespace). */
export function detectFormat(content: string): StatementFormat {
  return content
    .replace(/^\uFEFF/, "")
    .trimStart()
    .startsWith("<")
    ? "camt"
    : "csv";
}

/**
 * A statement in any supported layout → its lines, the layout recognised and notes (German).
 * `today` bounds the booking days; the public readStatement (../bank-statement.ts) defaults it, so
 * that the worker thread does not load the date libraries.
 */
export function readStatementOn(content: string, options: ReadOptions & { today: string }): ParsedStatement {
  if (content.length > MAX_CHARS) {
    throw new StatementError(
      "Die Datei ist zu groß (höchstens 12 MB). Bitte einen kürzeren Zeitraum exportieren.",
      [],
      {
        code: "too_large",
      },
    );
  }
  const format = options.format ?? detectFormat(content);
  return format === "camt" ? readCamt(content, options.today) : readCsv(content, options.mapping, options.today);
}

/**
 * Bytes of an uploaded statement → text: UTF-8 (with or without BOM) when the bytes are valid
 * UTF-8, else Windows-1252 (Sparkasse, ING and others export that; Latin-1 is a subset of it).
 */
export function decodeStatement(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("latin1")
      .decode(bytes)
      .replace(/[\u0080-\u009f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80]!);
  }
}

/**
 * Windows-1252's bytes 0x80-0x9F (the rest is Latin-1); undefined positions map to the same code
 * point. Node's TextDecoder reads "windows-1252" as Latin-1 in builds without full ICU.
 */
const CP1252_80_9F = [..."€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ"];
