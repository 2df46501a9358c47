import { randomUUID } from "node:crypto";
import { deviceLabelOf, type PushDevice, type PushSubscriptionRequest } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";

/**
 * The subscribed devices (push_subscriptions, issue 29). The owner always comes from the signed-in
 * session, never from a request body: a tenant can register and remove only their own devices.
 */

export interface PushOwner {
  kind: "tenant" | "staff";
  id: string;
}

const deviceOf = (row: { id: string; label: string; created_at: string; last_seen_at: string }): PushDevice => ({
  id: row.id,
  label: row.label,
  created_at: row.created_at,
  last_seen_at: row.last_seen_at,
});

/**
 * Registers or renews the device (by its endpoint): new keys and label, last seen now. An endpoint
 * held by someone else is taken over: a browser has one subscription per origin, and whoever is
 * signed in on it is the one who gets its pushes (only that browser and its push service know the
 * endpoint). Pending pushes of the previous owner to it are dropped.
 */
export async function saveSubscription(
  db: Db,
  owner: PushOwner,
  subscription: PushSubscriptionRequest,
  userAgent: string | undefined,
): Promise<PushDevice> {
  const now = nowIso();
  const label = subscription.label || deviceLabelOf(userAgent);
  const existing = await db
    .selectFrom("push_subscriptions")
    .select(["id", "owner_kind", "owner_id"])
    .where("endpoint", "=", subscription.endpoint)
    .executeTakeFirst();
  if (existing && (existing.owner_kind !== owner.kind || existing.owner_id !== owner.id)) {
    await dropPendingDeliveries(db, existing.id, "gone");
    await db.deleteFrom("push_subscriptions").where("id", "=", existing.id).execute();
  }
  const sameOwner = existing && existing.owner_kind === owner.kind && existing.owner_id === owner.id;
  if (!sameOwner) {
    // At most MAX_DEVICES a person: a new one replaces the one seen longest ago.
    const devices = await db
      .selectFrom("push_subscriptions")
      .select("id")
      .where("owner_kind", "=", owner.kind)
      .where("owner_id", "=", owner.id)
      .orderBy("last_seen_at", "desc")
      .orderBy("id")
      .execute();
    for (const old of devices.slice(MAX_DEVICES - 1)) await removeDevice(db, owner, old.id);
  }
  const row = await db
    .insertInto("push_subscriptions")
    .values({
      id: sameOwner ? existing.id : randomUUID(),
      owner_kind: owner.kind,
      owner_id: owner.id,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      label,
      created_at: now,
      last_seen_at: now,
    })
    // Two renewals at once (two tabs starting): the second updates the first's row.
    .onConflict((oc) =>
      oc
        .column("endpoint")
        .doUpdateSet({ p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, label, last_seen_at: now })
        .where("push_subscriptions.owner_kind", "=", owner.kind)
        .where("push_subscriptions.owner_id", "=", owner.id),
    )
    .returning(["id", "label", "created_at", "last_seen_at"])
    .executeTakeFirst();
  if (!row) {
    // Someone else registered the same endpoint between our read and write: try again as above.
    return saveSubscription(db, owner, subscription, userAgent);
  }
  return deviceOf(row);
}

/** Devices a person may have at once (phones, tablets, browsers); more only amplify each push. */
export const MAX_DEVICES = 10;

/** The owner's devices, the most recently seen first. */
export async function listDevices(db: Db, owner: PushOwner): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .select(["id", "label", "created_at", "last_seen_at"])
    .where("owner_kind", "=", owner.kind)
    .where("owner_id", "=", owner.id)
    .orderBy("last_seen_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(deviceOf);
}

/** Removes one of the owner's devices; false when the owner has no device of that id (404). */
export async function removeDevice(db: Db, owner: PushOwner, deviceId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom("push_subscriptions")
    .where("id", "=", deviceId)
    .where("owner_kind", "=", owner.kind)
    .where("owner_id", "=", owner.id)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await dropPendingDeliveries(db, deviceId, "gone");
  return true;
}

/** Every device of a person (a staff member deactivated): removed, their pending pushes dropped. */
export async function removeAllDevicesOf(db: Db, owner: PushOwner): Promise<number> {
  const devices = await db
    .selectFrom("push_subscriptions")
    .select("id")
    .where("owner_kind", "=", owner.kind)
    .where("owner_id", "=", owner.id)
    .execute();
  for (const { id } of devices) await removeDevice(db, owner, id);
  return devices.length;
}

/** The push service said the subscription is no more (404/410): the device is removed. */
export async function removeExpiredSubscription(db: Db, subscriptionId: string, status: number): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", subscriptionId).execute();
  await dropPendingDeliveries(db, subscriptionId, "gone", {
    status,
    error: `Push-Dienst: ${status} (Gerät abgemeldet)`,
  });
}

async function dropPendingDeliveries(
  db: Db,
  subscriptionId: string,
  state: "gone",
  answer?: { status: number; error: string },
): Promise<void> {
  await db
    .updateTable("push_deliveries")
    .set({ state, claimed_until: null, ...(answer ? { last_status: answer.status, last_error: answer.error } : {}) })
    .where("subscription_id", "=", subscriptionId)
    .where("state", "=", "pending")
    .execute();
}

/** Many devices at once (the bench, a seed): rows as saveSubscription writes them, in batches. */
export async function insertSubscriptionRows(
  db: Db,
  rows: { owner: PushOwner; endpoint: string; p256dh: string; auth: string; label: string }[],
): Promise<void> {
  const now = nowIso();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("push_subscriptions")
      .values(
        rows.slice(i, i + 500).map((row) => ({
          id: randomUUID(),
          owner_kind: row.owner.kind,
          owner_id: row.owner.id,
          endpoint: row.endpoint,
          p256dh: row.p256dh,
          auth: row.auth,
          label: row.label,
          created_at: now,
          last_seen_at: now,
        })),
      )
      .execute();
  }
}
