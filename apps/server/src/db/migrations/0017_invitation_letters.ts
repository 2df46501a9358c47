import type { Kysely } from "kysely";

/**
 * Issue 24 item 6 (docs/decisions/029-invitation-letters.md): a printed invitation carries a short
 * registration code the tenant can type instead of the link. Only its HMAC (keyed with the
 * server's secret) is stored; letters' rows have one, mails' rows none. Looked up by the code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tenant_invitations").addColumn("code_hash", "text").execute();
  await db.schema
    .createIndex("tenant_invitations_code_idx")
    .ifNotExists()
    .on("tenant_invitations")
    .column("code_hash")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tenant_invitations_code_idx").ifExists().execute();
  await db.schema.alterTable("tenant_invitations").dropColumn("code_hash").execute();
}
