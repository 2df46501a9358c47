import { type Kysely, sql } from "kysely";

/**
 * Issue 28: a mandate carried over with the tenant import keeps the last collection the previous
 * system made, so cancelling the portal's first run of it does not make it FRST and "verfallen".
 * - sepa_mandates.imported_last_collection_on: that date (null: not imported or never collected).
 *   Mandates with a date and no run item yet take it over.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sepa_mandates").addColumn("imported_last_collection_on", "text").execute();
  await sql`update sepa_mandates set imported_last_collection_on = last_collection_on
    where last_collection_on is not null
      and not exists (select 1 from sepa_run_items i where i.mandate_id = sepa_mandates.id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sepa_mandates").dropColumn("imported_last_collection_on").execute();
}
