import { randomUUID } from "node:crypto";
import type { ImportLine, ImportPreview, ImportResult, ImportTotals } from "@mieter-portal/contracts/staff";
import { sql } from "kysely";
import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import type { CsvMapping, StatementFormat, StatementLine } from "../../lib/bank-statement.js";
import { centsToEuros, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import type { MailContext } from "../notifications/notify.js";
import { type Matched, matchStatement } from "./bank-matching.js";
import { allocateCollections, settleDirectDebits } from "./direct-debit-returns.js";
import { settleTenancies } from "./rent-charges.js";

/**
 * Matching a bank statement's lines to tenancies (docs/decisions/020-rent-ledger.md), in this order:
 * 1. the tenancy's payment reference in the Verwendungszweck;
 * 2. the payer's IBAN, known from earlier payments of exactly one tenancy;
 * 3. the IBAN's last four digits as stored with the tenancy, and the amount equal to its rent or
 *    to what it owes (the last four digits alone are too weak).
 * Whatever matches is booked with its reason; partial payments and overpayments are booked as
 * they are. The rest waits in the unmatched list; outgoing money is ignored.
 * Booked exactly once (docs/decisions/027-statement-lines-booked-once.md): pending lines and lines
 * the parser refused are shown, never booked; a line booked before — by the same file (same key)
 * or by another layout of the same account (same bank reference or end-to-end id; or same amount,
 * payer IBAN and remittance on the other's booking or value day) — is a duplicate; a line that may
 * be one (same amount and IBAN within a bank day, remittance differs) is booked only on request.
 * A batch entry without single amounts waits for a person to split it. A line whose account lies
 * in a building the importing person does not look after is not booked and not shown: it waits
 * with the account suggested, for someone who does.
 */

export interface StaffScope {
  allBuildings: boolean;
  buildingIds: string[];
}

export interface ReadStatement {
  format: StatementFormat;
  /** The layout read, in German; null when not known. */
  layoutLabel: string | null;
  warnings: string[];
  lines: StatementLine[];
}

const emptyTotals = (): ImportTotals => ({
  lines: 0,
  match: 0,
  unmatched: 0,
  duplicate: 0,
  possible_duplicate: 0,
  pending: 0,
  refused: 0,
  other_building: 0,
  ignored: 0,
  amount_matched: 0,
  amount_unmatched: 0,
});

function toPreview(statement: ReadStatement, matched: Matched[]): ImportPreview {
  const totals = emptyTotals();
  let centsMatched = 0;
  let centsUnmatched = 0;
  const lines = matched.map((m): ImportLine => {
    totals.lines++;
    totals[m.status]++;
    if (m.status === "match" && m.line.amountCents > 0) centsMatched += m.line.amountCents;
    if (m.status === "unmatched") centsUnmatched += m.line.amountCents;
    // Another building's line: neither the account nor the payer is shown.
    const hidden = m.status === "other_building";
    return {
      line: m.line.line,
      booked_on: m.line.bookedOn,
      value_on: m.line.valueOn,
      amount: centsToEuros(m.line.amountCents),
      payer_name: hidden ? null : m.line.payerName,
      payer_iban: hidden ? null : m.line.payerIban,
      remittance: hidden ? null : m.line.remittance,
      bank_ref: hidden ? null : m.line.bankRef,
      status: m.status,
      reason: m.reason,
      tenancy_id: m.status === "match" ? m.tenancy!.tenancyId : null,
      tenant_name: m.status === "match" ? m.tenancy!.tenantName : null,
    };
  });
  return {
    format: statement.format,
    layout_label: statement.layoutLabel,
    warnings: statement.warnings,
    lines,
    totals: { ...totals, amount_matched: centsToEuros(centsMatched), amount_unmatched: centsToEuros(centsUnmatched) },
  };
}

/** A preview without lines (a CSV layout that needs its column mapping first). */
export const emptyPreview = (): ImportPreview => ({
  format: "csv",
  layout_label: null,
  warnings: [],
  lines: [],
  totals: emptyTotals(),
});

export async function previewStatement(
  db: Db,
  statement: ReadStatement,
  scope: StaffScope,
  options: { bookAnyway?: number[] } = {},
): Promise<ImportPreview> {
  return toPreview(statement, await matchStatement(db, statement.lines, scope, options));
}

/**
 * Books the statement: matched lines to their tenancy (applied to open charges), unmatched ones
 * and other buildings' into the waiting list; everything else is only shown. One transaction, one
 * audit entry. Statement commits run one at a time (PostgreSQL: an advisory lock; SQLite: one
 * writer), so a second import of the same days sees the first's lines; the totals count the rows
 * really written.
 */
export async function commitStatement(
  db: Db,
  input: ReadStatement & { filename: string; bookAnyway?: number[]; mail?: MailContext | undefined },
  scope: StaffScope,
  actor: AuditActor,
): Promise<ImportResult> {
  return withTransaction(db, async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('mieter-portal:bank-statement'))`.execute(trx);
    const matched = await matchStatement(trx, input.lines, scope, {
      ...(input.bookAnyway ? { bookAnyway: input.bookAnyway } : {}),
    });
    const importId = randomUUID();
    const now = nowIso();
    // The import first (the lines reference it), its counts once the lines are written.
    await trx
      .insertInto("bank_imports")
      .values({
        id: importId,
        format: input.format,
        filename: input.filename,
        line_count: matched.length,
        matched_count: 0,
        unmatched_count: 0,
        duplicate_count: 0,
        created_by: actor.staffId,
        created_at: now,
      })
      .execute();
    const written = matched.filter((m) => ["match", "unmatched", "other_building"].includes(m.status));
    const rows = written.map((m) => ({
      id: randomUUID(),
      source: input.format,
      import_id: importId,
      bank_ref: m.line.dedupeKey,
      bank_reference: m.line.bankRef,
      end_to_end_id: m.line.endToEndId,
      account_iban: m.line.accountIban,
      value_on: m.line.valueOn,
      booked_on: m.line.bookedOn,
      // A returned direct debit: the amount collected goes back (the bank's fee is the return's own line).
      amount_cents: m.sepaReturn ? -m.sepaReturn.amountCents : m.line.amountCents,
      allocated_cents: 0,
      payer_name: m.line.payerName,
      payer_iban: m.line.payerIban,
      remittance: m.line.remittance,
      tenancy_id: m.status === "match" ? m.tenancy!.tenancyId : null,
      suggested_tenancy_id: m.status === "other_building" ? m.tenancy!.tenancyId : null,
      match_reason: m.reason,
      created_by: actor.staffId,
      created_at: now,
    }));
    const inserted = new Set<string>();
    for (let i = 0; i < rows.length; i += 200) {
      const res = await trx
        .insertInto("bank_transactions")
        .values(rows.slice(i, i + 200))
        .onConflict((oc) => oc.column("bank_ref").doNothing())
        .returning("id")
        .execute();
      for (const r of res) inserted.add(r.id);
    }
    // A line another import wrote meanwhile is a duplicate, whatever the match said.
    const rowOf = new Map(written.map((m, i) => [m, rows[i]!]));
    const final = matched.map((m): Matched => {
      const row = rowOf.get(m);
      if (!row || inserted.has(row.id)) return m;
      return {
        ...m,
        status: "duplicate",
        reason: "Bereits gebucht (gleichzeitiger Import derselben Buchung).",
        tenancy: null,
      };
    });
    const preview = toPreview(input, final);
    await trx
      .updateTable("bank_imports")
      .set({
        matched_count: preview.totals.match,
        unmatched_count: preview.totals.unmatched,
        duplicate_count: preview.totals.duplicate,
        possible_duplicate_count: preview.totals.possible_duplicate,
        pending_count: preview.totals.pending,
        refused_count: preview.totals.refused,
        other_building_count: preview.totals.other_building,
      })
      .where("id", "=", importId)
      .execute();
    const tenancies = new Set(rows.filter((r) => inserted.has(r.id) && r.tenancy_id).map((r) => r.tenancy_id!));
    const booked = written
      .map((m, i) => ({ matched: m, transactionId: rows[i]!.id }))
      .filter((w) => inserted.has(w.transactionId));
    await allocateCollections(trx, booked);
    await settleTenancies(trx, [...tenancies]);
    await settleDirectDebits(trx, booked, { actor, mail: input.mail, importId });
    await recordAudit(trx, actor, {
      action: "ledger.statement_imported",
      entityType: "bank_import",
      entityId: importId,
      after: { filename: input.filename, format: input.format, layout: input.layoutLabel, ...preview.totals },
    });
    return { ...preview, import_id: importId };
  });
}

// ---------------------------------------------------------------- remembered CSV layouts

/** The mapping the manager completed for a CSV layout (by its header's signature), if any. */
export async function findCsvLayout(db: Db, signature: string): Promise<CsvMapping | undefined> {
  const row = await db
    .selectFrom("bank_csv_layouts")
    .select("mapping")
    .where("signature", "=", signature)
    .executeTakeFirst();
  return row ? (JSON.parse(row.mapping) as CsvMapping) : undefined;
}

/** Remembers (or replaces) the mapping of a CSV layout; applied to every later file of that layout. */
export async function saveCsvLayout(
  db: Db,
  signature: string,
  mapping: CsvMapping,
  actor: AuditActor,
): Promise<string> {
  return withTransaction(db, async (trx) => {
    const now = nowIso();
    await trx
      .insertInto("bank_csv_layouts")
      .values({ signature, mapping: JSON.stringify(mapping), created_by: actor.staffId, created_at: now })
      .onConflict((oc) =>
        oc
          .column("signature")
          .doUpdateSet({ mapping: JSON.stringify(mapping), created_by: actor.staffId, created_at: now }),
      )
      .execute();
    await recordAudit(trx, actor, {
      action: "ledger.csv_layout_saved",
      entityType: "bank_csv_layout",
      entityId: signature,
      after: { mapping },
    });
    return now;
  });
}
