import type { Kysely } from "kysely";

/**
 * Issue 27 §3 and §4 (decision 048): what tenants say about the house's services, and the visits
 * that were missed.
 * - service_reports: a tenant's "Leistung fehlt" (which service, which day, text); it opens a
 *   conversation with the management (thread_id), so the answer reaches the tenant like every answer.
 * - service_report_photos: up to three photos of a report (file store keys).
 * - service_ratings: 1–5 stars and an optional comment per tenant and visit (unique); a second
 *   rating of the same visit changes the first.
 * - service_missed_visits: a visit whose window passed without a finished record, noticed once
 *   (the visit is the key, so two processes notice it once); closed when handled.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("service_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("building_id", "text", (c) => c.notNull())
    .addColumn("service_kind_id", "text", (c) => c.notNull())
    .addColumn("plan_id", "text")
    .addColumn("occurred_on", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("thread_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("service_reports_tenant_idx")
    .on("service_reports")
    .columns(["tenant_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("service_reports_building_idx")
    .on("service_reports")
    .columns(["building_id", "occurred_on"])
    .execute();
  await db.schema
    .createTable("service_report_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("report_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("service_report_photos_slot_key", ["report_id", "position"])
    .execute();
  await db.schema
    .createTable("service_ratings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("visit_id", "text", (c) => c.notNull())
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("building_id", "text", (c) => c.notNull())
    .addColumn("service_kind_id", "text", (c) => c.notNull())
    .addColumn("team", "text")
    .addColumn("planned_on", "text", (c) => c.notNull())
    .addColumn("stars", "integer", (c) => c.notNull())
    .addColumn("comment", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("service_ratings_visit_tenant_key", ["visit_id", "tenant_id"])
    .execute();
  await db.schema
    .createIndex("service_ratings_building_idx")
    .on("service_ratings")
    .columns(["building_id", "planned_on"])
    .execute();
  await db.schema
    .createTable("service_missed_visits")
    .addColumn("visit_id", "text", (c) => c.primaryKey())
    .addColumn("building_id", "text", (c) => c.notNull())
    .addColumn("noticed_at", "text", (c) => c.notNull())
    .addColumn("closed_at", "text")
    .addColumn("closed_by", "text")
    .addColumn("close_note", "text")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("service_missed_visits").execute();
  await db.schema.dropTable("service_ratings").execute();
  await db.schema.dropTable("service_report_photos").execute();
  await db.schema.dropTable("service_reports").execute();
}
