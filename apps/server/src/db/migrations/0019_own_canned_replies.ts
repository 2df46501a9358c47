import type { Kysely } from "kysely";

/**
 * Issue 25 §10: Verwalter keep their own Textbausteine beside the Administrators' shared ones.
 * - canned_replies.owner_staff_id: the staff member whose own Textbaustein it is (only they see,
 *   change and remove it); null for a shared one, which only Administrators change.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("canned_replies").addColumn("owner_staff_id", "text").execute();
  await db.schema.createIndex("canned_replies_owner_idx").on("canned_replies").column("owner_staff_id").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("canned_replies_owner_idx").execute();
  await db.schema.alterTable("canned_replies").dropColumn("owner_staff_id").execute();
}
