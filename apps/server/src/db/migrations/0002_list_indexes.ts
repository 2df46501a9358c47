import { type Kysely, sql } from "kysely";

/**
 * Indexes that answer the per-request lists in their own order, tie-breaker included, so the
 * database reads the rows in order instead of sorting them (measured in docs/benchmarks.md;
 * test/query-plans.test.ts keeps it so). Two partial indexes find a conversation's unread
 * management messages and a tenant's unpaid payments without reading the other rows.
 * SQLite runs DDL outside a transaction: every step may be repeated after a start that died midway.
 */
const REPLACED = [
  { name: "tenancies_tenant_idx", table: "tenancies", old: ["tenant_id"], extra: ["start_date", "created_at", "id"] },
  {
    name: "message_threads_tenant_last_idx",
    table: "message_threads",
    old: ["tenant_id", "last_message_at"],
    extra: ["id"],
  },
  { name: "messages_thread_idx", table: "messages", old: ["thread_id", "received_at"], extra: ["id"] },
  { name: "appointments_tenant_start_idx", table: "appointments", old: ["tenant_id", "start_time"], extra: ["id"] },
  { name: "documents_tenant_idx", table: "documents", old: ["tenant_id", "uploaded_at"], extra: ["id"] },
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
  await db.schema
    .createIndex("messages_unread_idx")
    .ifNotExists()
    .on("messages")
    .column("thread_id")
    .where(sql.ref("direction"), "=", sql.lit("inbound"))
    .where(sql.ref("read_at"), "is", null)
    .execute();
  // The tenant's unpaid payments in due order (payments/current): the statuses as the query writes them.
  await db.schema
    .createIndex("payments_unpaid_idx")
    .ifNotExists()
    .on("payments")
    .columns(["tenant_id", "due_date", "created_at"])
    .where(sql<boolean>`status in ('pending', 'overdue')`)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("payments_unpaid_idx").ifExists().execute();
  await db.schema.dropIndex("messages_unread_idx").ifExists().execute();
  for (const index of REPLACED) {
    await db.schema.dropIndex(index.name).ifExists().execute();
    await db.schema
      .createIndex(index.name)
      .on(index.table)
      .columns([...index.old])
      .execute();
  }
}
