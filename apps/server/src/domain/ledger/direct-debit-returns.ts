import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";
import { berlinToUtc, nowIso } from "../../lib/time.js";
import type { AuditActor } from "../audit/audit.js";
import type { MailContext } from "../notifications/notify.js";
import { recordReturns } from "../sepa/returns.js";
import { markCollected } from "../sepa/runs.js";
import type { Matched } from "./bank-matching.js";
import { lockTenancies, refreshOpenSince } from "./rent-charges.js";

/**
 * A booked statement's direct debits (issue 28, decision 053). A collection's money that arrived marks
 * its debit collected. A returned debit is booked as a negative transaction of the tenancy that takes
 * back what the debit had paid of its charge (a negative allocation): the charge is open again —
 * overdue once past its due date — and the money is never credit or a payment. Then domain/sepa
 * records the return (its reason, the bank's fee to decide on, the conversation with the tenant that
 * is the Eingang's item). Runs inside the statement's transaction, after the tenancies were settled.
 */
/**
 * A collection's money pays the charge it was collected for, before the tenancy's other open charges
 * (settling goes oldest first and would put it on an older arrear); what is left over settles as usual.
 */
export async function allocateCollections(
  trx: Db,
  written: { matched: Matched; transactionId: string }[],
): Promise<void> {
  const collections = written.filter((w) => w.matched.collectedChargeId && w.matched.line.amountCents > 0);
  if (collections.length === 0) return;
  await lockTenancies(
    trx,
    collections.map((w) => w.matched.tenancy!.tenancyId),
  );
  const now = nowIso();
  for (const { matched, transactionId } of collections) {
    const charge = await trx
      .selectFrom("payments")
      .select(["amount_cents", "paid_cents"])
      .where("id", "=", matched.collectedChargeId!)
      .where("status", "in", ["pending", "overdue"])
      .executeTakeFirst();
    if (!charge) continue;
    const part = Math.min(charge.amount_cents - charge.paid_cents, matched.line.amountCents);
    if (part <= 0) continue;
    const paid = charge.paid_cents + part >= charge.amount_cents;
    await trx
      .insertInto("payment_allocations")
      .values({
        id: randomUUID(),
        transaction_id: transactionId,
        charge_id: matched.collectedChargeId!,
        amount_cents: part,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable("payments")
      .set({
        paid_cents: charge.paid_cents + part,
        ...(paid ? { status: "paid" as const, paid_at: berlinToUtc(matched.line.bookedOn, 12).toISOString() } : {}),
      })
      .where("id", "=", matched.collectedChargeId!)
      .execute();
    await trx.updateTable("bank_transactions").set({ allocated_cents: part }).where("id", "=", transactionId).execute();
  }
  await refreshOpenSince(trx, [...new Set(collections.map((w) => w.matched.tenancy!.tenancyId))]);
}

export async function settleDirectDebits(
  trx: Db,
  written: { matched: Matched; transactionId: string }[],
  context: { actor: AuditActor; mail: MailContext | undefined; importId: string },
): Promise<void> {
  const collected = written
    .filter((w) => w.matched.status === "match" && !w.matched.sepaReturn && w.matched.line.endToEndId)
    .map((w) => w.matched.line.endToEndId!);
  if (collected.length > 0) await markCollected(trx, collected);
  const returns = written.filter((w) => w.matched.sepaReturn);
  if (returns.length === 0) return;
  const now = nowIso();
  for (const { matched, transactionId } of returns) {
    const ret = matched.sepaReturn!;
    const charge = await trx
      .selectFrom("payments")
      .select(["paid_cents"])
      .where("id", "=", ret.chargeId)
      .executeTakeFirst();
    const takeBack = Math.min(charge?.paid_cents ?? 0, ret.amountCents);
    if (takeBack > 0) {
      await trx
        .insertInto("payment_allocations")
        .values({
          id: randomUUID(),
          transaction_id: transactionId,
          charge_id: ret.chargeId,
          amount_cents: -takeBack,
          created_at: now,
        })
        .execute();
      await trx
        .updateTable("payments")
        .set((eb) => ({ paid_cents: eb("paid_cents", "-", takeBack), status: "pending", paid_at: null }))
        .where("id", "=", ret.chargeId)
        .execute();
    }
    // The line is used up: never credit for the next charge (settle reads allocated < amount).
    await trx
      .updateTable("bank_transactions")
      .set({ allocated_cents: -ret.amountCents })
      .where("id", "=", transactionId)
      .execute();
  }
  await refreshOpenSince(trx, [...new Set(returns.map((r) => r.matched.sepaReturn!.tenancyId))]);
  await recordReturns(
    trx,
    returns.map(({ matched, transactionId }) => ({
      ...matched.sepaReturn!,
      transactionId,
      bankRef: matched.line.dedupeKey,
      bookedOn: matched.line.bookedOn,
    })),
    context,
  );
}
