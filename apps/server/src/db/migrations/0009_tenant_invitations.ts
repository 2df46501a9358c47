import type { Kysely } from "kysely";

/**
 * Issue 14 §1 (docs/decisions/018-tenant-onboarding.md): tenants are invited instead of being
 * given a password.
 * - `tenant_invitations`: one row per invitation link (by e-mail or printed letter); only the
 *   SHA-256 of the token is stored, valid 72 hours; a new invitation revokes the older open ones.
 * - A tenant without a password keeps `password_hash = ''` and a tenant without a known e-mail
 *   address `email = ''` with `email_normalized = 'ohne-email:<id>'` (unique, never a real
 *   address): SQLite cannot drop NOT NULL without rebuilding `tenants`, whose rebuild would fire
 *   the ON DELETE CASCADE of every table that references it. Both empty values are checked in
 *   repositories/auth.ts and repositories/tenant-onboarding.ts, nowhere else.
 * SQLite runs DDL outside a transaction: steps use IF NOT EXISTS where they can.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tenant_invitations")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // email | letter
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("created_by", "text", (c) => c.references("staff_users.id"))
    .execute();
  // The tenant's latest invitation (status in the tenant list, revoking older ones).
  await db.schema
    .createIndex("tenant_invitations_tenant_idx")
    .ifNotExists()
    .on("tenant_invitations")
    .columns(["tenant_id", "created_at"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tenant_invitations_tenant_idx").ifExists().execute();
  await db.schema.dropTable("tenant_invitations").ifExists().execute();
}
