import { type Kysely, sql } from "kysely";

/**
 * Issue 24: a statement line is booked exactly once (docs/decisions/027-statement-lines-booked-once.md).
 * - `bank_transactions` keeps what recognises a booking in another export layout of the same account:
 *   the value day, the statement's own account, the payer's end-to-end reference and the bank's
 *   reference as the bank gave it (bank_ref stays the per-layout key). A line matched to a tenancy
 *   in a building the importing person does not look after waits with `suggested_tenancy_id`; a
 *   waiting line split into parts keeps `split_count`, each part names it in `parent_id`.
 * - `bank_imports` counts every status of the preview.
 * - `bank_csv_layouts`: a CSV layout the manager mapped once, by its header's signature.
 * SQLite runs DDL outside a transaction: steps use IF NOT EXISTS where they can.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  // No REFERENCES on columns added to an existing table: SQLite could not drop them in down().
  for (const column of [
    "value_on",
    "account_iban",
    "end_to_end_id",
    "bank_reference",
    "suggested_tenancy_id",
    "parent_id",
  ]) {
    await db.schema.alterTable("bank_transactions").addColumn(column, "text").execute();
  }
  await db.schema.alterTable("bank_transactions").addColumn("split_count", "integer").execute();
  for (const column of ["possible_duplicate_count", "pending_count", "refused_count", "other_building_count"]) {
    await db.schema
      .alterTable("bank_imports")
      .addColumn(column, "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // The same booking in another layout: looked up by amount and day, by end-to-end id, by bank reference.
  await db.schema
    .createIndex("bank_transactions_amount_day_idx")
    .ifNotExists()
    .on("bank_transactions")
    .columns(["amount_cents", "booked_on"])
    .execute();
  await db.schema
    .createIndex("bank_transactions_e2e_idx")
    .ifNotExists()
    .on("bank_transactions")
    .column("end_to_end_id")
    .where(sql.ref("end_to_end_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("bank_transactions_bank_reference_idx")
    .ifNotExists()
    .on("bank_transactions")
    .column("bank_reference")
    .where(sql.ref("bank_reference"), "is not", null)
    .execute();
  await db.schema
    .createTable("bank_csv_layouts")
    .ifNotExists()
    .addColumn("signature", "text", (c) => c.primaryKey())
    .addColumn("mapping", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("staff_users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bank_csv_layouts").ifExists().execute();
  await db.schema.dropIndex("bank_transactions_bank_reference_idx").ifExists().execute();
  await db.schema.dropIndex("bank_transactions_e2e_idx").ifExists().execute();
  await db.schema.dropIndex("bank_transactions_amount_day_idx").ifExists().execute();
  for (const column of ["possible_duplicate_count", "pending_count", "refused_count", "other_building_count"]) {
    await db.schema.alterTable("bank_imports").dropColumn(column).execute();
  }
  for (const column of [
    "split_count",
    "parent_id",
    "suggested_tenancy_id",
    "bank_reference",
    "end_to_end_id",
    "account_iban",
    "value_on",
  ]) {
    await db.schema.alterTable("bank_transactions").dropColumn(column).execute();
  }
}
