import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";

/**
 * The staff console (issue 11): buildings, staff accounts with roles, building scope, second
 * factor and one-time links; the inbox as one row per open item; internal notes; canned replies;
 * the append-only audit log; the notification outbox; and the columns the answers need.
 * SQLite runs DDL outside a transaction: steps use IF NOT EXISTS where they can.
 */

const DAY = 86_400_000;
const REPAIR_WINDOW_MS: Record<string, number> = {
  emergency: DAY,
  high: 3 * DAY,
  medium: 14 * DAY,
  low: 28 * DAY,
};
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("buildings")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("tenancies")
    // No REFERENCES on added columns: SQLite could not drop them again in down(); the
    // repositories are the only writers and keep them consistent.
    .addColumn("building_id", "text")
    .execute();
  await db.schema
    .createIndex("tenancies_building_idx")
    .ifNotExists()
    .on("tenancies")
    .columns(["building_id"])
    .execute();

  // Same street address, same building; the apartment number stays on the tenancy.
  const addresses = await db.selectFrom("tenancies").select("address").distinct().execute();
  const now = new Date().toISOString();
  for (const { address } of addresses as { address: string }[]) {
    const id = randomUUID();
    const name = address.split(",")[0]?.trim() || address;
    await db.insertInto("buildings").values({ id, name, address, created_at: now }).execute();
    await db.updateTable("tenancies").set({ building_id: id }).where("address", "=", address).execute();
  }

  await db.schema.alterTable("staff_users").addColumn("email_normalized", "text").execute();
  await db.updateTable("staff_users").set({ email_normalized: sql`lower(email)` }).execute();
  await db.schema
    .createIndex("staff_users_email_normalized_idx")
    .ifNotExists()
    .unique()
    .on("staff_users")
    .column("email_normalized")
    .execute();
  for (const [column, type, fallback] of [
    ["role", "text", "verwalter"],
    ["active", "integer", 1],
    ["session_version", "integer", 0],
    ["totp_enabled", "integer", 0],
    ["notify_new_items", "integer", 1],
  ] as const) {
    await db.schema
      .alterTable("staff_users")
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  for (const column of ["password_hash", "password_changed_at", "totp_secret", "last_digest_at"]) {
    await db.schema.alterTable("staff_users").addColumn(column, "text").execute();
  }

  await db.schema
    .createTable("staff_buildings")
    .ifNotExists()
    .addColumn("staff_id", "text", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
    .addColumn("building_id", "text", (c) => c.notNull().references("buildings.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("staff_buildings_pk", ["staff_id", "building_id"])
    .execute();
  await db.schema
    .createIndex("staff_buildings_building_idx")
    .ifNotExists()
    .on("staff_buildings")
    .column("building_id")
    .execute();

  await db.schema
    .createTable("staff_tokens")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "text", (c) => c.notNull().references("staff_users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_revoked_tokens")
    .ifNotExists()
    .addColumn("jti", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("audit_log")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("staff_id", "text")
    .addColumn("staff_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("building_id", "text")
    .addColumn("before_json", "text")
    .addColumn("after_json", "text")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("audit_log_at_idx").ifNotExists().on("audit_log").columns(["at", "id"]).execute();
  await db.schema
    .createIndex("audit_log_staff_idx")
    .ifNotExists()
    .on("audit_log")
    .columns(["staff_id", "at", "id"])
    .execute();
  await db.schema
    .createIndex("audit_log_entity_idx")
    .ifNotExists()
    .on("audit_log")
    .columns(["entity_type", "entity_id"])
    .execute();

  await db.schema
    .createTable("canned_replies")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("repair_internal_notes")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("repair_id", "text", (c) => c.notNull().references("repairs.id").onDelete("cascade"))
    .addColumn("staff_id", "text")
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("repair_internal_notes_repair_idx")
    .ifNotExists()
    .on("repair_internal_notes")
    .columns(["repair_id", "created_at"])
    .execute();

  for (const table of ["repairs", "message_threads", "appointments"]) {
    await db.schema.alterTable(table).addColumn("assignee_id", "text").execute();
  }
  await db.schema.alterTable("repairs").addColumn("planned_window", "text").execute();
  await db.schema.alterTable("message_threads").addColumn("handled_at", "text").execute();
  await db.schema.alterTable("message_threads").addColumn("awaiting_reply_since", "text").execute();
  await db.schema
    .alterTable("appointments")
    .addColumn("origin", "text", (c) => c.notNull().defaultTo("management"))
    .execute();
  await db.schema.alterTable("appointments").addColumn("decline_reason", "text").execute();
  // A tenant's request carries the requested day and slot; everything else was proposed.
  await db.updateTable("appointments").set({ origin: "tenant" }).where("time_slot", "is not", null).execute();
  await db.schema
    .alterTable("meter_readings")
    .addColumn("lower_flags", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("meter_readings").addColumn("review", "text").execute();
  await db.schema.alterTable("meter_readings").addColumn("reviewed_at", "text").execute();
  await db.schema.alterTable("meter_readings").addColumn("reviewed_by", "text").execute();
  await db.schema
    .alterTable("tenants")
    .addColumn("notify_email", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("inbox_items")
    .ifNotExists()
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("building_id", "text")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("urgency", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("assignee_id", "text")
    .addPrimaryKeyConstraint("inbox_items_pk", ["kind", "item_id"])
    .execute();
  await db.schema
    .createIndex("inbox_items_due_idx")
    .ifNotExists()
    .on("inbox_items")
    .columns(["due_at", "item_id"])
    .execute();
  await db.schema
    .createIndex("inbox_items_building_due_idx")
    .ifNotExists()
    .on("inbox_items")
    .columns(["building_id", "due_at", "item_id"])
    .execute();
  await db.schema
    .createIndex("inbox_items_assignee_idx")
    .ifNotExists()
    .on("inbox_items")
    .columns(["assignee_id", "due_at"])
    .execute();

  await db.schema
    .createTable("notification_outbox")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("recipient_kind", "text", (c) => c.notNull())
    .addColumn("recipient_id", "text", (c) => c.notNull())
    .addColumn("to_email", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("send_after", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("claimed_until", "text")
    .addColumn("sent_at", "text")
    .addColumn("last_error", "text")
    .execute();
  await db.schema
    .createIndex("notification_outbox_pending_idx")
    .ifNotExists()
    .on("notification_outbox")
    .columns(["sent_at", "send_after"])
    .execute();

  await backfillInbox(db);
}

/** Items that already wait when the console arrives: open repairs, unanswered threads, requests. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
async function backfillInbox(db: Kysely<any>): Promise<void> {
  const buildingOf = new Map<string, { building_id: string | null }>();
  const tenancies = await db
    .selectFrom("tenancies")
    .select(["tenant_id", "building_id", "start_date"])
    .orderBy("start_date", "asc")
    .execute();
  for (const t of tenancies) buildingOf.set(t.tenant_id, { building_id: t.building_id });
  const building = (tenantId: string) => buildingOf.get(tenantId)?.building_id ?? null;

  const repairs = await db
    .selectFrom("repairs")
    .select(["id", "tenant_id", "type", "urgency", "status", "reported_at", "planned_date"])
    .where("status", "not in", ["completed", "canceled"])
    .execute();
  for (const r of repairs) {
    const answered = r.status !== "reported";
    const due =
      answered && r.planned_date
        ? new Date(`${r.planned_date}T22:00:00.000Z`).toISOString()
        : plus(r.reported_at, REPAIR_WINDOW_MS[r.urgency] ?? 14 * DAY);
    await db
      .insertInto("inbox_items")
      .values({
        kind: "repair",
        item_id: r.id,
        tenant_id: r.tenant_id,
        building_id: building(r.tenant_id),
        state: answered ? "in_progress" : "new",
        title: `Reparatur: ${r.type}`,
        urgency: r.urgency,
        created_at: r.reported_at,
        due_at: due,
        assignee_id: null,
      })
      .execute();
  }

  const threads = await db.selectFrom("message_threads").select(["id", "tenant_id", "subject"]).execute();
  for (const t of threads) {
    const messages = await db
      .selectFrom("messages")
      .select(["direction", "received_at"])
      .where("thread_id", "=", t.id)
      .orderBy("received_at", "asc")
      .orderBy("id", "asc")
      .execute();
    let waitingSince: string | null = null;
    for (const m of messages) {
      if (m.direction === "inbound") waitingSince = null;
      else waitingSince ??= m.received_at;
    }
    if (!waitingSince) continue;
    await db
      .updateTable("message_threads")
      .set({ awaiting_reply_since: waitingSince })
      .where("id", "=", t.id)
      .execute();
    await db
      .insertInto("inbox_items")
      .values({
        kind: "message",
        item_id: t.id,
        tenant_id: t.tenant_id,
        building_id: building(t.tenant_id),
        state: "new",
        title: t.subject,
        urgency: null,
        created_at: waitingSince,
        due_at: plus(waitingSince, DAY),
        assignee_id: null,
      })
      .execute();
  }

  const requests = await db
    .selectFrom("appointments")
    .select(["id", "tenant_id", "title", "created_at", "start_time"])
    .where("status", "=", "pending")
    .where("origin", "=", "tenant")
    .execute();
  for (const a of requests) {
    const due = [plus(a.created_at, DAY), a.start_time].sort()[0]!;
    await db
      .insertInto("inbox_items")
      .values({
        kind: "appointment",
        item_id: a.id,
        tenant_id: a.tenant_id,
        building_id: building(a.tenant_id),
        state: "new",
        title: a.title,
        urgency: null,
        created_at: a.created_at,
        due_at: due,
        assignee_id: null,
      })
      .execute();
  }
}

const ADDED_COLUMNS: [table: string, columns: string[]][] = [
  ["tenants", ["notify_email"]],
  ["meter_readings", ["lower_flags", "review", "reviewed_at", "reviewed_by"]],
  ["appointments", ["assignee_id", "origin", "decline_reason"]],
  ["message_threads", ["assignee_id", "handled_at", "awaiting_reply_since"]],
  ["repairs", ["assignee_id", "planned_window"]],
  [
    "staff_users",
    [
      "email_normalized",
      "role",
      "active",
      "session_version",
      "totp_enabled",
      "notify_new_items",
      "password_hash",
      "password_changed_at",
      "totp_secret",
      "last_digest_at",
    ],
  ],
  ["tenancies", ["building_id"]],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "notification_outbox",
    "inbox_items",
    "repair_internal_notes",
    "canned_replies",
    "audit_log",
    "staff_revoked_tokens",
    "staff_tokens",
    "staff_buildings",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex("staff_users_email_normalized_idx").ifExists().execute();
  await db.schema.dropIndex("tenancies_building_idx").ifExists().execute();
  for (const [table, columns] of ADDED_COLUMNS) {
    for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
  }
  await db.schema.dropTable("buildings").ifExists().execute();
}
