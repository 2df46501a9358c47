import { randomUUID } from "node:crypto";
import { type Db, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { ensureRentCharges, lockTenancies, settleTenancies, settleTenancy } from "./rent-charges.js";

/**
 * The ledger's money coming in: recording, assigning and splitting transactions, and rent changes;
 * each settles the tenancy's charges in the same transaction. Split from rent-ledger.ts (decision
 * 037).
 */

export interface NewTransaction {
  /** opening: credit carried over at takeover (openLedgers). */
  source: "manual" | "csv" | "camt" | "opening";
  importId?: string | null;
  bankRef?: string | null;
  bookedOn: string;
  amountCents: number;
  payerName?: string | null;
  payerIban?: string | null;
  remittance?: string | null;
  tenancyId: string | null;
  matchReason: string | null;
  createdBy: string | null;
}

/**
 * Records money received and, when it belongs to a tenancy, applies it. A statement line booked
 * before (same bank_ref) is not recorded again: returns null then.
 */
export async function recordTransaction(trx: Db, t: NewTransaction): Promise<string | null> {
  if (t.tenancyId) await lockTenancies(trx, [t.tenancyId]);
  const id = randomUUID();
  const res = await trx
    .insertInto("bank_transactions")
    .values({
      id,
      source: t.source,
      import_id: t.importId ?? null,
      bank_ref: t.bankRef ?? null,
      booked_on: t.bookedOn,
      amount_cents: t.amountCents,
      payer_name: t.payerName ?? null,
      payer_iban: t.payerIban ?? null,
      remittance: t.remittance ?? null,
      tenancy_id: t.tenancyId,
      match_reason: t.matchReason,
      created_by: t.createdBy,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column("bank_ref").doNothing())
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  if (t.tenancyId) await settleTenancy(trx, t.tenancyId);
  return id;
}

/** Gives a waiting (unmatched) transaction to a tenancy and applies it; false when it no longer waits. */
export async function assignTransaction(trx: Db, id: string, tenancyId: string, reason: string): Promise<boolean> {
  await lockTenancies(trx, [tenancyId]);
  const res = await trx
    .updateTable("bank_transactions")
    .set({ tenancy_id: tenancyId, match_reason: reason, suggested_tenancy_id: null })
    .where("id", "=", id)
    .where("tenancy_id", "is", null)
    .where("split_count", "is", null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await settleTenancy(trx, tenancyId);
  return true;
}

/**
 * Splits a waiting transaction (a batch entry, a transfer for two flats) into parts, each booked to
 * its tenancy and applied; the waiting line stays as the record of what the bank booked (split_count
 * set, never credit of anyone). "gone" when it no longer waits, "sum" when the parts do not add up
 * to it exactly.
 */
export async function splitTransaction(
  trx: Db,
  id: string,
  parts: { tenancyId: string; amountCents: number }[],
  reason: string,
): Promise<"done" | "gone" | "sum"> {
  await lockTenancies(
    trx,
    parts.map((p) => p.tenancyId),
  );
  const line = await trx
    .selectFrom("bank_transactions")
    .selectAll()
    .where("id", "=", id)
    .where("tenancy_id", "is", null)
    .where("split_count", "is", null)
    .executeTakeFirst();
  if (!line) return "gone";
  if (parts.reduce((s, p) => s + p.amountCents, 0) !== line.amount_cents) return "sum";
  const res = await trx
    .updateTable("bank_transactions")
    .set({ split_count: parts.length, suggested_tenancy_id: null, match_reason: reason })
    .where("id", "=", id)
    .where("tenancy_id", "is", null)
    .where("split_count", "is", null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return "gone";
  const now = nowIso();
  await trx
    .insertInto("bank_transactions")
    .values(
      parts.map((p, i) => ({
        id: randomUUID(),
        source: line.source,
        import_id: line.import_id,
        bank_ref: null,
        booked_on: line.booked_on,
        value_on: line.value_on,
        amount_cents: p.amountCents,
        payer_name: line.payer_name,
        payer_iban: line.payer_iban,
        remittance: line.remittance,
        account_iban: line.account_iban,
        tenancy_id: p.tenancyId,
        parent_id: line.id,
        match_reason: `${reason} (Teil ${i + 1} von ${parts.length})`,
        created_by: line.created_by,
        created_at: now,
      })),
    )
    .execute();
  await settleTenancies(
    trx,
    parts.map((p) => p.tenancyId),
  );
  return "done";
}

/** Records a new rent from the first of a month (replacing one for the same month) and reprices. */
export async function recordRentChange(
  db: Db,
  change: {
    tenancyId: string;
    effectiveFrom: string;
    baseRentCents: number;
    utilitiesCents: number;
    createdBy: string | null;
  },
): Promise<void> {
  await withTransaction(db, async (trx) => {
    await lockTenancies(trx, [change.tenancyId]);
    // An upsert as well: two identical changes at once are one change, never a unique violation.
    await trx
      .insertInto("rent_changes")
      .values({
        id: randomUUID(),
        tenancy_id: change.tenancyId,
        effective_from: change.effectiveFrom,
        base_rent_cents: change.baseRentCents,
        utilities_cents: change.utilitiesCents,
        created_by: change.createdBy,
        created_at: nowIso(),
      })
      .onConflict((oc) =>
        oc.columns(["tenancy_id", "effective_from"]).doUpdateSet((eb) => ({
          base_rent_cents: eb.ref("excluded.base_rent_cents"),
          utilities_cents: eb.ref("excluded.utilities_cents"),
          created_by: eb.ref("excluded.created_by"),
          created_at: eb.ref("excluded.created_at"),
        })),
      )
      .execute();
    await ensureRentCharges(trx, { tenancyId: change.tenancyId });
  });
}
