import {
  type PushEventKind,
  STAFF_PUSH_DEFAULTS,
  STAFF_PUSH_EVENTS,
  type StaffPushEvent,
  type StaffPushPreferences,
  type StaffPushPreferencesUpdate,
  TENANT_NOTIFY_DEFAULTS,
  TENANT_NOTIFY_EVENTS,
  type TenantNotifyEvent,
  type TenantNotifyPreferences,
  type TenantNotifyPreferencesUpdate,
} from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";

/**
 * Who wants what by which channel (push_preferences, issue 29): a row per person and event once
 * they chose; without one the contracts' defaults hold.
 */

type Stored = { event: string; email: number; push: number };

async function storedOf(db: Db, ownerKind: "tenant" | "staff", ownerId: string): Promise<Stored[]> {
  return db
    .selectFrom("push_preferences")
    .select(["event", "email", "push"])
    .where("owner_kind", "=", ownerKind)
    .where("owner_id", "=", ownerId)
    .execute();
}

export async function tenantNotifyPreferencesOf(db: Db, tenantId: string): Promise<TenantNotifyPreferences> {
  const stored = new Map((await storedOf(db, "tenant", tenantId)).map((row) => [row.event, row]));
  const events = Object.fromEntries(
    TENANT_NOTIFY_EVENTS.map((event) => {
      const row = stored.get(event);
      return [event, row ? { email: row.email === 1, push: row.push === 1 } : { ...TENANT_NOTIFY_DEFAULTS[event] }];
    }),
  ) as TenantNotifyPreferences["events"];
  return { events };
}

async function upsert(
  db: Db,
  ownerKind: "tenant" | "staff",
  ownerId: string,
  event: PushEventKind,
  channels: { email: boolean; push: boolean },
): Promise<void> {
  const values = { email: channels.email ? 1 : 0, push: channels.push ? 1 : 0, updated_at: nowIso() };
  await db
    .insertInto("push_preferences")
    .values({ owner_kind: ownerKind, owner_id: ownerId, event, ...values })
    .onConflict((oc) => oc.columns(["owner_kind", "owner_id", "event"]).doUpdateSet(values))
    .execute();
}

/** Changes the events and channels named; the others stay as they were. */
export async function setTenantNotifyPreferences(
  db: Db,
  tenantId: string,
  update: TenantNotifyPreferencesUpdate,
): Promise<TenantNotifyPreferences> {
  const current = await tenantNotifyPreferencesOf(db, tenantId);
  for (const [event, change] of Object.entries(update.events) as [
    TenantNotifyEvent,
    { email?: boolean; push?: boolean },
  ][]) {
    await upsert(db, "tenant", tenantId, event, { ...current.events[event], ...change });
  }
  return tenantNotifyPreferencesOf(db, tenantId);
}

export async function staffPushPreferencesOf(db: Db, staffId: string): Promise<StaffPushPreferences> {
  const stored = new Map((await storedOf(db, "staff", staffId)).map((row) => [row.event, row]));
  const events = Object.fromEntries(
    STAFF_PUSH_EVENTS.map((event) => {
      const row = stored.get(event);
      return [event, row ? row.push === 1 : STAFF_PUSH_DEFAULTS[event]];
    }),
  ) as StaffPushPreferences["events"];
  return { events };
}

export async function setStaffPushPreferences(
  db: Db,
  staffId: string,
  update: StaffPushPreferencesUpdate,
): Promise<StaffPushPreferences> {
  for (const [event, push] of Object.entries(update.events) as [StaffPushEvent, boolean][]) {
    // Staff keep their mail digest for everything; the row's e-mail column is not used for them.
    await upsert(db, "staff", staffId, event, { email: true, push });
  }
  return staffPushPreferencesOf(db, staffId);
}

/**
 * Of these people, who wants the event by e-mail and who by push (one query for a notice to a
 * whole building): each person's row for the event, else the default.
 */
export async function channelsFor(
  db: Db,
  ownerKind: "tenant" | "staff",
  ownerIds: string[],
  event: PushEventKind,
): Promise<Map<string, { email: boolean; push: boolean }>> {
  const fallback =
    ownerKind === "tenant"
      ? (TENANT_NOTIFY_DEFAULTS[event as TenantNotifyEvent] ?? { email: true, push: false })
      : { email: true, push: STAFF_PUSH_DEFAULTS[event as StaffPushEvent] ?? false };
  const result = new Map(ownerIds.map((id) => [id, { ...fallback }]));
  for (let i = 0; i < ownerIds.length; i += 500) {
    const rows = await db
      .selectFrom("push_preferences")
      .select(["owner_id", "email", "push"])
      .where("owner_kind", "=", ownerKind)
      .where("event", "=", event)
      .where("owner_id", "in", ownerIds.slice(i, i + 500))
      .execute();
    for (const row of rows) result.set(row.owner_id, { email: row.email === 1, push: row.push === 1 });
  }
  return result;
}
