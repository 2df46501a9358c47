import type { PushPayload } from "@mieter-portal/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connection.js";
import {
  type ClaimedPush,
  claimDuePushes,
  markPushEnded,
  markPushFailed,
  markPushSent,
} from "../domain/push/deliveries.js";
import { removeExpiredSubscription } from "../domain/push/subscriptions.js";
import type { PushSender } from "../lib/web-push-sender.js";

/**
 * How many pushes one round claims, and how many of them are in flight at once. A claim lasts
 * PUSH_CLAIM_MS (60 s): two waves of requests at the sender's 15 s timeout end well inside it, so no
 * other worker takes a claimed push over while it is still being sent.
 */
export const IN_FLIGHT = 32;
export const CLAIM_BATCH = 2 * IN_FLIGHT;

/**
 * The decrypted payload: the declarative Web Push form (web_push 8030) Safari shows by itself, with
 * the event's id as tag (a repeated delivery replaces the notification) and the absolute URL to open.
 */
export function pushPayloadOf(push: Pick<ClaimedPush, "content" | "eventId">, publicUrl: string): PushPayload {
  const { content } = push;
  return {
    web_push: 8030,
    mutable: true,
    notification: {
      title: content.title,
      body: content.body,
      navigate: `${publicUrl}${content.path}`,
      lang: "de-DE",
      dir: "ltr",
      tag: push.eventId,
      silent: false,
      data: { kind: content.kind, building: content.building, path: content.path, event_id: push.eventId },
    },
  };
}

/**
 * Sends the due pushes (the notification worker calls it after the mails in every round): one
 * request per device, marked sent only after the push service took it; 404/410 removes the device;
 * any other failure is tried again later. Returns how many were sent.
 */
export async function deliverDuePushes(options: {
  db: Db;
  sender: PushSender;
  publicUrl: string;
  log: FastifyBaseLogger;
}): Promise<number> {
  const { db, sender, log } = options;
  let sent = 0;
  const deliver = async (push: ClaimedPush) => {
    if (!push.subscription) {
      await markPushEnded(db, push.id, "gone", null, "Gerät entfernt");
      return;
    }
    if (Date.parse(push.eventCreatedAt) + push.ttlSeconds * 1000 < Date.now()) {
      await markPushEnded(db, push.id, "expired", null, "Gültigkeit (TTL) abgelaufen");
      return;
    }
    const result = await sender.send({
      endpoint: push.subscription.endpoint,
      keys: { p256dh: push.subscription.p256dh, auth: push.subscription.auth },
      payload: JSON.stringify(pushPayloadOf(push, options.publicUrl)),
      ttlSeconds: push.ttlSeconds,
      urgency: push.urgency,
      topic: push.topic,
    });
    if (result.outcome === "sent") {
      await markPushSent(db, push.id, result.status);
      sent++;
    } else if (result.outcome === "gone") {
      await removeExpiredSubscription(db, push.subscriptionId, result.status);
    } else {
      log.warn({ status: result.status, kind: push.content.kind }, "push failed; will retry");
      await markPushFailed(db, push, result.status, result.error, result.retryAfterSeconds);
    }
  };
  for (;;) {
    const claimed = await claimDuePushes(db, CLAIM_BATCH);
    for (let i = 0; i < claimed.length; i += IN_FLIGHT) {
      await Promise.all(
        claimed
          .slice(i, i + IN_FLIGHT)
          .map((push) => deliver(push).catch((err) => log.error({ err }, "push delivery failed"))),
      );
    }
    if (claimed.length < CLAIM_BATCH) return sent;
  }
}
