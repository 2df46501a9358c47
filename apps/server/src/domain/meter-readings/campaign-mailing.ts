import { type Db, isPostgres, withTransaction } from "../../db/connection.js";
import { berlinToday } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { enqueueMails, type OutboxMail } from "../notifications/notifications.js";
import { type MailContext, tenantMailText } from "../notifications/notify.js";
import { buildingName, enqueuePush } from "../push/events.js";
import { channelsFor } from "../push/preferences.js";
import { hasSubmitted, participantStates } from "./campaign-queries.js";
import { campaignReminderMail, campaignStartMail } from "./mails.js";
import {
  BATCH_ROWS,
  CAMPAIGN_REMINDER_KIND,
  CAMPAIGN_START_KIND,
  reminderDue,
  startMailDue,
} from "./meter-campaigns.js";

/**
 * Meter reading campaigns: the start and reminder mails written to the outbox by the worker, and
 * the reminder staff send by hand ("Offene jetzt erinnern"). Each write comes with its audit entry
 * and mails in one transaction (decision 037).
 */

/**
 * Decides the due campaign mails and records them in the outbox (run by the notification worker
 * before each round; tests pass `now`). Per campaign running today, in one transaction each:
 * - from 8:00 on the first day, every participant's start mail: the row's `start_mail_at` is set
 *   (guarded by `IS NULL`, so two workers never both take a tenant) and a mail is written to those
 *   who have not submitted and have e-mail on;
 * - from 8:00 two days before the last day, the reminder likewise (`reminder_at`), mailed to those
 *   who still have not submitted, have e-mail on and got their start mail before the reminder fell
 *   due (a campaign started late sends its start mail only).
 * The preference and the submission count when the mail falls due. Returns the mails written.
 */
export async function dispatchCampaignMails(db: Db, ctx: MailContext, now = new Date()): Promise<number> {
  const today = berlinToday(now);
  const nowText = now.toISOString();
  const campaigns = await db
    .selectFrom("meter_campaigns")
    .selectAll()
    .where("ends_on", ">=", today)
    .where("starts_on", "<=", today)
    .execute();
  let written = 0;
  for (const campaign of campaigns) {
    const startDue = startMailDue(campaign.starts_on);
    if (now < startDue) continue;
    const remindAt = reminderDue(campaign.starts_on, campaign.ends_on);
    written += await withTransaction(db, async (trx) => {
      const claimedStart = await trx
        .updateTable("meter_campaign_tenants")
        .set({ start_mail_at: nowText })
        .where("campaign_id", "=", campaign.id)
        .where("start_mail_at", "is", null)
        .returning("tenant_id")
        .execute();
      const claimedReminder =
        remindAt && now >= remindAt
          ? await trx
              .updateTable("meter_campaign_tenants")
              .set({ reminder_at: nowText })
              .where("campaign_id", "=", campaign.id)
              .where("reminder_at", "is", null)
              .where("start_mail_at", "is not", null)
              .returning(["tenant_id", "start_mail_at"])
              .execute()
          : [];
      const startIds = new Set(claimedStart.map((r) => r.tenant_id));
      const reminderIds = new Set(
        claimedReminder
          .filter((r) => remindAt && !startIds.has(r.tenant_id) && (r.start_mail_at as string) < remindAt.toISOString())
          .map((r) => r.tenant_id),
      );
      if (startIds.size === 0 && reminderIds.size === 0) return 0;
      const open = new Set(
        (await participantStates(trx, campaign)).filter((s) => !hasSubmitted(s.status)).map((s) => s.tenantId),
      );
      const wanted = [...startIds, ...reminderIds].filter((id) => open.has(id));
      // Issue 29: each tenant's channels for meter readings; a push to the devices of those who chose it.
      const channels = await channelsFor(trx, "tenant", wanted, "meter_reading");
      const building = await buildingName(trx, campaign.building_id);
      for (const [ids, title] of [
        [startIds, "Bitte Zählerstand ablesen"],
        [reminderIds, "Erinnerung: Zählerstand ablesen"],
      ] as const) {
        const due = [...ids].filter((id) => open.has(id)).map((id) => ({ kind: "tenant" as const, id }));
        await enqueuePush(trx, due, { kind: "meter_reading", title, building, path: "/meter-readings" });
      }
      const tenants = new Map<string, { email: string; first_name: string; last_name: string }>();
      for (let i = 0; i < wanted.length; i += BATCH_ROWS) {
        const rows = await trx
          .selectFrom("tenants")
          .select(["id", "email", "first_name", "last_name"])
          .where("id", "in", wanted.slice(i, i + BATCH_ROWS))
          .where("notify_email", "=", 1)
          .execute();
        for (const t of rows) tenants.set(t.id, t);
      }
      const mails: OutboxMail[] = [];
      const add = (tenantId: string, kind: string, mail: { subject: string; lines: string[] }) => {
        const tenant = tenants.get(tenantId);
        if (!tenant?.email || channels.get(tenantId)?.email === false) return;
        mails.push({
          recipientKind: "tenant",
          recipientId: tenantId,
          to: tenant.email,
          kind,
          subject: `${ctx.company}: ${mail.subject}`,
          body: tenantMailText(ctx, tenant, { lines: mail.lines, path: "/meter-readings" }),
        });
      };
      for (const id of startIds) if (open.has(id)) add(id, CAMPAIGN_START_KIND, campaignStartMail(campaign));
      for (const id of reminderIds) if (open.has(id)) add(id, CAMPAIGN_REMINDER_KIND, campaignReminderMail(campaign));
      await enqueueMails(trx, mails);
      return mails.length;
    });
  }
  return written;
}

// ---------------------------------------------------------------------------------------------
// "Offene jetzt erinnern" (issue 25 item 20)

/** The audit action of a reminder staff sent by hand; at most one per campaign and Berlin day. */
const MANUAL_REMINDER_ACTION = "meter_campaign.reminded";

export type RemindOpenResult =
  | { ok: true; mailed: number; open: number }
  | { ok: false; problem: "not_found" | "already_today" | "not_running" };

export const REMIND_PROBLEMS: Record<Exclude<RemindOpenResult, { ok: true }>["problem"], string> = {
  not_found: "Diese Ablesung gibt es nicht.",
  already_today: "Die Offenen wurden heute schon erinnert. Eine weitere Erinnerung ist ab morgen möglich.",
  not_running: "Diese Ablesung läuft nicht mehr (oder noch nicht): Erinnern geht nur während des Zeitraums.",
};

/**
 * Mails the reminder now to every participant who has not submitted and has e-mail on, and
 * records `meter_campaign.reminded` (with how many were open and mailed). At most once per
 * campaign and Berlin day: the campaign's row is locked (PostgreSQL; SQLite writes one at a
 * time) while the day's audit entry is looked for, so two clicks at once mail once.
 */
export async function remindOpenParticipants(
  db: Db,
  ctx: MailContext,
  campaignId: string,
  actor: AuditActor,
  now = new Date(),
): Promise<RemindOpenResult> {
  const today = berlinToday(now);
  return withTransaction(db, async (trx) => {
    let query = trx.selectFrom("meter_campaigns").selectAll().where("id", "=", campaignId);
    if (isPostgres(trx)) query = query.forUpdate();
    const campaign = await query.executeTakeFirst();
    if (!campaign) return { ok: false, problem: "not_found" };
    if (today < campaign.starts_on || today > campaign.ends_on) return { ok: false, problem: "not_running" };
    const earlier = await trx
      .selectFrom("audit_log")
      .select("at")
      .where("action", "=", MANUAL_REMINDER_ACTION)
      .where("entity_type", "=", "meter_campaign")
      .where("entity_id", "=", campaignId)
      .execute();
    if (earlier.some((row) => berlinToday(new Date(row.at)) === today)) return { ok: false, problem: "already_today" };
    const openIds = (await participantStates(trx, campaign))
      .filter((s) => !hasSubmitted(s.status))
      .map((s) => s.tenantId);
    const mails: OutboxMail[] = [];
    const mail = campaignReminderMail(campaign);
    for (let i = 0; i < openIds.length; i += BATCH_ROWS) {
      const rows = await trx
        .selectFrom("tenants")
        .select(["id", "email", "first_name", "last_name"])
        .where("id", "in", openIds.slice(i, i + BATCH_ROWS))
        .where("notify_email", "=", 1)
        .execute();
      for (const tenant of rows) {
        if (!tenant.email) continue;
        mails.push({
          recipientKind: "tenant",
          recipientId: tenant.id,
          to: tenant.email,
          kind: CAMPAIGN_REMINDER_KIND,
          subject: `${ctx.company}: ${mail.subject}`,
          body: tenantMailText(ctx, tenant, { lines: mail.lines, path: "/meter-readings" }),
        });
      }
    }
    await enqueueMails(trx, mails);
    await recordAudit(trx, actor, {
      action: MANUAL_REMINDER_ACTION,
      entityType: "meter_campaign",
      entityId: campaignId,
      buildingId: campaign.building_id,
      after: { open: openIds.length, mailed: mails.length },
    });
    return { ok: true, mailed: mails.length, open: openIds.length };
  });
}
