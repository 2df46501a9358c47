import { type Kysely, sql } from "kysely";

/**
 * Issue 14 §3 and §4 (docs/decisions/014-notices-and-documents-to-many.md):
 * - `notices` (Aushänge) for one building or, with building_id null, for all; `notice_affected`
 *   holds one row per tenant who answered "Betrifft mich auch".
 * - `document_publications`: one file the management published to a tenant, a building or all
 *   tenants; every recipient gets a `documents` row (`documents.publication_id`) that shares the
 *   publication's stored file.
 * - The document digest: at most one pending row per tenant and morning in the outbox, which a
 *   unique partial index lets the repository merge into (INSERT … ON CONFLICT DO UPDATE).
 * SQLite runs DDL outside a transaction: steps use IF NOT EXISTS where they can.
 */

/** The outbox kind of the daily document digest (lib/notify.ts DOCUMENT_DIGEST_KIND). */
const DOCUMENT_DIGEST_KIND = "document_digest";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notices")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    // null: a notice to every building.
    .addColumn("building_id", "text", (c) => c.references("buildings.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("emergency_type", "text")
    .addColumn("valid_from", "text", (c) => c.notNull())
    .addColumn("valid_until", "text")
    .addColumn("created_by", "text", (c) => c.references("staff_users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("mailed_at", "text")
    .execute();
  // A building's notices newest first (the tenant's list, the console's building filter)…
  await db.schema
    .createIndex("notices_building_idx")
    .ifNotExists()
    .on("notices")
    .columns(["building_id", "valid_from", "id"])
    .execute();
  // …and all of them newest first (an Administrator's list).
  await db.schema.createIndex("notices_valid_idx").ifNotExists().on("notices").columns(["valid_from", "id"]).execute();

  await db.schema
    .createTable("notice_affected")
    .ifNotExists()
    .addColumn("notice_id", "text", (c) => c.notNull().references("notices.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // The tenant's building when they answered: the console counts per building scope.
    .addColumn("building_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("notice_affected_pk", ["notice_id", "tenant_id"])
    .execute();

  await db.schema
    .createTable("document_publications")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    // tenant | building | all
    .addColumn("audience", "text", (c) => c.notNull())
    .addColumn("building_id", "text", (c) => c.references("buildings.id"))
    .addColumn("tenant_id", "text", (c) => c.references("tenants.id"))
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("original_filename", "text", (c) => c.notNull())
    .addColumn("recipient_count", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("staff_users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("document_publications_created_idx")
    .ifNotExists()
    .on("document_publications")
    .columns(["created_at", "id"])
    .execute();

  // No REFERENCES on a column added to an existing table: SQLite could not drop it in down().
  await db.schema.alterTable("documents").addColumn("publication_id", "text").execute();

  // One pending digest per tenant and morning: publishing merges its line into that row.
  await db.schema
    .createIndex("notification_outbox_digest_idx")
    .ifNotExists()
    .unique()
    .on("notification_outbox")
    .columns(["recipient_id", "kind", "send_after"])
    .where(sql.ref("kind"), "=", sql.lit(DOCUMENT_DIGEST_KIND))
    .where(sql.ref("sent_at"), "is", null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("notification_outbox_digest_idx").ifExists().execute();
  await db.schema.alterTable("documents").dropColumn("publication_id").execute();
  await db.schema.dropIndex("document_publications_created_idx").ifExists().execute();
  await db.schema.dropTable("document_publications").ifExists().execute();
  await db.schema.dropTable("notice_affected").ifExists().execute();
  await db.schema.dropIndex("notices_valid_idx").ifExists().execute();
  await db.schema.dropIndex("notices_building_idx").ifExists().execute();
  await db.schema.dropTable("notices").ifExists().execute();
}
