import type { Kysely } from "kysely";

/**
 * Issue 25 §15, §16:
 * - internal_notes: staff-only notes on a conversation, an appointment or a tenant (entity_type
 *   thread | appointment | tenant, entity_id its id), like the repairs' repair_internal_notes; never
 *   on a tenant endpoint or in a tenant's mail (repositories/internal-notes.ts writes it).
 * - repairs.thread_id: the conversation a repair was made from ("aus dieser Nachricht eine
 *   Reparatur machen"); null for repairs reported in the app or created by staff otherwise.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("internal_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("staff_id", "text")
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("internal_notes_entity_idx")
    .on("internal_notes")
    .columns(["entity_type", "entity_id", "created_at"])
    .execute();
  await db.schema.alterTable("repairs").addColumn("thread_id", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("repairs").dropColumn("thread_id").execute();
  await db.schema.dropTable("internal_notes").execute();
}
