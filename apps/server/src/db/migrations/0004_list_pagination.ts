import type { Kysely } from "kysely";

/**
 * Issue 10 (list pagination, docs/decisions/007-list-pagination.md): every tenant list is read page
 * by page in its order, so the two list indexes that lacked their tie-breakers get them, like the
 * others in 0002: meter readings by reading date, submission and id, repairs by report time and id.
 * SQLite runs DDL outside a transaction: every step may be repeated after a start that died midway.
 */
const REPLACED = [
  {
    name: "meter_readings_tenant_idx",
    table: "meter_readings",
    old: ["tenant_id", "reading_date"],
    extra: ["submitted_at", "id"],
  },
  { name: "repairs_tenant_idx", table: "repairs", old: ["tenant_id", "reported_at"], extra: ["id"] },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  for (const index of REPLACED) {
    await db.schema.dropIndex(index.name).ifExists().execute();
    await db.schema
      .createIndex(index.name)
      .ifNotExists()
      .on(index.table)
      .columns([...index.old, ...index.extra])
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of REPLACED) {
    await db.schema.dropIndex(index.name).ifExists().execute();
    await db.schema
      .createIndex(index.name)
      .on(index.table)
      .columns([...index.old])
      .execute();
  }
}
