import type { Kysely } from "kysely";

/**
 * Issue 27 §1 (decision 041): house, garden and winter services.
 * - service_kinds: the catalogue (German defaults seeded at start, services the manager adds); each
 *   with its Betriebskosten category (nr8 | nr9 | nr10 | nr14 | none) and default checklist (JSON).
 * - service_plans: what is done in a building, how often (recurrence JSON: contracts/services
 *   serviceRecurrence), in which season and window, with which checklist, whether tenants see it.
 *   Winterdienst plans keep a second window for Sundays and public holidays (rest_day_window_*).
 *   A plan is never edited in place: a change ends it (valid_until) and starts its successor.
 * - service_visits: the planned Einsätze generated from the plans ahead of time, one per plan and
 *   day (unique), so generating twice or in two processes makes each visit once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("service_kinds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("checklist", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("service_plans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("building_id", "text", (c) => c.notNull())
    .addColumn("service_kind_id", "text", (c) => c.notNull())
    .addColumn("recurrence", "text", (c) => c.notNull())
    .addColumn("season_from", "text")
    .addColumn("season_until", "text")
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("window_end", "text", (c) => c.notNull())
    .addColumn("rest_day_window_start", "text")
    .addColumn("rest_day_window_end", "text")
    .addColumn("checklist", "text", (c) => c.notNull())
    .addColumn("team", "text")
    .addColumn("responsible_staff_id", "text")
    .addColumn("tenant_visible", "integer", (c) => c.notNull())
    .addColumn("valid_from", "text", (c) => c.notNull())
    .addColumn("valid_until", "text")
    .addColumn("predecessor_id", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("service_plans_building_idx").on("service_plans").columns(["building_id"]).execute();
  await db.schema
    .createTable("service_visits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("plan_id", "text", (c) => c.notNull())
    .addColumn("building_id", "text", (c) => c.notNull())
    .addColumn("service_kind_id", "text", (c) => c.notNull())
    .addColumn("planned_on", "text", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("window_end", "text", (c) => c.notNull())
    .addColumn("moved_from", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("service_visits_plan_day_key", ["plan_id", "planned_on"])
    .execute();
  await db.schema
    .createIndex("service_visits_building_day_idx")
    .on("service_visits")
    .columns(["building_id", "planned_on"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("service_visits").execute();
  await db.schema.dropTable("service_plans").execute();
  await db.schema.dropTable("service_kinds").execute();
}
