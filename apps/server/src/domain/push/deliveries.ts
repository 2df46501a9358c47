import { PUSH_DELIVERY_STATES, type PushDeliveryOverview, type PushUrgency } from "@mieter-portal/contracts";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { isPostgres } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import type { StoredPushContent } from "./events.js";

/**
 * Sending the pushes (push_deliveries, issue 29): each due row is claimed by one process with a
 * single atomic UPDATE (on PostgreSQL its rows chosen FOR UPDATE SKIP LOCKED), sent, and marked.
 * A claim lasts CLAIM_MS: a process that died between claim and mark leaves the row to the next
 * worker after that (see docs/decisions: the Topic is what makes that one possible repeat harmless).
 */

/** After this many failed attempts a push is given up (state failed, kept for the delivery view). */
export const PUSH_MAX_ATTEMPTS = 8;
/** A claim lasts this long. */
export const PUSH_CLAIM_MS = 60_000;

export interface ClaimedPush {
  id: string;
  attempts: number;
  eventId: string;
  subscriptionId: string;
  /** null: the device was removed after the push was recorded. */
  subscription: { endpoint: string; p256dh: string; auth: string } | null;
  content: StoredPushContent;
  ttlSeconds: number;
  urgency: PushUrgency;
  topic: string;
  eventCreatedAt: string;
  claimedUntil: string;
}

const free = (nowText: string) =>
  sql<boolean>`(${sql.ref("claimed_until")} is null or ${sql.ref("claimed_until")} < ${nowText})`;

/** Claims up to `limit` due pushes for this process. */
export async function claimDuePushes(db: Db, limit: number, now = new Date()): Promise<ClaimedPush[]> {
  const nowText = now.toISOString();
  const until = new Date(now.getTime() + PUSH_CLAIM_MS).toISOString();
  let due = db
    .selectFrom("push_deliveries")
    .select("id")
    .where("state", "=", "pending")
    .where("next_attempt_at", "<=", nowText)
    .where(free(nowText))
    .orderBy("next_attempt_at")
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  // One statement: the claim condition is checked again on the row it updates, so two processes
  // (or a second claim on PostgreSQL after the first committed) can never both take a row.
  const claimed = await db
    .updateTable("push_deliveries")
    .set((eb) => ({ claimed_until: until, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", due)
    .where("state", "=", "pending")
    .where(free(nowText))
    .returning(["id", "attempts", "event_id", "subscription_id"])
    .execute();
  if (claimed.length === 0) return [];
  const rows = await db
    .selectFrom("push_deliveries")
    .innerJoin("push_events", "push_events.id", "push_deliveries.event_id")
    .leftJoin("push_subscriptions", "push_subscriptions.id", "push_deliveries.subscription_id")
    .select([
      "push_deliveries.id",
      "push_events.payload",
      "push_events.ttl_seconds",
      "push_events.urgency",
      "push_events.topic",
      "push_events.created_at",
      "push_subscriptions.endpoint",
      "push_subscriptions.p256dh",
      "push_subscriptions.auth",
    ])
    .where(
      "push_deliveries.id",
      "in",
      claimed.map((c) => c.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return claimed.flatMap((c) => {
    const row = byId.get(c.id);
    if (!row) return [];
    return [
      {
        id: c.id,
        attempts: Number(c.attempts),
        eventId: c.event_id,
        subscriptionId: c.subscription_id,
        subscription:
          row.endpoint && row.p256dh && row.auth
            ? { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }
            : null,
        content: JSON.parse(row.payload) as StoredPushContent,
        ttlSeconds: Number(row.ttl_seconds),
        urgency: row.urgency,
        topic: row.topic,
        eventCreatedAt: row.created_at,
        claimedUntil: until,
      },
    ];
  });
}

/** The push service took it (201). */
export async function markPushSent(db: Db, id: string, status: number): Promise<void> {
  await db
    .updateTable("push_deliveries")
    .set({ state: "sent", sent_at: nowIso(), claimed_until: null, last_status: status, last_error: null })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .execute();
}

/** Not sent and never will be: the device is gone, or the event's TTL passed before it could go. */
export async function markPushEnded(
  db: Db,
  id: string,
  state: "gone" | "expired",
  status: number | null,
  error: string,
): Promise<void> {
  await db
    .updateTable("push_deliveries")
    .set({ state, claimed_until: null, last_status: status, last_error: error })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .execute();
}

/** The pause before the next attempt: 30 s, 1, 2, 4 … minutes, at most an hour (or the service's Retry-After). */
export const pushRetryDelayMs = (attempts: number, retryAfterSeconds?: number) =>
  Math.max(Math.min(30_000 * 2 ** (attempts - 1), 3600_000), (retryAfterSeconds ?? 0) * 1000);

/** Failed this time: tried again after a growing pause, or given up after the last attempt. */
export async function markPushFailed(
  db: Db,
  push: Pick<ClaimedPush, "id" | "attempts">,
  status: number | null,
  error: string,
  retryAfterSeconds?: number,
): Promise<void> {
  const givenUp = push.attempts >= PUSH_MAX_ATTEMPTS;
  await db
    .updateTable("push_deliveries")
    .set({
      state: givenUp ? "failed" : "pending",
      claimed_until: null,
      last_status: status,
      last_error: error.slice(0, 500),
      next_attempt_at: new Date(Date.now() + pushRetryDelayMs(push.attempts, retryAfterSeconds)).toISOString(),
    })
    .where("id", "=", push.id)
    .where("state", "=", "pending")
    .execute();
}

/** The Administrators' delivery view (issue 29): counts by state since `since`, devices, the newest problems. */
export async function deliveryOverview(db: Db, since: string): Promise<PushDeliveryOverview> {
  const counts = Object.fromEntries(PUSH_DELIVERY_STATES.map((state) => [state, 0])) as PushDeliveryOverview["counts"];
  const byState = await db
    .selectFrom("push_deliveries")
    .select(["state", (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("created_at", ">=", since)
    .groupBy("state")
    .execute();
  for (const row of byState) counts[row.state] = Number(row.n);
  const devices = { tenant: 0, staff: 0 };
  const byOwner = await db
    .selectFrom("push_subscriptions")
    .select(["owner_kind", (eb) => eb.fn.countAll<string | number>().as("n")])
    .groupBy("owner_kind")
    .execute();
  for (const row of byOwner) devices[row.owner_kind] = Number(row.n);
  const problems = await db
    .selectFrom("push_deliveries")
    .innerJoin("push_events", "push_events.id", "push_deliveries.event_id")
    .select([
      "push_deliveries.id",
      "push_events.kind",
      "push_deliveries.state",
      "push_deliveries.attempts",
      "push_deliveries.last_status",
      "push_deliveries.last_error",
      "push_deliveries.created_at",
      "push_deliveries.next_attempt_at",
    ])
    .where("push_deliveries.created_at", ">=", since)
    .where((eb) =>
      eb.or([
        eb("push_deliveries.state", "=", "failed"),
        eb.and([eb("push_deliveries.state", "=", "pending"), eb("push_deliveries.last_error", "is not", null)]),
      ]),
    )
    .orderBy("push_deliveries.created_at", "desc")
    .limit(50)
    .execute();
  return {
    since,
    counts,
    devices,
    problems: problems.map((p) => ({
      ...p,
      attempts: Number(p.attempts),
      last_status: p.last_status === null ? null : Number(p.last_status),
      next_attempt_at: p.state === "pending" ? p.next_attempt_at : null,
    })),
  };
}
