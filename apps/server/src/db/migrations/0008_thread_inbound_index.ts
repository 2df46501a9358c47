import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Issue 13: the management's newest message of a conversation (the dashboard's "Neueste
 * Nachrichten", GET messages?filter=received) is found by a probe per row. On PostgreSQL this
 * partial index makes that probe read exactly that message whatever the planner knows about the
 * table: before, on a database not yet analysed, it read the whole partial index
 * messages_received_idx for every row (test/query-plans-postgres.test.ts).
 *
 * PostgreSQL only: SQLite finds the message through messages_thread_idx without help, and with
 * this index it counted unread messages through it instead of the smaller messages_unread_idx.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createIndex("messages_thread_inbound_idx")
    .ifNotExists()
    .on("messages")
    .columns(["thread_id", "received_at", "id"])
    .where(sql.ref("direction"), "=", sql.lit("inbound"))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("messages_thread_inbound_idx").ifExists().execute();
}
