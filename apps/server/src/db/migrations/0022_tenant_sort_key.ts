import type { Kysely } from "kysely";
import { tenantSortKey } from "../../lib/sort-key.js";

/**
 * Issue 25 item 19: the tenant list sorts in German order on both databases by a stored key
 * (lib/sort-key.ts), written by every writer of a tenant's name and filled here for the rows that
 * exist.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tenants")
    .addColumn("sort_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const tenants = await db.selectFrom("tenants").select(["id", "first_name", "last_name"]).execute();
  for (const t of tenants) {
    await db
      .updateTable("tenants")
      .set({ sort_key: tenantSortKey({ firstName: t.first_name, lastName: t.last_name }) })
      .where("id", "=", t.id)
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tenants").dropColumn("sort_key").execute();
}
