import type { Kysely } from "kysely";

/**
 * Issue 10 (hardening):
 * - `tenants.session_version` counts password changes and resets. Every token carries the version
 *   it was issued under; a change raises it, so every older token stops working whatever the
 *   timing (the change time alone has a precision of one second, tokens' iat too).
 * - Idempotency keys are now claimed in the same transaction as their change, so no row is ever
 *   left "in progress"; rows left by the earlier two-step scheme are removed (the client's retry
 *   then performs the change, as it would have after the old 60 s take-over).
 * - Write quotas count a tenant's recent writes per table: indexes on (tenant, creation time)
 *   answer those counts without reading the tenant's older rows.
 */
const QUOTA_INDEXES = [
  { name: "messages_tenant_received_idx", table: "messages", columns: ["tenant_id", "received_at"] },
  { name: "message_threads_tenant_created_idx", table: "message_threads", columns: ["tenant_id", "created_at"] },
  { name: "meter_readings_tenant_submitted_idx", table: "meter_readings", columns: ["tenant_id", "submitted_at"] },
  { name: "appointments_tenant_created_idx", table: "appointments", columns: ["tenant_id", "created_at"] },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tenants")
    .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.deleteFrom("idempotency_keys").where("state", "=", "in_progress").execute();
  for (const index of QUOTA_INDEXES) {
    await db.schema
      .createIndex(index.name)
      .ifNotExists()
      .on(index.table)
      .columns([...index.columns])
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of QUOTA_INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  await db.schema.alterTable("tenants").dropColumn("session_version").execute();
}
