/**
 * Bank statements for the rent ledger (docs/bank-statements.md, decisions 020 and 026): CSV
 * exports of German banks read unchanged (or through a column mapping for any other bank), and
 * CAMT.053. All become the same lines; nothing is written here. Every line carries a key that is
 * the same when the same statement is read again (the bank's reference, else a digest of the line
 * and its occurrence), so an import is idempotent.
 */

import type { ParsedStatement, ReadOptions, StatementFormat, StatementLine } from "./bank-statement/common.js";
import { readInWorker } from "./bank-statement/off-thread.js";
import { detectFormat, readStatementOn } from "./bank-statement/read.js";
import { berlinToday } from "./time.js";

export {
  type CsvMapping,
  layoutSignature,
  type ParsedStatement,
  StatementError,
  type StatementFormat,
  type StatementLine,
} from "./bank-statement/common.js";
export { decodeStatement } from "./bank-statement/read.js";

/** A statement in any supported layout → its lines, the layout recognised and notes (German). */
export function readStatement(content: string, options: ReadOptions = {}): ParsedStatement {
  return readStatementOn(content, { ...options, today: options.today ?? berlinToday() });
}

/** The same, read in a worker thread: a large or hostile file never holds the event loop. */
export function readStatementOffThread(content: string, options: ReadOptions = {}): Promise<ParsedStatement> {
  return readInWorker(content, { ...options, today: options.today ?? berlinToday() });
}

/** The lines only, for callers that need nothing else. */
export function parseStatement(content: string, format: StatementFormat = detectFormat(content)): StatementLine[] {
  return readStatement(content, { format }).lines;
}
