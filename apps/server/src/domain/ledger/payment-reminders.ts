import { addDays, type BrandConfig } from "@mieter-portal/contracts";
import { sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import { giroCodePayload, giroCodePng } from "../../lib/girocode.js";
import { berlinToday, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { enqueueMail } from "../notifications/notifications.js";
import type { MailContext } from "../notifications/notify.js";
import { paymentReminderMail } from "./mails.js";
import { ensureAccount, markReminded } from "./rent-ledger.js";

/**
 * The payment reminder staff send for an overdue account (decision 030): the mail in the outbox,
 * the account marked reminded and the audit entry, in one transaction. Split from staff-ledger.ts
 * (decision 037).
 */

export const REMINDER_KIND = "payment_reminder";
/** The reminder's attachment: the open amount's GiroCode. */
export const GIROCODE_FILENAME = "GiroCode.png";

/** The reminder names a deadline this many days after it is sent (decision 030). */
const REMINDER_DAYS_TO_PAY = 14;

/**
 * A factual payment reminder by e-mail listing the overdue charges month by month, the account to
 * pay to (the brand's bank account), the payment reference and a deadline 14 days on (sent whatever
 * the tenant's notification setting: it is about their contract, not news from the portal).
 * "nothing_overdue" when nothing is overdue.
 */
export async function sendReminder(
  db: Db,
  tenancyId: string,
  ctx: MailContext,
  actor: AuditActor,
  payTo: BrandConfig["bankAccount"],
  today = berlinToday(),
): Promise<{ sentTo: string; overdueCents: number; at: string; payBy: string } | "nothing_overdue"> {
  return withTransaction(db, async (trx) => {
    const tenancy = await trx
      .selectFrom("tenancies as t")
      .innerJoin("tenants as p", "p.id", "t.tenant_id")
      .select([
        "t.id",
        "t.tenant_id",
        "t.address",
        "t.apartment_number",
        "t.building_id",
        "p.first_name",
        "p.last_name",
        "p.email",
      ])
      .where("t.id", "=", tenancyId)
      .executeTakeFirstOrThrow();
    const charges = await trx
      .selectFrom("payments")
      .select(["description", "due_date", "amount_cents", "paid_cents"])
      .where("tenancy_id", "=", tenancyId)
      .where(sql<boolean>`status in ('pending', 'overdue')`)
      .where("due_date", "<", today)
      // A charge whose direct debit is at the bank (issue 28) is being collected: no reminder for it
      // until the money shows or the debit comes back.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("sepa_run_items as i")
              .select("i.id")
              .whereRef("i.charge_id", "=", "payments.id")
              .where("i.state", "=", "submitted"),
          ),
        ),
      )
      .orderBy("due_date")
      .execute();
    if (charges.length === 0) return "nothing_overdue";
    const account = await ensureAccount(trx, tenancyId);
    const total = charges.reduce((s, c) => s + c.amount_cents - c.paid_cents, 0);
    const payBy = addDays(today, REMINDER_DAYS_TO_PAY);
    const unit = tenancy.apartment_number ? `${tenancy.address}, ${tenancy.apartment_number}` : tenancy.address;
    const reminder = paymentReminderMail(ctx, {
      tenant: tenancy,
      unit,
      charges,
      total,
      reference: account.reference,
      payBy,
      payTo,
    });
    // The GiroCode of the whole open amount as a picture the banking app reads (issue 28).
    const giroCode = payTo
      ? await giroCodePng(
          giroCodePayload({ ...payTo, bic: payTo.bic ?? null, amountCents: total, remittance: account.reference }),
        )
      : null;
    await enqueueMail(trx, {
      recipientKind: "tenant",
      recipientId: tenancy.tenant_id,
      to: tenancy.email,
      kind: REMINDER_KIND,
      subject: reminder.subject,
      body: reminder.body,
      ...(giroCode ? { attachment: { filename: GIROCODE_FILENAME, contentType: "image/png", content: giroCode } } : {}),
    });
    const at = nowIso();
    await markReminded(trx, tenancyId, at);
    await recordAudit(trx, actor, {
      action: "ledger.reminder_sent",
      entityType: "tenancy",
      entityId: tenancyId,
      buildingId: tenancy.building_id,
      after: { overdue_cents: total, charges: charges.length, to: tenancy.email, pay_by: payBy },
    });
    return { sentTo: tenancy.email, overdueCents: total, at, payBy };
  });
}
