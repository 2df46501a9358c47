import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";

/*
 * Web Push in Chromium for the e2e tests of the tenant app (push.spec.ts) and the console
 * (console-push.spec.ts). Headless Chromium here reaches no push service (its subscribe() needs
 * Google's), so the page's pushManager.subscribe() answers a subscription of a local P-256 key
 * pair, as a push service would; the permission, the app's flow, the server's registration and the
 * service worker's handling of a delivered message are real. Chromium's DevTools protocol delivers
 * the push message to the registered service worker (ServiceWorker.deliverPushMessage), as a push
 * service would after decryption.
 */

/** A subscription as PushSubscription.toJSON() gives it, with a real P-256 public key. */
export function fakeSubscription() {
  const jwk = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).publicKey.export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? "", "base64url"),
    Buffer.from(jwk.y ?? "", "base64url"),
  ]);
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`,
    expirationTime: null,
    keys: { p256dh: point.toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

/** pushManager.subscribe() and getSubscription() in the page answer that subscription. */
export async function fakePushService(page: Page) {
  await page.addInitScript((json) => {
    let subscribed = false;
    const subscription = {
      endpoint: json.endpoint,
      expirationTime: null,
      toJSON: () => json,
      unsubscribe: async () => {
        subscribed = false;
        return true;
      },
    };
    PushManager.prototype.subscribe = async function subscribe() {
      subscribed = true;
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (subscribed ? subscription : null) as unknown as PushSubscription | null;
    };
  }, fakeSubscription());
}

/** What the server sends (contracts' pushPayload). */
export function pushPayload(
  eventId: string,
  { title, building, path, kind }: { title: string; building: string; path: string; kind: string },
) {
  return {
    web_push: 8030,
    mutable: true,
    notification: {
      title,
      body: building,
      navigate: `https://portal.example${path}`,
      lang: "de-DE",
      dir: "ltr",
      tag: eventId,
      silent: false,
      data: { kind, building, path, event_id: eventId },
    },
  };
}

/** The notifications the service worker of `scope` (a path, "/" or "/verwaltung/") shows now. */
export async function shownNotifications(page: Page, scope = "/") {
  return page.evaluate(async (path) => {
    const registration = await navigator.serviceWorker.getRegistration(path);
    return ((await registration?.getNotifications()) ?? []).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  }, scope);
}

/**
 * Push messages for the service worker registered at `scope` (a path): each `deliver(data)`
 * hands the text to its push handler, as the push service would.
 */
export async function pushDelivery(context: BrowserContext, page: Page, origin: string, scope = "/") {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}${scope}` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const id = await registrationId;
  return {
    deliver: (data: string) => cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data }),
  };
}
