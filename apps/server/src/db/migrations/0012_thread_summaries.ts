import { type Kysely, sql } from "kysely";

/**
 * Issue 13: what the tenant's message lists show of each conversation is kept on the thread: the
 * number of messages, the number the tenant has not read yet, and the management's newest message
 * (its time and id). The dashboard's "Neueste Nachrichten" (GET messages?filter=received) then reads
 * the tenant's threads in the order of that message on one partial index instead of probing four
 * indexes per row (on PostgreSQL a third of the throughput of the other dashboard reads). Written
 * where messages are (repositories/messages.ts: refreshThreadSummaries); filled here for the
 * threads that exist.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  // No REFERENCES on columns added to an existing table: SQLite could not drop them in down().
  await db.schema
    .alterTable("message_threads")
    .addColumn("message_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("message_threads")
    .addColumn("unread_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("message_threads").addColumn("last_inbound_at", "text").execute();
  await db.schema.alterTable("message_threads").addColumn("last_inbound_id", "text").execute();
  const newestInbound = (column: string) =>
    sql`(select m.${sql.ref(column)} from messages m where m.thread_id = message_threads.id and m.direction = 'inbound' order by m.received_at desc, m.id desc limit 1)`;
  await sql`update message_threads set
    message_count = (select count(*) from messages m where m.thread_id = message_threads.id),
    unread_count = (select count(*) from messages m where m.thread_id = message_threads.id and m.direction = 'inbound' and m.read_at is null),
    last_inbound_at = ${newestInbound("received_at")},
    last_inbound_id = ${newestInbound("id")}`.execute(db);
  await db.schema
    .createIndex("message_threads_received_idx")
    .ifNotExists()
    .on("message_threads")
    .columns(["tenant_id", "last_inbound_at", "last_inbound_id"])
    .where(sql.ref("last_inbound_id"), "is not", null)
    .execute();
  // The received list's former index (0006): nothing reads messages that way any more.
  await db.schema.dropIndex("messages_received_idx").ifExists().execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("messages_received_idx")
    .ifNotExists()
    .on("messages")
    .columns(["tenant_id", "received_at", "id"])
    .where(sql.ref("direction"), "=", sql.lit("inbound"))
    .execute();
  await db.schema.dropIndex("message_threads_received_idx").ifExists().execute();
  for (const column of ["last_inbound_id", "last_inbound_at", "unread_count", "message_count"]) {
    await db.schema.alterTable("message_threads").dropColumn(column).execute();
  }
}
