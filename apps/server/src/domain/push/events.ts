import { createHash, randomUUID } from "node:crypto";
import type { PushEventKind, PushUrgency } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { currentTenancyOf } from "../tenants/current-tenancy.js";
import { channelsFor } from "./preferences.js";
import type { PushOwner } from "./subscriptions.js";

/**
 * Events that should reach devices (push_events, push_deliveries; issue 29). Recorded in the
 * caller's transaction, like the outbox's mails: one event row, and one delivery row per device of
 * each recipient who wants this event by push (unique per event and device). The worker
 * (jobs/push-delivery.ts) sends them.
 */

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * How long a push service keeps a push for an offline device, and how urgently it wakes it
 * (RFC 8030 §5.2, §5.3): an outage matters today and may wake a sleeping phone; a document can wait
 * four weeks for a quiet moment.
 */
export const PUSH_DELIVERY_RULES: Record<PushEventKind, { ttlSeconds: number; urgency: PushUrgency }> = {
  notice: { ttlSeconds: DAY, urgency: "high" },
  message_reply: { ttlSeconds: 7 * DAY, urgency: "normal" },
  repair_status: { ttlSeconds: 3 * DAY, urgency: "normal" },
  appointment: { ttlSeconds: 3 * DAY, urgency: "normal" },
  document: { ttlSeconds: 28 * DAY, urgency: "low" },
  meter_reading: { ttlSeconds: 7 * DAY, urgency: "low" },
  house_service: { ttlSeconds: DAY, urgency: "normal" },
  emergency_repair: { ttlSeconds: DAY, urgency: "high" },
  service_missing: { ttlSeconds: DAY, urgency: "normal" },
  assigned_to_me: { ttlSeconds: 3 * DAY, urgency: "normal" },
  overdue: { ttlSeconds: DAY, urgency: "low" },
};

/** What a push says: the lock screen shows title and body, so both name only the kind of event and the building. */
export interface PushEventContent {
  kind: PushEventKind;
  /** e.g. "Neue Antwort der Verwaltung", "Störung: Aufzug außer Betrieb". */
  title: string;
  /** The building's short name ("Lindenstraße 5"), or null (all buildings, none known). */
  building: string | null;
  /** The screen to open, a path in the app (/messages/<id>). */
  path: string;
}

/** What push_events.payload holds; the worker adds the absolute URL and the declarative form. */
export interface StoredPushContent extends PushEventContent {
  body: string;
}

/** The push's Topic (RFC 8030 §5.4: at most 32 characters of the URL-safe base64 alphabet): the event id, hashed. */
export const topicOf = (eventId: string) => createHash("sha256").update(eventId).digest("base64url").slice(0, 32);

const ROWS_PER_INSERT = 500;

/**
 * Records the event for those recipients who want it by push (their choice, else the default) and
 * have a device; returns how many devices it will reach (no event row when none).
 */
export async function enqueuePush(db: Db, recipients: PushOwner[], content: PushEventContent): Promise<number> {
  const devices: { id: string; owner_kind: "tenant" | "staff"; owner_id: string }[] = [];
  for (const kind of ["tenant", "staff"] as const) {
    const ids = [...new Set(recipients.filter((r) => r.kind === kind).map((r) => r.id))];
    if (ids.length === 0) continue;
    const wanted = await channelsFor(db, kind, ids, content.kind);
    const pushIds = ids.filter((id) => wanted.get(id)?.push);
    for (let i = 0; i < pushIds.length; i += ROWS_PER_INSERT) {
      devices.push(
        ...(await db
          .selectFrom("push_subscriptions")
          .select(["id", "owner_kind", "owner_id"])
          .where("owner_kind", "=", kind)
          .where("owner_id", "in", pushIds.slice(i, i + ROWS_PER_INSERT))
          .execute()),
      );
    }
  }
  if (devices.length === 0) return 0;
  const now = nowIso();
  const id = randomUUID();
  const rules = PUSH_DELIVERY_RULES[content.kind];
  const stored: StoredPushContent = { ...content, body: content.building ?? "Im Portal ansehen" };
  await db
    .insertInto("push_events")
    .values({
      id,
      kind: content.kind,
      topic: topicOf(id),
      payload: JSON.stringify(stored),
      ttl_seconds: rules.ttlSeconds,
      urgency: rules.urgency,
      created_at: now,
    })
    .execute();
  for (let i = 0; i < devices.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto("push_deliveries")
      .values(
        devices.slice(i, i + ROWS_PER_INSERT).map((device) => ({
          id: randomUUID(),
          event_id: id,
          subscription_id: device.id,
          owner_kind: device.owner_kind,
          owner_id: device.owner_id,
          state: "pending" as const,
          next_attempt_at: now,
          claimed_until: null,
          sent_at: null,
          last_status: null,
          last_error: null,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(["event_id", "subscription_id"]).doNothing())
      .execute();
  }
  return devices.length;
}

/** The short name of a tenant's current building ("Lindenstraße 5"), for the lock screen. */
export async function tenantBuildingName(db: Db, tenantId: string): Promise<string | null> {
  const row = await currentTenancyOf(db, tenantId)
    .innerJoin("buildings", "buildings.id", "tenancies.building_id")
    .select("buildings.name")
    .executeTakeFirst();
  return row?.name ?? null;
}

export async function buildingName(db: Db, buildingId: string | null): Promise<string | null> {
  if (buildingId === null) return null;
  const row = await db.selectFrom("buildings").select("name").where("id", "=", buildingId).executeTakeFirst();
  return row?.name ?? null;
}

/**
 * The tenant mails that also go by push (notify.ts notifyTenant): the outbox kind → the event the
 * tenant chooses channels for, and the lock-screen title.
 */
export const TENANT_MAIL_PUSH: Record<string, { event: PushEventKind; title: string }> = {
  message_reply: { event: "message_reply", title: "Neue Antwort der Verwaltung" },
  repair_status: { event: "repair_status", title: "Neuigkeit zu Ihrer Reparatur" },
  appointment_proposed: { event: "appointment", title: "Neuer Terminvorschlag" },
  appointment_rescheduled: { event: "appointment", title: "Ihr Termin wurde verschoben" },
  appointment_accepted: { event: "appointment", title: "Ihr Termin wurde bestätigt" },
  appointment_declined: { event: "appointment", title: "Ihr Termin wurde abgesagt" },
};
