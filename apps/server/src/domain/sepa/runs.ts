import { randomBytes, randomUUID } from "node:crypto";
import { earliestCollectionDate } from "@mieter-portal/contracts";
import { type Db, withTransaction } from "../../db/connection.js";
import type { MailContext } from "../../lib/mail-context.js";
import { nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { enqueueMails } from "../notifications/notifications.js";
import { type CreditorSettings, findCreditorSettings } from "./creditor.js";
import { PRENOTICE_KIND, prenoticeMail } from "./mails.js";
import { type StaffScope, setLastCollection } from "./mandates.js";
import { chosen, planRun, type RunRequest } from "./run-preview.js";

/**
 * Collection runs (issue 28, decision 053): the only writer of sepa_runs and sepa_run_items. A run
 * takes the month's due charges without a problem into one pain.008 file; each charge is then
 * "Lastschrift eingereicht" until its money shows in a statement or the bank returns it. The partial
 * unique index on sepa_run_items (charge_id; states submitted and collected) keeps two concurrent
 * runs from taking the same charge: the second insert waits for the first transaction and fails, and
 * the whole second run is refused. A run can be cancelled while its file is not at the bank.
 */

export type RunRefusal =
  | { error: "problems"; problems: string[] }
  | { error: "nothing" }
  | { error: "held"; charges: string[] }
  | { error: "taken" };

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** "MP-20260303-K7Q2X9": at most 35 characters, SEPA's identifier characters only. */
export const newMessageId = (collectionDate: string) =>
  `MP-${collectionDate.replaceAll("-", "")}-${[...randomBytes(6)].map((b) => ALPHABET[b % 32]).join("")}`;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE";
}

/**
 * Makes the run: re-plans inside the transaction, refuses when the run has problems, nothing is left
 * or a chosen charge has a problem; writes the run and its items, moves the mandates' last collection,
 * records the pre-notifications (mail to every tenant with an address; the mandate's standing notice
 * for the others, recorded per item) and the audit entry.
 */
export async function createRun(
  db: Db,
  request: RunRequest & { chargeIds?: string[] | undefined },
  scope: StaffScope,
  actor: AuditActor,
  ctx: MailContext,
  today: string,
): Promise<{ runId: string } | RunRefusal> {
  try {
    return await withTransaction(db, async (trx) => {
      const plan = await planRun(trx, request, scope, today);
      if (plan.problems.length > 0 || !plan.creditor) return { error: "problems", problems: plan.problems } as const;
      if (request.chargeIds) {
        const held = plan.items.filter((i) => request.chargeIds!.includes(i.charge_id) && i.problems.length > 0);
        if (held.length > 0) return { error: "held", charges: held.map((i) => `${i.tenant_name}: ${i.problems[0]}`) };
      }
      const items = chosen(plan.items, request.chargeIds);
      if (items.length === 0) return { error: "nothing" } as const;
      const creditor = plan.creditor;
      const runId = randomUUID();
      const now = nowIso();
      const messageId = newMessageId(request.collectionDate);
      const total = items.reduce((s, i) => s + i.amountCents, 0);
      await trx
        .insertInto("sepa_runs")
        .values({
          id: runId,
          month: request.month,
          building_id: request.buildingId ?? null,
          collection_date: request.collectionDate,
          message_id: messageId,
          state: "created",
          item_count: items.length,
          total_cents: total,
          creditor: JSON.stringify(creditor),
          created_by: actor.staffId,
          created_at: now,
          downloaded_at: null,
          cancelled_at: null,
          cancelled_by: null,
        })
        .execute();
      const rows = items.map((i) => ({
        id: randomUUID(),
        run_id: runId,
        charge_id: i.charge_id,
        tenancy_id: i.tenancy_id,
        mandate_id: i.mandateId!,
        amount_cents: i.amountCents,
        sequence: i.sequence!,
        end_to_end_id: `${i.paymentReference}-${request.month.replace("-", "")}-${i.attempts + 1}`,
        mandate_reference: i.mandate_reference!,
        mandate_signed_on: i.mandateSignedOn!,
        debtor_name: i.debtorName!,
        iban: i.iban!,
        bic: i.bic,
        remittance: `${i.description} ${i.paymentReference}`,
        prenotice: i.prenotice!,
        state: "submitted" as const,
        created_at: now,
      }));
      for (let k = 0; k < rows.length; k += 200) {
        await trx
          .insertInto("sepa_run_items")
          .values(rows.slice(k, k + 200))
          .execute();
      }
      await setLastCollection(trx, [...new Set(rows.map((r) => r.mandate_id))]);
      await enqueueMails(
        trx,
        items
          .filter((i) => i.prenotice === "email")
          .map((i) => {
            const mail = prenoticeMail(
              ctx,
              { first_name: i.tenantFirstName, last_name: i.tenantLastName },
              {
                description: i.description,
                amountCents: i.amountCents,
                collectionDate: request.collectionDate,
                mandateReference: i.mandate_reference!,
                creditorId: creditor.creditorId,
                creditorName: creditor.name,
                iban: i.iban!,
              },
            );
            return {
              recipientKind: "tenant" as const,
              recipientId: i.tenantId,
              to: i.tenantEmail,
              kind: PRENOTICE_KIND,
              subject: mail.subject,
              body: mail.body,
            };
          }),
      );
      await recordAudit(trx, actor, {
        action: "sepa.run_created",
        entityType: "sepa_run",
        entityId: runId,
        buildingId: request.buildingId ?? null,
        after: {
          month: request.month,
          collection_date: request.collectionDate,
          item_count: items.length,
          total_cents: total,
          message_id: messageId,
        },
      });
      return { runId };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { error: "taken" };
    throw err;
  }
}

/**
 * The first download moves the run to "downloaded"; every download is audited. Before the first, the
 * file must still be right to send: refused (nothing marked) when a debit's mandate was revoked or
 * replaced since the run was made (no authorisation left), or when the collection date is before the
 * earliest the bank takes today (the creditor's lead days in TARGET business days).
 */
export async function markDownloaded(
  db: Db,
  runId: string,
  actor: AuditActor,
  today: string,
): Promise<"ok" | { error: "revoked"; references: string[] } | { error: "late"; earliest: string }> {
  return withTransaction(db, async (trx) => {
    const run = await trx
      .selectFrom("sepa_runs")
      .select(["state", "collection_date", "creditor"])
      .where("id", "=", runId)
      .executeTakeFirstOrThrow();
    if (run.state === "created") {
      const revoked = await trx
        .selectFrom("sepa_run_items as i")
        .innerJoin("sepa_mandates as m", "m.id", "i.mandate_id")
        .select("i.mandate_reference")
        .where("i.run_id", "=", runId)
        .where("i.state", "=", "submitted")
        .where("m.revoked_at", "is not", null)
        .orderBy("i.mandate_reference")
        .execute();
      if (revoked.length > 0) return { error: "revoked" as const, references: revoked.map((r) => r.mandate_reference) };
      const leadDays =
        (await findCreditorSettings(trx))?.leadDays ?? (JSON.parse(run.creditor) as CreditorSettings).leadDays;
      const earliest = earliestCollectionDate(today, leadDays);
      if (run.collection_date < earliest) return { error: "late" as const, earliest };
    }
    await trx
      .updateTable("sepa_runs")
      .set({ state: "downloaded", downloaded_at: nowIso() })
      .where("id", "=", runId)
      .where("state", "=", "created")
      .execute();
    await recordAudit(trx, actor, { action: "sepa.run_downloaded", entityType: "sepa_run", entityId: runId });
    return "ok" as const;
  });
}

export type CancelRefusal = "not_found" | "cancelled" | "downloaded" | "settled";

/**
 * Cancels a run: its charges are free for another run. A downloaded file may be at the bank already:
 * only with the person's word that it was not submitted. A run of which a debit was collected or
 * returned is past cancelling.
 */
export async function cancelRun(
  db: Db,
  runId: string,
  notSubmitted: boolean,
  actor: AuditActor,
): Promise<"ok" | CancelRefusal> {
  return withTransaction(db, async (trx) => {
    const run = await trx
      .selectFrom("sepa_runs")
      .select(["state", "building_id", "total_cents", "message_id"])
      .where("id", "=", runId)
      .executeTakeFirst();
    if (!run) return "not_found";
    if (run.state === "cancelled") return "cancelled";
    if (run.state === "downloaded" && !notSubmitted) return "downloaded";
    const settled = await trx
      .selectFrom("sepa_run_items")
      .select("id")
      .where("run_id", "=", runId)
      .where("state", "in", ["collected", "returned"])
      .executeTakeFirst();
    if (settled) return "settled";
    const res = await trx
      .updateTable("sepa_runs")
      .set({ state: "cancelled", cancelled_at: nowIso(), cancelled_by: actor.staffId })
      .where("id", "=", runId)
      .where("state", "=", run.state)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return "cancelled";
    const mandates = await trx
      .updateTable("sepa_run_items")
      .set({ state: "cancelled" })
      .where("run_id", "=", runId)
      .returning("mandate_id")
      .execute();
    await setLastCollection(trx, [...new Set(mandates.map((m) => m.mandate_id))]);
    await recordAudit(trx, actor, {
      action: "sepa.run_cancelled",
      entityType: "sepa_run",
      entityId: runId,
      buildingId: run.building_id,
      after: { message_id: run.message_id, total_cents: run.total_cents, downloaded: run.state === "downloaded" },
    });
    return "ok";
  });
}

/** A collection's money arrived: the statement line carried its end-to-end id (or the charge is paid). */
export async function markCollected(trx: Db, endToEndIds: string[]): Promise<void> {
  for (let i = 0; i < endToEndIds.length; i += 400) {
    await trx
      .updateTable("sepa_run_items")
      .set({ state: "collected" })
      .where("end_to_end_id", "in", endToEndIds.slice(i, i + 400))
      .where("state", "=", "submitted")
      .execute();
  }
}
