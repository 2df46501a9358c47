import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one instead.
// Types are the portable subset: text, integer, bigint (SQLite and PostgreSQL alike).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tenants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("email_normalized", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("password_changed_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("tenancies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("apartment_number", "text")
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text")
    .addColumn("base_rent_cents", "integer", (c) => c.notNull())
    .addColumn("utilities_cents", "integer", (c) => c.notNull())
    .addColumn("payment_method", "text", (c) => c.notNull())
    .addColumn("due_day", "integer", (c) => c.notNull())
    .addColumn("iban_last4", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tenancies_tenant_idx").on("tenancies").column("tenant_id").execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("tenancy_id", "text", (c) => c.notNull().references("tenancies.id").onDelete("cascade"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("due_date", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_tenant_due_idx").on("payments").columns(["tenant_id", "due_date"]).execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("due_date", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoices_tenant_idx").on("invoices").column("tenant_id").execute();

  await db.schema
    .createTable("message_threads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_message_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("message_threads_tenant_last_idx")
    .on("message_threads")
    .columns(["tenant_id", "last_message_at"])
    .execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("thread_id", "text", (c) => c.notNull().references("message_threads.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("direction", "text", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) => c.notNull())
    .addColumn("staff_user_id", "text", (c) => c.references("staff_users.id").onDelete("set null"))
    .addColumn("sender_name", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .execute();
  await db.schema.createIndex("messages_thread_idx").on("messages").columns(["thread_id", "received_at"]).execute();
  await db.schema.createIndex("messages_tenant_idx").on("messages").columns(["tenant_id", "read_at"]).execute();

  await db.schema
    .createTable("appointments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("end_time", "text", (c) => c.notNull())
    .addColumn("requested_date", "text")
    .addColumn("time_slot", "text")
    .addColumn("notes", "text")
    .addColumn("location", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("appointments_tenant_start_idx")
    .on("appointments")
    .columns(["tenant_id", "start_time"])
    .execute();

  await db.schema
    .createTable("appointment_status_changes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("appointment_id", "text", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("changed_at", "text", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) => c.notNull())
    .addColumn("actor_name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("appointment_status_changes_appt_idx")
    .on("appointment_status_changes")
    .column("appointment_id")
    .execute();

  await db.schema
    .createTable("documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("original_filename", "text", (c) => c.notNull())
    .addColumn("uploaded_at", "text", (c) => c.notNull())
    .addColumn("is_tenant_uploaded", "integer", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("documents_tenant_idx").on("documents").columns(["tenant_id", "uploaded_at"]).execute();

  await db.schema
    .createTable("meter_readings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("reading_date", "text", (c) => c.notNull())
    .addColumn("submitted_at", "text", (c) => c.notNull())
    .addColumn("water_milli", "bigint")
    .addColumn("electricity_milli", "bigint")
    .addColumn("heating_milli", "bigint")
    .execute();
  await db.schema
    .createIndex("meter_readings_tenant_idx")
    .on("meter_readings")
    .columns(["tenant_id", "reading_date"])
    .execute();

  await db.schema
    .createTable("photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("owner_type", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("meter", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("photos_owner_idx").on("photos").columns(["owner_type", "owner_id"]).execute();

  await db.schema
    .createTable("repairs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("urgency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reported_at", "text", (c) => c.notNull())
    .addColumn("planned_date", "text")
    .addColumn("completed_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("repairs_tenant_idx").on("repairs").columns(["tenant_id", "reported_at"]).execute();

  await db.schema
    .createTable("repair_status_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("repair_id", "text", (c) => c.notNull().references("repairs.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("changed_at", "text", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) => c.notNull())
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .execute();
  await db.schema
    .createIndex("repair_status_history_repair_idx")
    .on("repair_status_history")
    .column("repair_id")
    .execute();

  await db.schema
    .createTable("revoked_tokens")
    .addColumn("jti", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("response_type", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("completed_at", "text")
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["tenant_id", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_created_idx").on("idempotency_keys").column("created_at").execute();

  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("login_attempts_subject_idx")
    .on("login_attempts")
    .columns(["scope", "subject", "attempted_at"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "login_attempts",
    "idempotency_keys",
    "password_reset_tokens",
    "revoked_tokens",
    "repair_status_history",
    "repairs",
    "photos",
    "meter_readings",
    "documents",
    "appointment_status_changes",
    "appointments",
    "messages",
    "message_threads",
    "invoices",
    "payments",
    "tenancies",
    "staff_users",
    "tenants",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
