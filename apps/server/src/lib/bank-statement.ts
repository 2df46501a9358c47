/**
 * Bank statements for the rent ledger (docs/bank-statements.md, decisions 020 and 026): CSV
 * exports of German banks read unchanged (or through a column mapping for any other bank), and
 * CAMT.053. All become the same lines; nothing is written here. Every line carries a key that is
 * the same when the same statement is read again (the bank's reference, else a digest of the line
 * and its occurrence), so an import is idempotent.
 */

export {
  type CsvMapping,
  layoutSignature,
  type ParsedStatement,
  StatementError,
  type StatementFormat,
  type StatementLine,
} from "./bank-statement/common.js";
export { readStatementOffThread } from "./bank-statement/off-thread.js";
export { decodeStatement, detectFormat, parseStatement, readStatement } from "./bank-statement/read.js";
