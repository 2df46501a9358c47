import { type Kysely, sql } from "kysely";

/**
 * Issue 12 §1: the dashboard shows the newest messages the tenant received (the management's), not
 * the conversations with the newest activity. A partial index of the management's messages per
 * tenant in time order (id as tie-breaker) answers that list page by page without a sort
 * (test/query-plans.test.ts). SQLite runs DDL outside a transaction: every step may be repeated.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("messages_received_idx")
    .ifNotExists()
    .on("messages")
    .columns(["tenant_id", "received_at", "id"])
    .where(sql.ref("direction"), "=", sql.lit("inbound"))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("messages_received_idx").ifExists().execute();
}
