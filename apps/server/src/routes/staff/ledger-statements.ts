import type { CsvMappingRequest, ImportRequest, UnknownLayout } from "@mieter-portal/contracts/staff";
import type { FastifyInstance } from "fastify";
import { findCsvLayout, type ReadStatement } from "../../domain/ledger/bank-import.js";
import {
  type CsvMapping,
  type ParsedStatement,
  readStatementOffThread,
  StatementError,
} from "../../lib/bank-statement.js";
import { badRequest } from "../../lib/errors.js";

/**
 * Reading the body of a bank statement import (routes/staff/ledger.ts): the file in a worker
 * thread, with the request's column mapping or the one remembered for its layout. Split from
 * ledger.ts (decision 037).
 */

/** The request's mapping (snake case, contracts) as the reader takes it. */
export function fromRequest(m: CsvMappingRequest): CsvMapping {
  const c = m.columns;
  return {
    headerRow: m.header_row,
    columns: {
      bookedOn: c.booked_on,
      valueOn: c.value_on,
      amount: c.amount,
      debit: c.debit,
      credit: c.credit,
      remittance: c.remittance,
      payerName: c.payer_name,
      payerIban: c.payer_iban,
      bankRef: c.bank_ref,
      currency: c.currency,
      status: c.status,
    },
    dateFormat: m.date_format,
  };
}

export const isUnknown = (r: ReadStatement | UnknownLayout): r is UnknownLayout => "error" in r;

/**
 * Reads the statement in a worker thread: a known layout, the request's mapping, or the mapping
 * remembered for the file's header. A CSV of a layout nobody mapped yet: null (answered 422 with
 * its header and first rows, for the mapping step).
 */
export async function readStatementBody(
  app: FastifyInstance,
  body: ImportRequest,
): Promise<ReadStatement | UnknownLayout> {
  const reading = (mapping: CsvMapping | undefined) =>
    readStatementOffThread(body.content, { format: body.format, mapping });
  const statement = (p: ParsedStatement): ReadStatement => ({
    format: p.format,
    layoutLabel: p.layoutLabel,
    warnings: p.warnings,
    lines: p.lines,
  });
  try {
    try {
      return statement(await reading(body.mapping ? fromRequest(body.mapping) : undefined));
    } catch (err) {
      if (!(err instanceof StatementError) || err.code !== "unknown_layout" || !err.signature) throw err;
      const saved = await findCsvLayout(app.db, err.signature);
      if (!saved) {
        return {
          error: "unknown_layout",
          message:
            "Dieses CSV-Format kennen wir noch nicht. Bitte ordnen Sie einmal die Spalten zu; die Zuordnung wird für weitere Dateien dieses Formats gespeichert.",
          signature: err.signature,
          header_row: err.headerRow ?? 0,
          header: err.header ?? [],
          sample: err.sample ?? [],
        };
      }
      return statement(await reading(saved));
    }
  } catch (err) {
    if (err instanceof StatementError) throw badRequest(err.message, { content: err.message });
    throw err;
  }
}
