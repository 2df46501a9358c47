import { randomUUID } from "node:crypto";
import type { MessageThread, ThreadMessage } from "@mieter-portal/contracts";
import { type ExpressionBuilder, sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import type { Database, MessageRow } from "../../db/types.js";
import { nowIso } from "../../lib/time.js";
import { currentBuildingOf, messageDueAt, putInboxItem } from "../inbox/inbox.js";
import { type MailContext, notifyStaffOfNewItem } from "../notifications/notify.js";
import { toThreadMessage } from "./thread-reads.js";

/** Who writes a message on the tenant's behalf: the tenant's display name (DESIGN.md §4.12). */
export interface TenantActor {
  tenantId: string;
  name: string;
}

/** Threads per statement of refreshThreadSummaries (SQLite's parameter limit). */
const REFRESH_BATCH = 500;

/**
 * Recounts what the tenant's lists show of each given thread (decision 024: message_threads'
 * message_count, unread_count and the management's newest message) from its messages.
 * The writers below call it in the same transaction, after writing (insertMessages,
 * markInboundRead; decision 037), so no caller has to remember it; the seed's row writer
 * (rows.ts) calls it once for all its threads.
 *
 * Two writers of one thread at once (the tenant reads while the management answers): each first
 * takes the thread's row lock, and its recount is a statement of its own after that, so on
 * PostgreSQL the later one counts with the earlier one's messages committed (a recount that
 * waited for the lock inside its own statement would still count from before).
 */
export async function refreshThreadSummaries(db: Db, threadIds: readonly string[]): Promise<void> {
  for (let i = 0; i < threadIds.length; i += REFRESH_BATCH) {
    const batch = threadIds.slice(i, i + REFRESH_BATCH);
    await db
      .updateTable("message_threads")
      .set((eb) => ({ message_count: eb.ref("message_count") }))
      .where("id", "in", batch)
      .execute();
    const newestInbound = (eb: ExpressionBuilder<Database, "message_threads">) =>
      eb
        .selectFrom("messages as m")
        .whereRef("m.thread_id", "=", "message_threads.id")
        .where("m.direction", "=", sql.lit("inbound"))
        .orderBy("m.received_at", "desc")
        .orderBy("m.id", "desc")
        .limit(sql.lit(1));
    await db
      .updateTable("message_threads")
      .set((eb) => ({
        message_count: eb
          .selectFrom("messages as m")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .whereRef("m.thread_id", "=", "message_threads.id"),
        unread_count: eb
          .selectFrom("messages as m")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .whereRef("m.thread_id", "=", "message_threads.id")
          // Literal, not a parameter: lets SQLite use the partial index messages_unread_idx.
          .where("m.direction", "=", sql.lit("inbound"))
          .where("m.read_at", "is", null),
        last_inbound_at: newestInbound(eb).select("m.received_at"),
        last_inbound_id: newestInbound(eb).select("m.id"),
      }))
      .where("id", "in", batch)
      .execute();
  }
}

/**
 * Writes messages and recounts their threads (refreshThreadSummaries) in the caller's
 * transaction: the one way a message is added, by the tenant or the management (issue 26 §1).
 */
export async function insertMessages(trx: Db, rows: readonly MessageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("messages")
    .values([...rows])
    .execute();
  await refreshThreadSummaries(trx, [...new Set(rows.map((r) => r.thread_id))]);
}

/** Marks the management's unread messages in the tenant's thread read and recounts the thread. */
async function markInboundRead(trx: Db, tenantId: string, threadId: string): Promise<void> {
  await trx
    .updateTable("messages")
    .set({ read_at: nowIso() })
    .where("thread_id", "=", threadId)
    .where("tenant_id", "=", tenantId)
    .where("direction", "=", "inbound")
    .where("read_at", "is", null)
    .execute();
  await refreshThreadSummaries(trx, [threadId]);
}

function outboundMessage(actor: TenantActor, threadId: string, content: string, at: string): MessageRow {
  return {
    id: randomUUID(),
    thread_id: threadId,
    tenant_id: actor.tenantId,
    direction: "outbound",
    actor_kind: "tenant",
    staff_user_id: null,
    sender_name: actor.name,
    content,
    received_at: at,
    read_at: null,
  };
}

/** Starts a conversation with the management: a thread and the tenant's first message. */
export async function createThread(
  db: Db,
  actor: TenantActor,
  input: { subject: string; content: string },
  /** Tells the building's staff (tenant writes; absent in seeds and repository tests). */
  mail?: MailContext,
): Promise<MessageThread> {
  const at = nowIso();
  const threadId = randomUUID();
  const message = outboundMessage(actor, threadId, input.content, at);
  await withTransaction(db, async (trx) => {
    await trx
      .insertInto("message_threads")
      .values({
        id: threadId,
        tenant_id: actor.tenantId,
        subject: input.subject,
        created_at: at,
        last_message_at: at,
        awaiting_reply_since: at,
      })
      .execute();
    await insertMessages(trx, [message]);
    await awaitReply(trx, actor, threadId, input.subject, at, mail);
  });
  return { id: threadId, subject: input.subject, created_at: at, messages: [toThreadMessage(message)] };
}

/**
 * The conversation now waits for the management: an inbox item due 24 hours after the first
 * unanswered message, and (once per wait) a line in the building staff's digest.
 */
async function awaitReply(
  trx: Db,
  actor: TenantActor,
  threadId: string,
  subject: string,
  waitingSince: string,
  mail: MailContext | undefined,
): Promise<void> {
  await putInboxItem(trx, {
    kind: "message",
    itemId: threadId,
    tenantId: actor.tenantId,
    state: "new",
    title: subject,
    createdAt: waitingSince,
    dueAt: messageDueAt(waitingSince),
  });
  if (mail) {
    await notifyStaffOfNewItem(trx, mail, await currentBuildingOf(trx, actor.tenantId), {
      kind: "message",
      line: `Nachricht: „${subject}“ – ${actor.name}`,
    });
  }
}

/** Adds the tenant's reply to one of their threads; undefined when the thread is not theirs. */
export async function addReply(
  db: Db,
  actor: TenantActor,
  threadId: string,
  content: string,
  mail?: MailContext,
): Promise<ThreadMessage | undefined> {
  return withTransaction(db, async (trx) => {
    const at = nowIso();
    const thread = await trx
      .selectFrom("message_threads")
      .select(["subject", "awaiting_reply_since"])
      .where("id", "=", threadId)
      .where("tenant_id", "=", actor.tenantId)
      .executeTakeFirst();
    if (!thread) return undefined;
    const waitingSince = thread.awaiting_reply_since ?? at;
    await trx
      .updateTable("message_threads")
      .set({ last_message_at: at, awaiting_reply_since: waitingSince, handled_at: null })
      .where("id", "=", threadId)
      .execute();
    const message = outboundMessage(actor, threadId, content, at);
    await insertMessages(trx, [message]);
    await awaitReply(
      trx,
      actor,
      threadId,
      thread.subject,
      waitingSince,
      thread.awaiting_reply_since ? undefined : mail,
    );
    return toThreadMessage(message);
  });
}

/** Marks every unread message from the management in the thread read; false when the thread is not theirs. */
export async function markThreadRead(db: Db, tenantId: string, threadId: string): Promise<boolean> {
  const thread = await db
    .selectFrom("message_threads")
    .select("id")
    .where("id", "=", threadId)
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  if (!thread) return false;
  await withTransaction(db, async (trx) => {
    await markInboundRead(trx, tenantId, threadId);
  });
  return true;
}

/**
 * Opens inbox items for conversations whose last message is the tenant's but which were written
 * without one (the demo seed writes its history directly), and records since when they wait.
 */
export async function openWaitingThreads(db: Db): Promise<void> {
  const threads = await db
    .selectFrom("message_threads")
    .select(["id", "tenant_id", "subject", "handled_at"])
    .where("handled_at", "is", null)
    .execute();
  for (const t of threads) {
    const messages = await db
      .selectFrom("messages")
      .select(["direction", "received_at"])
      .where("thread_id", "=", t.id)
      .orderBy("received_at", "asc")
      .orderBy("id", "asc")
      .execute();
    let waitingSince: string | null = null;
    for (const m of messages) waitingSince = m.direction === "inbound" ? null : (waitingSince ?? m.received_at);
    if (!waitingSince) continue;
    await db
      .updateTable("message_threads")
      .set({ awaiting_reply_since: waitingSince })
      .where("id", "=", t.id)
      .execute();
    await putInboxItem(db, {
      kind: "message",
      itemId: t.id,
      tenantId: t.tenant_id,
      state: "new",
      title: t.subject,
      createdAt: waitingSince,
      dueAt: messageDueAt(waitingSince),
    });
  }
}
