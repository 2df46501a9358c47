import type { MessageSummary, MessageThread, ThreadMessage } from "@mieter-portal/contracts";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { prepareQueryByLimit } from "../../db/prepared.js";
import type { MessageRow } from "../../db/types.js";
import { decodeCursor, type Page, type PageRequest, splitPage } from "../../lib/pagination.js";

/**
 * What the tenant reads of their conversations: the thread list, received messages and one thread
 * (issue 5). Split from messages.ts (decision 037).
 */

export function toThreadMessage(
  row: Pick<MessageRow, "id" | "direction" | "sender_name" | "content" | "received_at" | "read_at">,
): ThreadMessage {
  return {
    id: row.id,
    direction: row.direction,
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
