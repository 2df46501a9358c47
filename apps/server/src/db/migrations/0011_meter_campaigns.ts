import type { Kysely } from "kysely";

/**
 * Issue 14 §5 (docs/decisions/019-meter-reading-campaigns.md): meter reading campaigns.
 * - `meter_campaigns`: one per building and meter (or all meters) with a period of Berlin calendar
 *   dates; kind `period` (e.g. the turn of the year) or `on_demand` (e.g. a move-out, one tenant).
 * - `meter_campaign_tenants`: who was asked (fixed when the campaign starts), their unit then, and
 *   when the start mail and the reminder were decided — each at most once per tenant (the worker
 *   sets the column in the transaction that writes the mail).
 * SQLite runs DDL outside a transaction: steps use IF NOT EXISTS where they can.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("meter_campaigns")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("building_id", "text", (c) => c.notNull().references("buildings.id"))
    // water | electricity | heating | all
    .addColumn("meter", "text", (c) => c.notNull())
    // period | on_demand
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("starts_on", "text", (c) => c.notNull())
    .addColumn("ends_on", "text", (c) => c.notNull())
    .addColumn("participant_count", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("staff_users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // A building's campaigns newest first (the console), and the running ones (the worker).
  await db.schema
    .createIndex("meter_campaigns_building_idx")
    .ifNotExists()
    .on("meter_campaigns")
    .columns(["building_id", "starts_on", "id"])
    .execute();
  await db.schema
    .createIndex("meter_campaigns_starts_idx")
    .ifNotExists()
    .on("meter_campaigns")
    .columns(["starts_on", "id"])
    .execute();
  await db.schema
    .createIndex("meter_campaigns_ends_idx")
    .ifNotExists()
    .on("meter_campaigns")
    .column("ends_on")
    .execute();

  await db.schema
    .createTable("meter_campaign_tenants")
    .ifNotExists()
    .addColumn("campaign_id", "text", (c) => c.notNull().references("meter_campaigns.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // The apartment (or the address when it has no number) when the campaign started.
    .addColumn("unit", "text", (c) => c.notNull())
    .addColumn("start_mail_at", "text")
    .addColumn("reminder_at", "text")
    .addPrimaryKeyConstraint("meter_campaign_tenants_pk", ["campaign_id", "tenant_id"])
    .execute();
  // The tenant's campaigns (their dashboard card).
  await db.schema
    .createIndex("meter_campaign_tenants_tenant_idx")
    .ifNotExists()
    .on("meter_campaign_tenants")
    .columns(["tenant_id", "campaign_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("meter_campaign_tenants_tenant_idx").ifExists().execute();
  await db.schema.dropTable("meter_campaign_tenants").ifExists().execute();
  await db.schema.dropIndex("meter_campaigns_ends_idx").ifExists().execute();
  await db.schema.dropIndex("meter_campaigns_starts_idx").ifExists().execute();
  await db.schema.dropIndex("meter_campaigns_building_idx").ifExists().execute();
  await db.schema.dropTable("meter_campaigns").ifExists().execute();
}
