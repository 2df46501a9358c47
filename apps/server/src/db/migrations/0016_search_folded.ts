import type { Kysely } from "kysely";
import { tenancySearchText, tenantSearchText } from "../../lib/search-text.js";

/**
 * Issue 24 item 14: the console's searches compare stored folded texts (lib/search-text.ts,
 * decision 030) instead of calling lower() on every row, which SQLite runs in JavaScript:
 * tenants.search_text (first name, last name, e-mail) and tenancies.search_text (address, unit),
 * written by every writer of those columns and filled here for the rows that exist.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tenants")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("tenancies")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const tenants = await db.selectFrom("tenants").select(["id", "first_name", "last_name", "email"]).execute();
  for (const t of tenants) {
    await db
      .updateTable("tenants")
      .set({ search_text: tenantSearchText({ firstName: t.first_name, lastName: t.last_name, email: t.email }) })
      .where("id", "=", t.id)
      .execute();
  }
  const tenancies = await db.selectFrom("tenancies").select(["id", "address", "apartment_number"]).execute();
  for (const t of tenancies) {
    await db
      .updateTable("tenancies")
      .set({ search_text: tenancySearchText({ address: t.address, unit: t.apartment_number }) })
      .where("id", "=", t.id)
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tenancies").dropColumn("search_text").execute();
  await db.schema.alterTable("tenants").dropColumn("search_text").execute();
}
