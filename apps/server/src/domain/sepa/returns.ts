import { randomUUID } from "node:crypto";
import { returnReasonText } from "@mieter-portal/contracts";
import type { SepaReturn } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import { decodeCursor, splitPage } from "../../lib/pagination.js";
import { berlinToday, centsToEuros, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { putInboxItem } from "../inbox/inbox.js";
import { addFeeCharge } from "../ledger/fee-charges.js";
import { startConversation } from "../messages/staff-threads.js";
import { enqueueMail } from "../notifications/notifications.js";
import { type MailContext, tenantMailText } from "../notifications/notify.js";
import { workingDaysAfter } from "../services/reports.js";
import { findCreditorSettings } from "./creditor.js";
import { RETURN_KIND, returnMessage } from "./mails.js";
import type { StaffScope } from "./mandates.js";

/**
 * Returned direct debits (issue 28, decision 053): the only writer of sepa_returns. The ledger books
 * the statement's line (ledger/direct-debit-returns.ts) and hands each return here: it is recorded
 * once (unique by the line's key), its debit marked returned, and a conversation with the tenant
 * opened in plain German (mailed whatever their notification setting: it is about their contract),
 * which is the Eingang's item. The bank's fee waits for the manager: passed on as a charge, or borne.
 */

export interface ReturnToRecord {
  itemId: string;
  runId: string;
  chargeId: string;
  tenancyId: string;
  description: string;
  amountCents: number;
  feeCents: number;
  reasonCode: string | null;
  transactionId: string;
  bankRef: string;
  bookedOn: string;
}

export async function recordReturns(
  trx: Db,
  returns: ReturnToRecord[],
  context: { actor: AuditActor; mail: MailContext | undefined },
): Promise<void> {
  const creditor = await findCreditorSettings(trx);
  const now = nowIso();
  for (const r of returns) {
    const id = randomUUID();
    const inserted = await trx
      .insertInto("sepa_returns")
      .values({
        id,
        item_id: r.itemId,
        run_id: r.runId,
        charge_id: r.chargeId,
        tenancy_id: r.tenancyId,
        bank_ref: r.bankRef,
        transaction_id: r.transactionId,
        amount_cents: r.amountCents,
        fee_cents: r.feeCents,
        fee_decision: r.feeCents > 0 ? "open" : "none",
        fee_charge_id: null,
        reason_code: r.reasonCode,
        booked_on: r.bookedOn,
        thread_id: null,
        decided_by: null,
        decided_at: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column("bank_ref").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    await trx.updateTable("sepa_run_items").set({ state: "returned" }).where("id", "=", r.itemId).execute();
    const tenancy = await trx
      .selectFrom("tenancies as t")
      .innerJoin("tenants as p", "p.id", "t.tenant_id")
      .innerJoin("rent_accounts as a", "a.tenancy_id", "t.id")
      .select(["t.tenant_id", "t.building_id", "p.first_name", "p.last_name", "p.email", "a.reference"])
      .where("t.id", "=", r.tenancyId)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, context.actor, {
      action: "sepa.return_booked",
      entityType: "tenancy",
      entityId: r.tenancyId,
      buildingId: tenancy.building_id,
      after: { reason: returnReasonText(r.reasonCode), amount_cents: r.amountCents, fee_cents: r.feeCents },
    });
    if (!context.mail) continue;
    const message = returnMessage({
      description: r.description,
      amountCents: r.amountCents,
      reasonCode: r.reasonCode,
      reference: tenancy.reference,
      payTo: creditor ? { recipient: creditor.name, iban: creditor.iban } : null,
    });
    const author = { ...context.actor, signature: context.mail.company };
    const thread = await startConversation(trx, tenancy.tenant_id, message, author, context.mail);
    if (!thread.emailed && tenancy.email) {
      await enqueueMail(trx, {
        recipientKind: "tenant",
        recipientId: tenancy.tenant_id,
        to: tenancy.email,
        kind: RETURN_KIND,
        subject: `${context.mail.company}: ${message.subject}`,
        body: tenantMailText(context.mail, tenancy, { lines: [message.content], path: `/messages/${thread.id}` }),
      });
    }
    await trx.updateTable("sepa_returns").set({ thread_id: thread.id }).where("id", "=", id).execute();
    // The conversation waits for the management: the Eingang's item until someone answers or closes it.
    await putInboxItem(trx, {
      kind: "message",
      itemId: thread.id,
      tenantId: tenancy.tenant_id,
      state: "new",
      title: `Rücklastschrift: ${r.description} – ${returnReasonText(r.reasonCode)}`,
      createdAt: now,
      dueAt: workingDaysAfter(now, 2),
    });
  }
}

function returnQuery(db: Db) {
  return db
    .selectFrom("sepa_returns as x")
    .innerJoin("payments as c", "c.id", "x.charge_id")
    .innerJoin("tenancies as t", "t.id", "x.tenancy_id")
    .innerJoin("tenants as p", "p.id", "t.tenant_id")
    .leftJoin("buildings as b", "b.id", "t.building_id")
    .select([
      "x.id",
      "x.run_id",
      "x.charge_id",
      "x.tenancy_id",
      "x.amount_cents",
      "x.fee_cents",
      "x.fee_decision",
      "x.reason_code",
      "x.booked_on",
      "x.thread_id",
      "x.created_at",
      "c.description",
      "p.first_name",
      "p.last_name",
      "t.building_id",
      "t.apartment_number",
      "b.name as building_name",
    ]);
}
type ReturnRow = Awaited<ReturnType<ReturnType<typeof returnQuery>["execute"]>>[number];

const toReturn = (r: ReturnRow): SepaReturn => ({
  id: r.id,
  run_id: r.run_id,
  charge_id: r.charge_id,
  tenancy_id: r.tenancy_id,
  tenant_name: `${r.first_name} ${r.last_name}`.trim(),
  building_name: r.building_name,
  unit: r.apartment_number,
  description: r.description,
  amount: centsToEuros(r.amount_cents),
  fee: centsToEuros(r.fee_cents),
  fee_decision: r.fee_decision,
  reason_code: r.reason_code,
  reason: returnReasonText(r.reason_code),
  booked_on: r.booked_on,
  thread_id: r.thread_id,
  created_at: r.created_at,
});

export async function findReturn(db: Db, id: string) {
  const row = await returnQuery(db).where("x.id", "=", id).executeTakeFirst();
  return row ? { ret: toReturn(row), buildingId: row.building_id } : undefined;
}

export async function listReturns(
  db: Db,
  scope: StaffScope,
  query: {
    building?: string | undefined;
    fee_open?: "true" | "false" | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  if (!scope.allBuildings && scope.buildingIds.length === 0) return { items: [], next_cursor: null };
  let q = returnQuery(db);
  if (!scope.allBuildings) q = q.where("t.building_id", "in", scope.buildingIds);
  if (query.building) q = q.where("t.building_id", "=", query.building);
  if (query.fee_open === "true") q = q.where("x.fee_decision", "=", "open");
  if (query.cursor) {
    const [at, id] = decodeCursor("sepa-returns", query.cursor, 2) as [string, string];
    q = q.where((eb) =>
      eb.or([eb("x.created_at", "<", at), eb.and([eb("x.created_at", "=", at), eb("x.id", "<", id)])]),
    );
  }
  const rows = await q
    .orderBy("x.created_at", "desc")
    .orderBy("x.id", "desc")
    .limit(query.limit + 1)
    .execute();
  const page = splitPage(rows, query.limit, "sepa-returns", (r) => [r.created_at, r.id]);
  return { items: page.rows.map(toReturn), next_cursor: page.nextCursor };
}

/** Passes the bank's fee on as a charge of its own, or bears it; "decided" when done before or no fee. */
export async function decideFee(
  db: Db,
  id: string,
  passOn: boolean,
  actor: AuditActor,
  today = berlinToday(),
): Promise<"ok" | "decided"> {
  return withTransaction(db, async (trx) => {
    const row = await trx.selectFrom("sepa_returns").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    if (row.fee_decision !== "open") return "decided";
    const charge = await trx
      .selectFrom("payments")
      .select("description")
      .where("id", "=", row.charge_id)
      .executeTakeFirstOrThrow();
    const feeCharge = passOn
      ? await addFeeCharge(trx, row.tenancy_id, row.fee_cents, `Rücklastschriftgebühr (${charge.description})`, today)
      : null;
    const res = await trx
      .updateTable("sepa_returns")
      .set({
        fee_decision: passOn ? "passed_on" : "waived",
        fee_charge_id: feeCharge,
        decided_by: actor.staffId,
        decided_at: nowIso(),
      })
      .where("id", "=", id)
      .where("fee_decision", "=", "open")
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return "decided";
    await recordAudit(trx, actor, {
      action: "sepa.return_fee_decided",
      entityType: "tenancy",
      entityId: row.tenancy_id,
      after: { fee_cents: row.fee_cents, pass_on: passOn },
    });
    return "ok";
  });
}
