import type { Agent } from "node:https";
import webpush from "web-push";

/**
 * Sends one Web Push message (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the
 * subscription (RFC 8291, aes128gcm), through the `web-push` library, and says what the push
 * service's answer means for the sender: sent, gone (404/410: the subscription is no more) or
 * retry (any other failure: 429, 5xx, a network error, a time-out).
 */

export interface PushMessage {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: string;
  ttlSeconds: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** At most 32 characters of the URL-safe base64 alphabet. */
  topic: string;
}

export type PushResult =
  | { outcome: "sent"; status: number }
  | { outcome: "gone"; status: number }
  | { outcome: "retry"; status: number | null; error: string; retryAfterSeconds?: number };

export interface PushSender {
  send(message: PushMessage): Promise<PushResult>;
}

export interface PushSenderOptions {
  publicKey: string;
  privateKey: string;
  subject: string;
  /**
   * The HTTPS agent for the push services. Only tests give one: it trusts their local receiver's
   * self-signed certificate. Production always uses Node's default agent and the system's CAs.
   */
  agent?: Agent;
  timeoutMs?: number;
}

/** A VAPID token lasts 12 hours (the most push services accept is 24); it is made anew after 11. */
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_RENEW_MS = 11 * 3600_000;

/** How long one request to a push service may take. */
export const PUSH_SEND_TIMEOUT_MS = 15_000;

export function createPushSender(options: PushSenderOptions): PushSender {
  // One signed token per push service (audience), reused: signing per push costs more than the push.
  const tokens = new Map<string, { authorization: string; madeAt: number }>();
  const authorizationFor = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const kept = tokens.get(audience);
    if (kept && Date.now() - kept.madeAt < VAPID_RENEW_MS) return kept.authorization;
    const headers = webpush.getVapidHeaders(
      audience,
      options.subject,
      options.publicKey,
      options.privateKey,
      "aes128gcm",
      Math.floor(Date.now() / 1000) + VAPID_TOKEN_SECONDS,
    );
    const authorization = String(headers.Authorization);
    tokens.set(audience, { authorization, madeAt: Date.now() });
    return authorization;
  };

  return {
    async send(message) {
      try {
        const answer = await webpush.sendNotification(
          { endpoint: message.endpoint, keys: message.keys },
          message.payload,
          {
            // The VAPID header made above (the library would sign a new token for every push).
            headers: { Authorization: authorizationFor(message.endpoint) },
            TTL: message.ttlSeconds,
            urgency: message.urgency,
            topic: message.topic,
            contentEncoding: "aes128gcm",
            timeout: options.timeoutMs ?? PUSH_SEND_TIMEOUT_MS,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return { outcome: "sent", status: answer.statusCode };
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          if (err.statusCode === 404 || err.statusCode === 410) return { outcome: "gone", status: err.statusCode };
          const retryAfter = Number(err.headers?.["retry-after"]);
          return {
            outcome: "retry",
            status: err.statusCode,
            error: `${err.statusCode} ${err.body ?? ""}`.trim().slice(0, 500),
            ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
          };
        }
        return { outcome: "retry", status: null, error: String((err as Error).message ?? err).slice(0, 500) };
      }
    },
  };
}
