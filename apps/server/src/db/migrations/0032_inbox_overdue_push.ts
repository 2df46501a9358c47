import type { Kysely } from "kysely";

/**
 * Issue 29: staff may get a push when an item of theirs becomes overdue.
 * - inbox_items.overdue_pushed_for: the due time the overdue push was sent for (null: none yet).
 *   An item whose due time moves (a new message, a new planned date) can become overdue again and
 *   is pushed again; the same due time never twice, however many processes run the job.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("inbox_items").addColumn("overdue_pushed_for", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("inbox_items").dropColumn("overdue_pushed_for").execute();
}
