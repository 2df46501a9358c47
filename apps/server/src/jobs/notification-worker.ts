import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connection.js";
import {
  claimDueMails,
  DOCUMENT_DIGEST_KIND,
  markFailed,
  markSent,
  type OutboxRow,
  tenantWantsMail,
} from "../domain/notifications/notifications.js";
import { documentDigest, type MailContext, STAFF_NEW_ITEM_KIND, staffDigest } from "../domain/notifications/notify.js";
import { markDigestSent } from "../domain/staff/staff-members.js";
import type { Mailer } from "../lib/mailer.js";

export interface NotificationWorker {
  /** Sends what is due now; resolves when done (tests call it instead of waiting for the timer). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sends the outbox: tenant mails (and staff invitations) one by one, staff lines about new items
 * gathered into one digest per person, a tenant's due document digest rows into one mail.
 * A mail is marked sent only after the mailer accepted it; a failure is retried later with a
 * growing pause. Every process may run a worker: each row is claimed by one of them.
 */
export function startNotificationWorker(options: {
  db: Db;
  mailer: Mailer;
  context: () => MailContext;
  staffName: (id: string) => Promise<{ name: string; role: string } | undefined>;
  log: FastifyBaseLogger;
  intervalMs: number;
  /**
   * Runs before each round and may write due mails into the outbox first (meter campaign mails,
   * repositories/meter-campaigns.ts); a failure is logged and the round goes on.
   */
  beforeRound?: () => Promise<unknown>;
  /** Sends the due Web Pushes after the mails (jobs/push-delivery.ts); returns how many went out. */
  pushes?: () => Promise<number>;
}): NotificationWorker {
  let running: Promise<number> | undefined;
  let stopped = false;

  async function deliver(rows: OutboxRow[]): Promise<number> {
    let sent = 0;
    // Staff lines about new items go into one digest per person; every other mail (tenants', and
    // staff invitations) goes out on its own.
    const isDigestLine = (r: OutboxRow) => r.recipient_kind === "staff" && r.kind === STAFF_NEW_ITEM_KIND;
    // A tenant's document digest rows due together (one per morning; more after missed mornings
    // or a retry) become one mail too.
    const isDocumentDigest = (r: OutboxRow) => r.recipient_kind === "tenant" && r.kind === DOCUMENT_DIGEST_KIND;
    const singleRows = rows.filter((r) => !isDigestLine(r) && !isDocumentDigest(r));
    for (const row of singleRows) {
      try {
        await options.mailer.send({
          to: row.to_email,
          subject: row.subject,
          text: row.body,
          ...(row.calendar_ics ? { calendar: row.calendar_ics } : {}),
          ...(row.attachment ? { attachments: [attachmentOf(row.attachment)] } : {}),
        });
        await markSent(options.db, [row.id]);
        sent++;
      } catch (err) {
        options.log.warn({ err, kind: row.kind }, "notification mail failed; will retry");
        await markFailed(options.db, [row.id], String((err as Error).message ?? err), row.attempts);
      }
    }
    const byStaff = new Map<string, OutboxRow[]>();
    for (const row of rows.filter(isDigestLine)) {
      byStaff.set(row.recipient_id, [...(byStaff.get(row.recipient_id) ?? []), row]);
    }
    for (const [staffId, staffRows] of byStaff) {
      const ids = staffRows.map((r) => r.id);
      try {
        const who = await options.staffName(staffId);
        const digest = staffDigest(
          options.context(),
          who?.name ?? "",
          who?.role ?? "",
          staffRows.map((r) => r.body),
        );
        await options.mailer.send({ to: staffRows[0]!.to_email, subject: digest.subject, text: digest.text });
        await markSent(options.db, ids);
        await markDigestSent(options.db, staffId);
        sent += 1;
      } catch (err) {
        options.log.warn({ err }, "staff digest failed; will retry");
        await markFailed(options.db, ids, String((err as Error).message ?? err), staffRows[0]!.attempts);
      }
    }
    const byTenant = new Map<string, OutboxRow[]>();
    for (const row of rows.filter(isDocumentDigest)) {
      byTenant.set(row.recipient_id, [...(byTenant.get(row.recipient_id) ?? []), row]);
    }
    for (const [tenantId, tenantRows] of byTenant) {
      const ids = tenantRows.map((r) => r.id);
      try {
        const tenant = (await tenantWantsMail(options.db, tenantId)) ?? { first_name: "", last_name: "" };
        const lines = tenantRows.flatMap((r) => r.body.split("\n"));
        const digest = documentDigest(options.context(), tenant, lines);
        await options.mailer.send({ to: tenantRows[0]!.to_email, subject: digest.subject, text: digest.text });
        await markSent(options.db, ids);
        sent += 1;
      } catch (err) {
        options.log.warn({ err }, "document digest failed; will retry");
        await markFailed(options.db, ids, String((err as Error).message ?? err), tenantRows[0]!.attempts);
      }
    }
    return sent;
  }

  async function runOnce(): Promise<number> {
    if (running) await running.catch(() => 0);
    running = (async () => {
      let total = 0;
      if (options.beforeRound) {
        await options.beforeRound().catch((err) => options.log.error({ err }, "scheduled mails failed"));
      }
      for (;;) {
        const rows = await claimDueMails(options.db, 50);
        if (rows.length > 0) total += await deliver(rows);
        if (rows.length < 50) break;
      }
      if (options.pushes) {
        total += await options.pushes().catch((err) => {
          options.log.error({ err }, "push delivery failed");
          return 0;
        });
      }
      return total;
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  const timer =
    options.intervalMs > 0
      ? setInterval(() => {
          if (stopped || running) return;
          runOnce().catch((err) => options.log.error({ err }, "notification worker failed"));
        }, options.intervalMs)
      : undefined;
  timer?.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (running) await running.catch(() => 0);
    },
  };
}

/** The outbox's stored file as nodemailer takes it. */
function attachmentOf(stored: string): { filename: string; contentType: string; content: Buffer } {
  const { filename, content_type, base64 } = JSON.parse(stored) as {
    filename: string;
    content_type: string;
    base64: string;
  };
  return { filename, contentType: content_type, content: Buffer.from(base64, "base64") };
}
