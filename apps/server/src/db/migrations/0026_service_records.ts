import type { Kysely } from "kysely";

/**
 * Issue 27 §2 (decision 042): the crew's records of an Einsatz.
 * - buildings.latitude/longitude/site_tolerance_m: where the house is, to check one position fix on
 *   Beginn against it. The crew's own coordinates are never stored, only the result.
 * - service_records: one per Einsatz (id made on the device), append-only: finished once, then never
 *   changed; a correction is a new finished record with corrects_record_id. content_hash is the
 *   SHA-256 over the record's data and its photos' hashes.
 * - service_record_photos: before/after photos (file store keys) with their SHA-256.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("buildings").addColumn("latitude", "real").execute();
  await db.schema.alterTable("buildings").addColumn("longitude", "real").execute();
  await db.schema.alterTable("buildings").addColumn("site_tolerance_m", "integer").execute();
  await db.schema
    .createTable("service_records")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("visit_id", "text")
    .addColumn("building_id", "text", (c) => c.notNull())
    .addColumn("service_kind_id", "text", (c) => c.notNull())
    .addColumn("staff_id", "text", (c) => c.notNull())
    .addColumn("crew_first_name", "text", (c) => c.notNull())
    .addColumn("team", "text")
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("started_at_server", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("finished_at_server", "text")
    .addColumn("on_site", "integer")
    .addColumn("distance_m", "integer")
    .addColumn("accuracy_m", "integer")
    .addColumn("checklist", "text", (c) => c.notNull())
    .addColumn("materials", "text", (c) => c.notNull())
    .addColumn("conditions", "text")
    .addColumn("remark", "text", (c) => c.notNull())
    .addColumn("corrects_record_id", "text")
    .addColumn("correction_reason", "text")
    .addColumn("content_hash", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("service_records_building_idx")
    .on("service_records")
    .columns(["building_id", "started_at"])
    .execute();
  await db.schema.createIndex("service_records_visit_idx").on("service_records").columns(["visit_id"]).execute();
  await db.schema
    .createTable("service_record_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("record_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("service_record_photos_slot_key", ["record_id", "kind", "position"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("service_record_photos").execute();
  await db.schema.dropTable("service_records").execute();
  await db.schema.alterTable("buildings").dropColumn("site_tolerance_m").execute();
  await db.schema.alterTable("buildings").dropColumn("longitude").execute();
  await db.schema.alterTable("buildings").dropColumn("latitude").execute();
}
