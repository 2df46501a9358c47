import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiGet, apiLogin, expect, seedSession, test, toasts, waitForIntroGone } from "../fixtures";
import { createWalkTenant, expectAccessible, expectNothingCutOff, SCHEMES } from "../walk-25";

/*
 * Web Push in the tenant app (issue 29): subscribing through the settings and the service worker
 * showing a delivered push. Chromium's DevTools protocol delivers the push message to the
 * registered service worker (ServiceWorker.deliverPushMessage), as a push service would after
 * decryption. A click on a notification cannot be driven that way: its navigation is the pure
 * clickTarget() of apps/web/src/pwa/push/notification.ts, tested there.
 *
 * Headless Chromium here reaches no push service (its subscribe() needs Google's), so the page's
 * pushManager.subscribe() answers a subscription of a local P-256 key pair, as a push service
 * would; the permission, the app's flow, the server's registration and the service worker's
 * handling of the delivered message are real.
 */

/** A subscription as PushSubscription.toJSON() gives it, with a real P-256 public key. */
function fakeSubscription() {
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
async function fakePushService(page: Page) {
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

interface Device {
  id: string;
  label: string;
}

/** What the server sends (contracts' pushPayload): an answer of the management. */
function payload(eventId: string) {
  return {
    web_push: 8030,
    mutable: true,
    notification: {
      title: "Neue Antwort der Verwaltung",
      body: "Gartenweg 12",
      navigate: "https://portal.example/messages/t-1",
      lang: "de-DE",
      dir: "ltr",
      tag: eventId,
      silent: false,
      data: { kind: "message_reply", building: "Gartenweg 12", path: "/messages/t-1", event_id: eventId },
    },
  };
}

async function openSettings(page: Page, request: APIRequestContext) {
  const tenant = await createWalkTenant("push");
  const token = await apiLogin(request, tenant);
  await seedSession(page, token, await apiGet(request, "/auth/user", token));
  await page.goto("/settings");
  await waitForIntroGone(page);
  await expect(page.getByRole("heading", { level: 1, name: "Einstellungen" })).toBeVisible();
  return { token, tenant };
}

/** The service worker is active and controls this page (registered lazily after start-up). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
}

async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

test("subscribing in the settings registers the device; a delivered push shows its notification; 'Abmelden' removes the device", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? page.url()).origin;
  test.setTimeout(90_000);
  await context.grantPermissions(["notifications"], { origin });
  await fakePushService(page);
  const { token, tenant } = await openSettings(page, request);
  await waitForServiceWorker(page);

  const section = page.getByRole("region", { name: "Push auf diesem Gerät" });
  await expect(section.getByTestId("push-state")).toHaveText("Nicht eingeschaltet");
  await section.getByRole("button", { name: "Push einschalten" }).click();
  await expect(section.getByTestId("push-state")).toHaveText("Aktiv auf diesem Gerät", { timeout: 20_000 });
  await expect(toasts(page).getByText("Push eingeschaltet")).toBeVisible();

  // Registered on the server, and marked as this device in the list.
  const { devices } = await apiGet<{ devices: Device[] }>(request, "/tenant/push/devices", token);
  expect(devices).toHaveLength(1);
  await expect(section.getByText(`${devices[0]?.label} (dieses Gerät)`)).toBeVisible();

  // Deliver a push to the registered service worker.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const id = await registrationId;
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: id,
    data: JSON.stringify(payload("ev-e2e-1")),
  });
  await expect
    .poll(() => shownNotifications(page), { timeout: 15_000 })
    .toEqual([{ title: "Neue Antwort der Verwaltung", body: "Gartenweg 12", tag: "ev-e2e-1" }]);

  // The same event again replaces it (same tag); an unreadable push still shows one.
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data: "kein JSON" });
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: id,
    data: JSON.stringify(payload("ev-e2e-1")),
  });
  await expect
    .poll(async () => (await shownNotifications(page)).map((n) => n.title).sort(), { timeout: 15_000 })
    .toEqual(["Neue Antwort der Verwaltung", "Neue Nachricht von Ihrer Hausverwaltung"]);

  // E-mail and push per event, saved on the server.
  const documents = section.getByRole("group", { name: "Neue Dokumente" });
  await documents.getByRole("switch", { name: "Push" }).click();
  await expect
    .poll(
      async () =>
        (
          await apiGet<{ events: Record<string, { email: boolean; push: boolean }> }>(
            request,
            "/tenant/push/preferences",
            token,
          )
        ).events.document,
    )
    .toEqual({ email: true, push: true });

  // 'Abmelden' removes this device on the server before the token is revoked.
  await page.getByRole("button", { name: "Mehr" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const again = await apiLogin(request, tenant);
  await expect
    .poll(async () => (await apiGet<{ devices: Device[] }>(request, "/tenant/push/devices", again)).devices)
    .toEqual([]);
});

for (const width of [320, 390, 820, 1280]) {
  test(`the push settings at ${width} px, light and dark: accessible, nothing cut off`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(["notifications"], { origin: new URL(baseURL ?? page.url()).origin });
    await page.setViewportSize({ width, height: 900 });
    await openSettings(page, request);
    const section = page.getByRole("region", { name: "Push auf diesem Gerät" });
    await expect(section.getByRole("group", { name: "Aushänge und Störungen" })).toBeVisible();
    await expect(section.getByText("Noch kein Gerät erhält Push-Mitteilungen.")).toBeVisible();
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await section.scrollIntoViewIfNeeded();
      await expectAccessible(page, `Einstellungen ${width} px ${scheme}`);
      await expectNothingCutOff(page, `Einstellungen ${width} px ${scheme}`);
      await section.screenshot({ path: `/tmp/push-shots/settings-${width}-${scheme}.png` });
    }
  });
}
