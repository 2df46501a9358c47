import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Issue 25 item 16: staff record repairs of a building's common areas (the stairwell light, the
 * front door), which belong to no tenant. `repairs.tenant_id` and `inbox_items.tenant_id` may be
 * empty from now on; such a repair names its building in `repairs.building_id` (a tenant's repair
 * leaves it empty: its building is the tenant's, as before). Decision 034.
 *
 * PostgreSQL changes the columns in place. SQLite cannot drop a NOT NULL: the tables are rebuilt
 * from their own CREATE statement, changed (SQLite's documented procedure: foreign keys off, copy,
 * drop, rename, indexes back, foreign_key_check). SQLite migrations do not run inside a transaction
 * (Kysely's SQLite adapter has no transactional DDL), so the pragma takes effect; each rebuild runs
 * in one.
 */
const BUILDING_COLUMN = `"building_id" text references "buildings" ("id")`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table repairs alter column tenant_id drop not null`.execute(db);
    await sql`alter table inbox_items alter column tenant_id drop not null`.execute(db);
    await db.schema
      .alterTable("repairs")
      .addColumn("building_id", "text", (c) => c.references("buildings.id"))
      .execute();
  } else {
    await rebuildSqlite(db, "repairs", (create) => addColumn(notNull(create, "tenant_id", false), BUILDING_COLUMN));
    await rebuildSqlite(db, "inbox_items", (create) => notNull(create, "tenant_id", false));
  }
  await db.schema.createIndex("repairs_building_idx").on("repairs").columns(["building_id", "reported_at"]).execute();
}

/** Back to tenant repairs only: the common-area repairs (and their inbox rows, history, notes) are removed. */
export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom("inbox_items").where("tenant_id", "is", null).execute();
  const common = db.selectFrom("repairs").select("id").where("tenant_id", "is", null);
  for (const table of ["repair_status_history", "repair_internal_notes"]) {
    await db.deleteFrom(table).where("repair_id", "in", common).execute();
  }
  await db.deleteFrom("repairs").where("tenant_id", "is", null).execute();
  await db.schema.dropIndex("repairs_building_idx").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable("repairs").dropColumn("building_id").execute();
    await sql`alter table repairs alter column tenant_id set not null`.execute(db);
    await sql`alter table inbox_items alter column tenant_id set not null`.execute(db);
  } else {
    await rebuildSqlite(db, "repairs", (create) => notNull(dropColumn(create, BUILDING_COLUMN), "tenant_id", true));
    await rebuildSqlite(db, "inbox_items", (create) => notNull(create, "tenant_id", true));
  }
}

/** The column's definition with or without NOT NULL; throws when it is not in the expected state. */
function notNull(create: string, column: string, wanted: boolean): string {
  const withConstraint = new RegExp(`("${column}"\\s+text)\\s+not null`, "i");
  if (withConstraint.test(create) === wanted)
    throw new Error(`Spalte ${column} ist bereits ${wanted ? "NOT NULL" : "ohne NOT NULL"}`);
  return wanted
    ? create.replace(new RegExp(`("${column}"\\s+text)`, "i"), "$1 not null")
    : create.replace(withConstraint, "$1");
}

const addColumn = (create: string, definition: string) => create.replace(/\)\s*$/, `, ${definition})`);
function dropColumn(create: string, definition: string): string {
  const at = create.indexOf(`, ${definition}`);
  if (at < 0) throw new Error(`Spalte nicht gefunden: ${definition}`);
  return create.slice(0, at) + create.slice(at + definition.length + 2);
}

/** SQLite: the table again from its own CREATE statement, changed; rows, indexes and references kept. */
async function rebuildSqlite(db: AnyDb, table: string, change: (create: string) => string): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ type: string; sql: string | null }>`
        select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(trx);
      const create = rows.find((r) => r.type === "table")?.sql;
      if (!create) throw new Error(`Tabelle ${table} nicht gefunden`);
      const changed = change(create).replace(
        new RegExp(`^create table\\s+"?${table}"?`, "i"),
        `create table "${table}__new"`,
      );
      await sql.raw(changed).execute(trx);
      // The columns both versions have, by name.
      const columnsOf = async (name: string) =>
        (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(trx)).rows.map((c) => c.name);
      const kept = new Set(await columnsOf(`${table}__new`));
      const columns = (await columnsOf(table))
        .filter((c) => kept.has(c))
        .map((c) => `"${c}"`)
        .join(", ");
      await sql.raw(`insert into "${table}__new" (${columns}) select ${columns} from "${table}"`).execute(trx);
      await sql.raw(`drop table "${table}"`).execute(trx);
      await sql.raw(`alter table "${table}__new" rename to "${table}"`).execute(trx);
      for (const other of rows.filter((r) => r.type !== "table")) await sql.raw(other.sql!).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`Fremdschlüssel verletzt: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
