import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { isPostgres } from "../../db/connection.js";
import type { NotificationOutboxTable } from "../../db/types.js";
import { nowIso } from "../../lib/time.js";

/**
 * The notification outbox (DESIGN §6): a write that someone should hear about records a mail here
 * in the same transaction; the worker (lib/notification-worker.ts) claims, sends and marks it.
 */

export interface OutboxMail {
  recipientKind: "tenant" | "staff";
  recipientId: string;
  to: string;
  kind: string;
  subject: string;
  body: string;
  /** Not before this instant (staff digests); default now. */
  sendAfter?: string;
  /** An .ics the mail carries (appointment mails). */
  calendarIcs?: string;
  /** One file the mail carries (the payment reminder's GiroCode). */
  attachment?: MailAttachment;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export async function enqueueMail(db: Db, mail: OutboxMail): Promise<void> {
  // A tenant invited by letter has no address until they set one (decision 018).
  if (mail.to === "") return;
  const now = nowIso();
  await db
    .insertInto("notification_outbox")
    .values({
      id: randomUUID(),
      created_at: now,
      recipient_kind: mail.recipientKind,
      recipient_id: mail.recipientId,
      to_email: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      body: mail.body,
      send_after: mail.sendAfter ?? now,
      claimed_until: null,
      sent_at: null,
      last_error: null,
      ...(mail.calendarIcs ? { calendar_ics: mail.calendarIcs } : {}),
      ...(mail.attachment
        ? {
            attachment: JSON.stringify({
              filename: mail.attachment.filename,
              content_type: mail.attachment.contentType,
              base64: mail.attachment.content.toString("base64"),
            }),
          }
        : {}),
    })
    .execute();
}

/** Rows per INSERT when one change mails many tenants (well inside both databases' parameter limits). */
const BATCH_ROWS = 500;

const outboxRow = (mail: OutboxMail, now: string) => ({
  id: randomUUID(),
  created_at: now,
  recipient_kind: mail.recipientKind,
  recipient_id: mail.recipientId,
  to_email: mail.to,
  kind: mail.kind,
  subject: mail.subject,
  body: mail.body,
  send_after: mail.sendAfter ?? now,
  claimed_until: null,
  sent_at: null,
  last_error: null,
});

/** Records many mails (a notice to a building or to everyone) in a few statements. */
export async function enqueueMails(db: Db, all: OutboxMail[]): Promise<void> {
  const mails = all.filter((mail) => mail.to !== "");
  const now = nowIso();
  for (let i = 0; i < mails.length; i += BATCH_ROWS) {
    await db
      .insertInto("notification_outbox")
      .values(mails.slice(i, i + BATCH_ROWS).map((mail) => outboxRow(mail, now)))
      .execute();
  }
}

/**
 * The outbox kind of a tenant's lines about new documents: one pending row per tenant and morning
 * (a unique partial index, migration 0007), sent by the worker as one digest mail.
 */
export const DOCUMENT_DIGEST_KIND = "document_digest";

/**
 * Adds `line` to each tenant's document digest due at `sendAfter`: a new row, or the line appended
 * to the row already waiting for that morning (INSERT … ON CONFLICT DO UPDATE on the unique partial
 * index, so two publications at once still leave one row per tenant and morning).
 */
export async function addDocumentDigestLine(
  db: Db,
  allRecipients: { id: string; email: string }[],
  digest: { subject: string; line: string; sendAfter: string },
): Promise<void> {
  const recipients = allRecipients.filter((tenant) => tenant.email !== "");
  const now = nowIso();
  for (let i = 0; i < recipients.length; i += BATCH_ROWS) {
    const rows = recipients.slice(i, i + BATCH_ROWS).map((tenant) =>
      outboxRow(
        {
          recipientKind: "tenant",
          recipientId: tenant.id,
          to: tenant.email,
          kind: DOCUMENT_DIGEST_KIND,
          subject: digest.subject,
          body: digest.line,
          sendAfter: digest.sendAfter,
        },
        now,
      ),
    );
    await db
      .insertInto("notification_outbox")
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(["recipient_id", "kind", "send_after"])
          // The index's own predicate, literally, so both databases pick the partial index.
          .where(sql.ref("kind"), "=", sql.lit(DOCUMENT_DIGEST_KIND))
          .where(sql.ref("sent_at"), "is", null)
          .doUpdateSet({
            body: sql<string>`${sql.ref("notification_outbox.body")} || ${"\n"} || ${sql.ref("excluded.body")}`,
          }),
      )
      .execute();
  }
}

/** After this many failed attempts a mail is given up (kept, with its last error, for a person to see). */
export const MAX_ATTEMPTS = 8;
/** A claim lasts this long; a worker that died while sending leaves the mail to the next one after it. */
const CLAIM_MS = 60_000;

export type OutboxRow = {
  [K in keyof NotificationOutboxTable]: NotificationOutboxTable[K] extends import("kysely").Generated<infer T>
    ? T
    : NotificationOutboxTable[K];
};

/**
 * Claims up to `limit` due mails for this worker: each row is claimed by one worker only, also with
 * several processes on PostgreSQL (FOR UPDATE SKIP LOCKED); SQLite has one writer anyway.
 */
export async function claimDueMails(db: Db, limit: number, now = new Date()): Promise<OutboxRow[]> {
  const nowText = now.toISOString();
  const until = new Date(now.getTime() + CLAIM_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom("notification_outbox")
      .select("id")
      .where("sent_at", "is", null)
      .where("send_after", "<=", nowText)
      .where("attempts", "<", MAX_ATTEMPTS)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", nowText)]))
      .orderBy("send_after")
      .limit(limit);
    if (isPostgres(trx)) due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    return (await trx
      .updateTable("notification_outbox")
      .set((eb) => ({ claimed_until: until, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", ids)
      .returningAll()
      .execute()) as OutboxRow[];
  });
}

export async function markSent(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("notification_outbox")
    .set({ sent_at: nowIso(), last_error: null })
    .where("id", "in", ids)
    .execute();
}

/** Failed: tried again after a pause that grows with each attempt. */
export async function markFailed(db: Db, ids: string[], error: string, attempts: number): Promise<void> {
  if (ids.length === 0) return;
  const retryAt = new Date(Date.now() + Math.min(2 ** attempts, 60) * 60_000).toISOString();
  await db
    .updateTable("notification_outbox")
    .set({ last_error: error.slice(0, 500), claimed_until: null, send_after: retryAt })
    .where("id", "in", ids)
    .execute();
}

/** When the next staff digest may go out: right away, or 15 minutes after the last one. */
export async function nextDigestSlot(db: Db, staffId: string, intervalMs: number): Promise<string> {
  const row = await db.selectFrom("staff_users").select("last_digest_at").where("id", "=", staffId).executeTakeFirst();
  const now = nowIso();
  if (!row?.last_digest_at) return now;
  const slot = new Date(Date.parse(row.last_digest_at) + intervalMs).toISOString();
  return slot > now ? slot : now;
}

/** The tenant's switch in Einstellungen → Benachrichtigungen. */
export async function tenantWantsMail(db: Db, tenantId: string) {
  return db
    .selectFrom("tenants")
    .select(["email", "first_name", "last_name", "notify_email"])
    .where("id", "=", tenantId)
    .executeTakeFirst();
}

/**
 * The tenant's document digest still waiting for its morning (not one a worker is sending right
 * now) is withdrawn: turning e-mail off (tenants.ts setTenantNotifyEmail) holds until the mail leaves.
 */
export async function withdrawPendingDocumentDigest(db: Db, tenantId: string): Promise<void> {
  const now = nowIso();
  await db
    .deleteFrom("notification_outbox")
    .where("recipient_kind", "=", "tenant")
    .where("recipient_id", "=", tenantId)
    .where("kind", "=", DOCUMENT_DIGEST_KIND)
    .where("sent_at", "is", null)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .execute();
}
