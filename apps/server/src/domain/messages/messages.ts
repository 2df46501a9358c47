import { randomUUID } from "node:crypto";
import type { MessageDirection, MessageSummary, MessageThread, ThreadMessage } from "@mieter-portal/contracts";
import { type ExpressionBuilder, sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import { prepareQueryByLimit } from "../../db/prepared.js";
import type { Database, MessageRow } from "../../db/types.js";
import { decodeCursor, type Page, type PageRequest, splitPage } from "../../lib/pagination.js";
import { nowIso } from "../../lib/time.js";
import { currentBuildingOf, messageDueAt, putInboxItem } from "../inbox/inbox.js";
import { type MailContext, notifyStaffOfNewItem } from "../notifications/notify.js";

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
 * Every writer of messages calls it in the same transaction, after writing: a new message, a reply
 * of the management, messages marked read, seeds.
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

function toThreadMessage(
  row: Pick<MessageRow, "id" | "direction" | "sender_name" | "content" | "received_at" | "read_at">,
): ThreadMessage {
  return {
    id: row.id,
    direction: row.direction as MessageDirection,
    sender_name: row.sender_name,
    content: row.content,
    received_at: row.received_at,
    read_at: row.read_at,
  };
}

/** Position in the list: the last_message_at and id of the previous page's last thread. */
interface ThreadPosition {
  at: string;
  id: string;
}

/**
 * The tenant's conversations with each one's newest message, newest activity first; unreadOnly
 * keeps those with unread inbound ones, `after` starts behind a position (keyset pagination on
 * message_threads_tenant_last_idx), and at most `limit` rows.
 */
function threadSummaries(db: Db, tenantId: string, unreadOnly: boolean, after: ThreadPosition | null, limit: number) {
  let query = db
    .selectFrom("message_threads as t")
    .innerJoin("messages as latest", (join) =>
      join.on((eb) =>
        eb(
          "latest.id",
          "=",
          eb
            .selectFrom("messages as m")
            .select("m.id")
            .whereRef("m.thread_id", "=", "t.id")
            .orderBy("m.received_at", "desc")
            .orderBy("m.id", "desc")
            .limit(sql.lit(1)),
        ),
      ),
    )
    .select((eb) => [
      "t.id",
      "t.subject",
      "t.last_message_at",
      "latest.sender_name",
      "latest.content",
      "latest.received_at",
      // Counted here, not read from the thread's columns (refreshThreadSummaries): with these
      // subqueries in the row, PostgreSQL keeps to the ordered index scan before ANALYZE too, where
      // without them it sorted all of a tenant's threads (test/query-plans-postgres.test.ts).
      eb
        .selectFrom("messages as m")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .whereRef("m.thread_id", "=", "t.id")
        .as("message_count"),
      eb
        .selectFrom("messages as m")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .whereRef("m.thread_id", "=", "t.id")
        // Literal, not a parameter: lets SQLite use the partial index messages_unread_idx.
        .where("m.direction", "=", sql.lit("inbound"))
        .where("m.read_at", "is", null)
        .as("unread_count"),
    ])
    .where("t.tenant_id", "=", tenantId);
  if (unreadOnly) {
    // A scalar subquery, not EXISTS: PostgreSQL turns EXISTS into a semi-join whose plan depends on
    // statistics (before ANALYZE it aggregated every unread message of all tenants: 630 ms at
    // 100,000 tenants, issue 13); a scalar subquery stays a probe of messages_unread_idx per thread.
    query = query.where((eb) =>
      eb(
        eb
          .selectFrom("messages as m")
          .select("m.id")
          .whereRef("m.thread_id", "=", "t.id")
          .where("m.direction", "=", sql.lit("inbound"))
          .where("m.read_at", "is", null)
          .limit(sql.lit(1)),
        "is not",
        null,
      ),
    );
  }
  if (after) {
    query = query.where((eb) => eb(eb.refTuple("t.last_message_at", "t.id"), "<", eb.tuple(after.at, after.id)));
  }
  // Literal LIMIT (see prepareQuery): one row more than the page says whether another page follows.
  return query
    .orderBy("t.last_message_at", "desc")
    .orderBy("t.id", "desc")
    .limit(sql.lit(limit + 1));
}

const CURSOR_LIST = "messages";

const threadQueries = {
  all: prepareQueryByLimit(["tenantId"], (db, p, limit) => threadSummaries(db, p.tenantId, false, null, limit)),
  unread: prepareQueryByLimit(["tenantId"], (db, p, limit) => threadSummaries(db, p.tenantId, true, null, limit)),
  allAfter: prepareQueryByLimit(["tenantId", "at", "id"], (db, p, limit) =>
    threadSummaries(db, p.tenantId, false, { at: p.at, id: p.id }, limit),
  ),
  unreadAfter: prepareQueryByLimit(["tenantId", "at", "id"], (db, p, limit) =>
    threadSummaries(db, p.tenantId, true, { at: p.at, id: p.id }, limit),
  ),
};

/** One page of the tenant's conversations, newest activity first, each with its newest message. */
export async function listThreads(
  db: Db,
  tenantId: string,
  unreadOnly: boolean,
  page: PageRequest,
): Promise<Page<MessageSummary>> {
  let rows: Awaited<ReturnType<ReturnType<typeof threadQueries.all>["execute"]>>;
  if (page.cursor) {
    const [at, id] = decodeCursor(CURSOR_LIST, page.cursor, 2) as [string, string];
    const query = unreadOnly ? threadQueries.unreadAfter : threadQueries.allAfter;
    rows = await query(page.limit).execute(db, { tenantId, at, id });
  } else {
    rows = await (unreadOnly ? threadQueries.unread : threadQueries.all)(page.limit).execute(db, { tenantId });
  }
  const { rows: pageRows, nextCursor } = splitPage(rows, page.limit, CURSOR_LIST, (row) => [
    row.last_message_at,
    row.id,
  ]);
  const items = pageRows.map((row) => {
    const unreadCount = Number(row.unread_count ?? 0);
    return {
      id: row.id,
      subject: row.subject,
      sender_name: row.sender_name,
      content: row.content,
      received_at: row.received_at,
      unread: unreadCount > 0,
      unread_count: unreadCount,
      message_count: Number(row.message_count ?? 0),
    };
  });
  return { items, nextCursor };
}

/** Position in the received list: the received_at and id of the previous page's last message. */
interface MessagePosition {
  at: string;
  messageId: string;
}

/**
 * The conversations in which the management wrote, each described by its newest message of the
 * management (not the tenant's own reply after it), newest such message first: keyset pagination
 * on message_threads_received_idx (tenant, time and id of that message, kept on the thread by
 * refreshThreadSummaries), then that one message by its key.
 */
function receivedSummaries(db: Db, tenantId: string, after: MessagePosition | null, limit: number) {
  let query = db
    .selectFrom("message_threads as t")
    .innerJoin("messages as m", "m.id", "t.last_inbound_id")
    .select([
      "t.id",
      "t.subject",
      "m.id as message_id",
      "m.sender_name",
      "m.content",
      "m.received_at",
      "t.message_count",
      "t.unread_count",
    ])
    .where("t.tenant_id", "=", tenantId)
    // Spelled as the partial index's condition, so that both databases use it.
    .where("t.last_inbound_id", "is not", null);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple("t.last_inbound_at", "t.last_inbound_id"), "<", eb.tuple(after.at, after.messageId)),
    );
  }
  return query
    .orderBy("t.last_inbound_at", "desc")
    .orderBy("t.last_inbound_id", "desc")
    .limit(sql.lit(limit + 1));
}

const RECEIVED_CURSOR_LIST = "received-messages";

const receivedQueries = {
  first: prepareQueryByLimit(["tenantId"], (db, p, limit) => receivedSummaries(db, p.tenantId, null, limit)),
  after: prepareQueryByLimit(["tenantId", "at", "messageId"], (db, p, limit) =>
    receivedSummaries(db, p.tenantId, { at: p.at, messageId: p.messageId }, limit),
  ),
};

/**
 * One page of the conversations in which the management wrote, newest message of the management
 * first; each summary describes that message (the dashboard's "Neueste Nachrichten": what the
 * tenant received, not what they wrote themselves).
 */
export async function listReceived(db: Db, tenantId: string, page: PageRequest): Promise<Page<MessageSummary>> {
  let rows: Awaited<ReturnType<ReturnType<typeof receivedQueries.first>["execute"]>>;
  if (page.cursor) {
    const [at, messageId] = decodeCursor(RECEIVED_CURSOR_LIST, page.cursor, 2) as [string, string];
    rows = await receivedQueries.after(page.limit).execute(db, { tenantId, at, messageId });
  } else {
    rows = await receivedQueries.first(page.limit).execute(db, { tenantId });
  }
  const { rows: pageRows, nextCursor } = splitPage(rows, page.limit, RECEIVED_CURSOR_LIST, (row) => [
    row.received_at,
    row.message_id,
  ]);
  const items = pageRows.map((row) => {
    const unreadCount = Number(row.unread_count ?? 0);
    return {
      id: row.id,
      subject: row.subject,
      sender_name: row.sender_name,
      content: row.content,
      received_at: row.received_at,
      unread: unreadCount > 0,
      unread_count: unreadCount,
      message_count: Number(row.message_count ?? 0),
    };
  });
  return { items, nextCursor };
}

/** One of the tenant's conversations with its messages oldest first, or undefined. */
export async function findThread(db: Db, tenantId: string, threadId: string): Promise<MessageThread | undefined> {
  const thread = await db
    .selectFrom("message_threads")
    .select(["id", "subject", "created_at"])
    .where("id", "=", threadId)
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  if (!thread) return undefined;
  const messages = await db
    .selectFrom("messages")
    .select(["id", "direction", "sender_name", "content", "received_at", "read_at"])
    .where("thread_id", "=", threadId)
    .where("tenant_id", "=", tenantId)
    .orderBy("received_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return { ...thread, messages: messages.map(toThreadMessage) };
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
    await trx.insertInto("messages").values(message).execute();
    await refreshThreadSummaries(trx, [threadId]);
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
    await trx.insertInto("messages").values(message).execute();
    await refreshThreadSummaries(trx, [threadId]);
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
    await trx
      .updateTable("messages")
      .set({ read_at: nowIso() })
      .where("thread_id", "=", threadId)
      .where("tenant_id", "=", tenantId)
      .where("direction", "=", "inbound")
      .where("read_at", "is", null)
      .execute();
    await refreshThreadSummaries(trx, [threadId]);
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
