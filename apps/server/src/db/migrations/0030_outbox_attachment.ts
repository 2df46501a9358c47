import type { Kysely } from "kysely";

/**
 * Issue 28: a mail may carry one file (the payment reminder's GiroCode as PNG).
 * - notification_outbox.attachment: JSON {filename, content_type, base64} (null: none).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notification_outbox").addColumn("attachment", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notification_outbox").dropColumn("attachment").execute();
}
