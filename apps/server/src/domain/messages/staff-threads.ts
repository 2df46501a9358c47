import { randomUUID } from "node:crypto";
import type { StaffThread } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { closeInboxItem } from "../inbox/inbox.js";
import { type MailContext, notifyTenant } from "../notifications/notify.js";
import { staffRefOf, tenantRefOf } from "../tenants/staff-tenants.js";
import { replyMail } from "./mails.js";
import { insertMessages } from "./messages.js";

/** How the management signs: "Sabine Krüger, Grünfeld Hausverwaltung" — live replies, the seed, the repair history. */
export const staffSignatureOf = (name: string, company: string) => `${name}, ${company}`;

/** Who writes for the management: the staff member (null from the admin command line), signed "Name, Firma". */
export interface StaffAuthor extends AuditActor {
  staffId: string | null;
  signature: string;
}

/** The tenant a conversation belongs to, or undefined. */
export async function threadOwner(db: Db, threadId: string): Promise<string | undefined> {
  const row = await db.selectFrom("message_threads").select("tenant_id").where("id", "=", threadId).executeTakeFirst();
  return row?.tenant_id;
}

export async function findStaffThread(
  db: Db,
  threadId: string,
): Promise<{ thread: StaffThread; buildingId: string | null } | undefined> {
  const thread = await db
    .selectFrom("message_threads")
    .select(["id", "tenant_id", "subject", "created_at", "assignee_id", "handled_at", "awaiting_reply_since"])
    .where("id", "=", threadId)
    .executeTakeFirst();
  if (!thread) return undefined;
  const [messages, tenant, assignee, addressee] = await Promise.all([
    db
      .selectFrom("messages")
      .select(["id", "direction", "sender_name", "content", "received_at", "read_at"])
      .where("thread_id", "=", threadId)
      .orderBy("received_at", "asc")
      .orderBy("id", "asc")
      .execute(),
    tenantRefOf(db, thread.tenant_id),
    staffRefOf(db, thread.assignee_id),
    db.selectFrom("tenants").select(["first_name", "last_name"]).where("id", "=", thread.tenant_id).executeTakeFirst(),
  ]);
  if (!tenant || !addressee) return undefined;
  const { buildingId, ...tenantRef } = tenant;
  return {
    buildingId,
    thread: {
      id: thread.id,
      subject: thread.subject,
      created_at: thread.created_at,
      tenant: tenantRef,
      addressee,
      assignee: assignee ? { id: assignee.id, name: assignee.name } : null,
      handled_at: thread.handled_at,
      awaiting_reply_since: thread.awaiting_reply_since,
      messages: messages.map((m) => ({ ...m, direction: m.direction })),
    },
  };
}

async function insertManagementMessage(
  trx: Db,
  author: StaffAuthor,
  threadId: string,
  tenantId: string,
  content: string,
) {
  const at = nowIso();
  await insertMessages(trx, [
    {
      id: randomUUID(),
      thread_id: threadId,
      tenant_id: tenantId,
      direction: "inbound",
      actor_kind: "staff",
      staff_user_id: author.staffId,
      sender_name: author.signature,
      content,
      received_at: at,
      read_at: null,
    },
  ]);
  await trx
    .updateTable("message_threads")
    .set({ last_message_at: at, awaiting_reply_since: null, handled_at: null })
    .where("id", "=", threadId)
    .execute();
  await closeInboxItem(trx, "message", threadId);
}

/**
 * The management answers: a message unread for the tenant, the inbox item closed, the tenant mailed
 * unless they turned e-mail off. Returns whether a mail went out.
 */
export async function replyAsStaff(
  db: Db,
  threadId: string,
  content: string,
  author: StaffAuthor,
  mail: MailContext,
): Promise<{ emailed: boolean }> {
  return withTransaction(db, async (trx) => {
    const thread = await trx
      .selectFrom("message_threads")
      .select(["tenant_id", "subject"])
      .where("id", "=", threadId)
      .executeTakeFirstOrThrow();
    await insertManagementMessage(trx, author, threadId, thread.tenant_id, content);
    await recordAudit(trx, author, {
      action: "message.replied",
      entityType: "message",
      entityId: threadId,
      after: { content },
    });
    return { emailed: await notifyTenant(trx, mail, thread.tenant_id, replyMail(thread.subject, author, threadId)) };
  });
}

/**
 * A new conversation started by the management (also: asking for a new meter reading). Returns its
 * id and whether a mail went out.
 */
export async function startConversation(
  db: Db,
  tenantId: string,
  input: { subject: string; content: string },
  author: StaffAuthor,
  mail: MailContext,
): Promise<{ id: string; emailed: boolean }> {
  const threadId = randomUUID();
  const emailed = await withTransaction(db, async (trx) => {
    const at = nowIso();
    await trx
      .insertInto("message_threads")
      .values({ id: threadId, tenant_id: tenantId, subject: input.subject, created_at: at, last_message_at: at })
      .execute();
    await insertManagementMessage(trx, author, threadId, tenantId, input.content);
    await recordAudit(trx, author, {
      action: "message.started",
      entityType: "message",
      entityId: threadId,
      after: { tenant_id: tenantId, subject: input.subject },
    });
    return notifyTenant(trx, mail, tenantId, replyMail(input.subject, author, threadId));
  });
  return { id: threadId, emailed };
}

/** startConversation for callers that need only the new conversation's id. */
export async function startThreadAsStaff(
  db: Db,
  tenantId: string,
  input: { subject: string; content: string },
  author: StaffAuthor,
  mail: MailContext,
): Promise<string> {
  return (await startConversation(db, tenantId, input, author, mail)).id;
}

/** Handled without a reply (e.g. a thank-you): leaves the inbox, nothing goes to the tenant. */
export async function markThreadHandled(db: Db, threadId: string, actor: AuditActor): Promise<void> {
  await withTransaction(db, async (trx) => {
    await trx
      .updateTable("message_threads")
      .set({ handled_at: nowIso(), awaiting_reply_since: null })
      .where("id", "=", threadId)
      .execute();
    await closeInboxItem(trx, "message", threadId);
    await recordAudit(trx, actor, { action: "message.handled", entityType: "message", entityId: threadId });
  });
}
