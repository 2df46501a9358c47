import type { Kysely } from "kysely";

/**
 * Issue 29 (Web Push for tenants and staff):
 * - push_subscriptions: one row per subscribed browser (device) of a tenant or staff member; the
 *   endpoint is unique (a browser has one subscription per origin, so it belongs to whoever is
 *   signed in there), with its two keys (RFC 8291), a label for the device list, created and last
 *   seen (renewed at every app start).
 * - push_preferences: a person's choice per event and channel (only what differs from the defaults
 *   in the contracts needs a row; a row holds both channels).
 * - push_events: one event that should reach devices (an answer, an outage …): its kind, the
 *   payload (no personal data), TTL and urgency; its id, hashed, is the push's Topic.
 * - push_deliveries: one row per event and device (unique), sent once: state pending → sent, gone
 *   (the push service said 404/410, the device is removed), failed (given up) or expired (its TTL
 *   passed first); attempts, next attempt, the claim of the process sending it, the last error.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_kind", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("push_subscriptions_owner_idx")
    .on("push_subscriptions")
    .columns(["owner_kind", "owner_id"])
    .execute();

  await db.schema
    .createTable("push_preferences")
    .addColumn("owner_kind", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("email", "integer", (c) => c.notNull())
    .addColumn("push", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("push_preferences_pkey", ["owner_kind", "owner_id", "event"])
    .execute();

  await db.schema
    .createTable("push_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("ttl_seconds", "integer", (c) => c.notNull())
    .addColumn("urgency", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("push_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull().references("push_events.id").onDelete("cascade"))
    .addColumn("subscription_id", "text", (c) => c.notNull())
    .addColumn("owner_kind", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("sent_at", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("push_deliveries_event_device_key", ["event_id", "subscription_id"])
    .execute();
  await db.schema
    .createIndex("push_deliveries_due_idx")
    .on("push_deliveries")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("push_deliveries_subscription_idx")
    .on("push_deliveries")
    .columns(["subscription_id", "state"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("push_deliveries").execute();
  await db.schema.dropTable("push_events").execute();
  await db.schema.dropTable("push_preferences").execute();
  await db.schema.dropTable("push_subscriptions").execute();
}
