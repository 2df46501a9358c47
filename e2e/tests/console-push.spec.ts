import { randomUUID } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { ADMIN, STAFF_PASSWORD, seedStaffSession, staffApiLogin } from "../console-fixtures";
import { startDesktop } from "../desktop-notifications";
import { apiGet, apiHeaders, expect, test, toasts } from "../fixtures";
import { fakePushService, fakeSubscription, pushDelivery, pushPayload, shownNotifications } from "../push-service";
import { admin, expectAccessible, expectNothingCutOff, SCHEMES, WALK_BUILDING } from "../walk-25";

/*
 * Web Push in the staff console (issue 29): the Profil's 'Push-Benachrichtigungen' card with the
 * console's own push-only service worker (scope /verwaltung/), a push delivered to it, the
 * device's removal, a click on the notification (through a real desktop notification server:
 * ../desktop-notifications.ts), and the Administrators' 'Push-Zustellung'. How Chromium is made to push:
 * ../push-service.ts. Each test signs in a staff member of its own (the devices are theirs).
 */

test.use({ viewport: { width: 1280, height: 900 } });

const CONSOLE_SCOPE = "/verwaltung/";

interface Device {
  id: string;
  label: string;
}

interface DeliveryOverview {
  devices: { tenant: number; staff: number };
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Hauptnavigation" });

/** A staff member of Gartenweg 12 for this test alone, signed in through the API. */
async function newStaff(request: APIRequestContext, role: "verwalter" | "hausmeister" = "verwalter") {
  const id = randomUUID().slice(0, 8);
  const email = `push-${role}-${id}@example.com`;
  await admin([
    "create-staff",
    "--email",
    email,
    "--name",
    `Petra Push-${id}`,
    "--role",
    role,
    "--buildings",
    WALK_BUILDING.address,
    "--password",
    STAFF_PASSWORD,
  ]);
  return { email, token: await staffApiLogin(request, email) };
}

/** A device registered for the staff member as the console registers one (PUT /staff/push/subscription). */
async function registerDevice(request: APIRequestContext, token: string, label: string) {
  const res = await request.put("/api/v1/staff/push/subscription", {
    headers: apiHeaders(token),
    data: { ...fakeSubscription(), label },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** How often the page asked for the notification permission (Notification.requestPermission, passed on). */
async function countPermissionRequests(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { permissionRequests: number };
    const ask = Notification.requestPermission.bind(Notification);
    counted.permissionRequests = 0;
    Notification.requestPermission = (callback) => {
      counted.permissionRequests += 1;
      return ask(callback);
    };
  });
  return () => page.evaluate(() => (window as unknown as { permissionRequests: number }).permissionRequests);
}

/** The service workers registered on this origin: scope and script. */
function registrations(page: Page) {
  return page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => ({
      scope: new URL(r.scope).pathname,
      script: new URL(r.active?.scriptURL ?? r.installing?.scriptURL ?? r.waiting?.scriptURL ?? "", location.href)
        .pathname,
    })),
  );
}

async function openProfile(page: Page, token: string) {
  await seedStaffSession(page, token);
  await page.goto("/verwaltung/profil");
  await expect(page.getByRole("heading", { level: 1, name: "Profil" })).toBeVisible({ timeout: 20_000 });
  return page.getByRole("region", { name: "Push-Benachrichtigungen" });
}

/** Push allowed for the console's origin, the page's push service answering (../push-service.ts). */
async function pushReady(context: BrowserContext, page: Page, origin: string) {
  await context.grantPermissions(["notifications"], { origin });
  await fakePushService(page);
}

test("a click on the shown notification opens the item in the console's window (a desktop's notification server)", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error("baseURL fehlt");
  const origin = new URL(baseURL).origin;
  const desktop = await startDesktop();
  try {
    const context = await desktop.launch(baseURL);
    const page = context.pages()[0] ?? (await context.newPage());
    await pushReady(context, page, origin);
    const { token } = await newStaff(request);
    const card = await openProfile(page, token);
    await card.getByRole("switch", { name: "Push auf diesem Gerät" }).click();
    await expect(card.getByTestId("push-state")).toHaveText("Aktiv auf diesem Gerät", { timeout: 20_000 });

    const repair = randomUUID();
    const push = await pushDelivery(context, page, origin, CONSOLE_SCOPE);
    await push.deliver(
      JSON.stringify(
        pushPayload(randomUUID(), {
          title: "Neue Notfall-Reparatur",
          building: WALK_BUILDING.name,
          path: `/verwaltung/reparaturen/${repair}`,
          kind: "emergency_repair",
        }),
      ),
    );
    await expect.poll(() => desktop.shown(), { timeout: 15_000 }).toBe(1);
    desktop.clickNewest();
    // The console's window (on the Profil) is focused and opens the repair; no other window opens.
    await expect(page).toHaveURL(new RegExp(`/verwaltung/reparaturen/${repair}$`), { timeout: 15_000 });
    expect(context.pages()).toHaveLength(1);
    await context.close();
  } finally {
    await desktop.stop();
  }
});

test("a Verwalter turns push on in the Profil; a delivered push shows its notification; 'Entfernen' removes the device", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL ?? page.url()).origin;
  await pushReady(context, page, origin);
  const permissionRequests = await countPermissionRequests(page);
  const { token } = await newStaff(request);
  const card = await openProfile(page, token);

  // Nothing asked and nothing registered before the tap.
  const toggle = card.getByRole("switch", { name: "Push auf diesem Gerät" });
  await expect(card.getByTestId("push-state")).toHaveText("Nicht eingeschaltet");
  await expect(toggle).not.toBeChecked();
  await expect(card.getByText("Noch kein Gerät erhält Push-Mitteilungen.")).toBeVisible();
  expect(await permissionRequests()).toBe(0);
  expect(await registrations(page)).toEqual([]);

  await toggle.click();
  await expect(card.getByTestId("push-state")).toHaveText("Aktiv auf diesem Gerät", { timeout: 20_000 });
  await expect(toggle).toBeChecked();
  await expect(toasts(page).getByText("Push eingeschaltet")).toBeVisible();
  expect(await permissionRequests()).toBe(1);
  // The console's own push worker, scoped to the console (the tenant app's worker at / is not used).
  expect(await registrations(page)).toEqual([{ scope: CONSOLE_SCOPE, script: "/verwaltung/push-sw.js" }]);

  // Registered on the server, and marked as this device under 'Meine Geräte'.
  const { devices } = await apiGet<{ devices: Device[] }>(request, "/staff/push/devices", token);
  expect(devices).toHaveLength(1);
  const thisDevice = `${devices[0]?.label} (dieses Gerät)`;
  const myDevices = card.getByRole("region", { name: "Meine Geräte" });
  await expect(myDevices.getByText(thisDevice)).toBeVisible();

  // A push as the server sends it for a tenant's emergency repair in the staff member's building.
  const eventId = randomUUID();
  const push = await pushDelivery(context, page, origin, CONSOLE_SCOPE);
  await push.deliver(
    JSON.stringify(
      pushPayload(eventId, {
        title: "Neue Notfall-Reparatur",
        building: WALK_BUILDING.name,
        path: `/verwaltung/reparaturen/${randomUUID()}`,
        kind: "emergency_repair",
      }),
    ),
  );
  await expect
    .poll(() => shownNotifications(page, CONSOLE_SCOPE), { timeout: 15_000 })
    .toEqual([{ title: "Neue Notfall-Reparatur", body: WALK_BUILDING.name, tag: eventId }]);

  // 'Entfernen' of this device: gone from the list and the server, and the browser's subscription too.
  await myDevices.getByRole("button", { name: `${thisDevice} entfernen` }).click();
  await expect(toasts(page).getByText("Gerät entfernt")).toBeVisible();
  await expect(myDevices.getByText("Noch kein Gerät erhält Push-Mitteilungen.")).toBeVisible();
  expect((await apiGet<{ devices: Device[] }>(request, "/staff/push/devices", token)).devices).toEqual([]);
  await expect
    .poll(() =>
      page.evaluate(async (scope) => {
        const registration = await navigator.serviceWorker.getRegistration(scope);
        return (await registration?.pushManager.getSubscription()) ?? null;
      }, CONSOLE_SCOPE),
    )
    .toBeNull();
  await expect(card.getByTestId("push-state")).toHaveText("Nicht eingeschaltet");
  await expect(toggle).not.toBeChecked();
});

test("'Abmelden' removes this device on the server while the session still counts", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await pushReady(context, page, new URL(baseURL ?? page.url()).origin);
  const staff = await newStaff(request);
  const card = await openProfile(page, staff.token);
  await card.getByRole("switch", { name: "Push auf diesem Gerät" }).click();
  await expect(card.getByTestId("push-state")).toHaveText("Aktiv auf diesem Gerät", { timeout: 20_000 });
  expect((await apiGet<{ devices: Device[] }>(request, "/staff/push/devices", staff.token)).devices).toHaveLength(1);

  await nav(page).getByRole("button", { name: "Abmelden" }).click();
  // Signed out on purpose: the next one to sign in here starts at the Eingang, not on this Profil.
  await expect(page).toHaveURL(/\/verwaltung\/anmelden$/);
  const again = await staffApiLogin(request, staff.email);
  expect((await apiGet<{ devices: Device[] }>(request, "/staff/push/devices", again)).devices).toEqual([]);
});

test("an Administrator sees a staff member's new device in 'Push-Zustellung'", async ({ page, request }) => {
  test.setTimeout(90_000);
  const adminToken = await staffApiLogin(request, ADMIN.email);
  const before = (await apiGet<DeliveryOverview>(request, "/staff/push/deliveries", adminToken)).devices;
  const staff = await newStaff(request);
  await registerDevice(request, staff.token, "Chrome auf Windows");

  await seedStaffSession(page, adminToken);
  await page.goto("/verwaltung/");
  await expect(page.getByRole("heading", { level: 1, name: "Eingang" })).toBeVisible({ timeout: 20_000 });
  await nav(page).getByRole("link", { name: "Push-Zustellung" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Push-Zustellung" })).toBeVisible();
  await expect(page.getByTestId("push-devices-staff")).toHaveText(String(before.staff + 1));
  await expect(page.getByTestId("push-devices-tenant")).toHaveText(String(before.tenant));
  await expect(page.getByTestId("push-devices-all")).toHaveText(String(before.tenant + before.staff + 1));
});

for (const role of ["verwalter", "hausmeister"] as const) {
  test(`a ${role} sees neither the link to 'Push-Zustellung' nor its data; the server refuses it`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const staff = await newStaff(request, role);
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/staff/push/deliveries")) asked.push(r.url());
    });
    await seedStaffSession(page, staff.token);
    await page.goto("/verwaltung/profil");
    await expect(page.getByRole("heading", { level: 1, name: "Profil" })).toBeVisible({ timeout: 20_000 });
    await expect(nav(page).getByRole("link", { name: "Profil" })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Push-Zustellung" })).toHaveCount(0);

    await page.goto("/verwaltung/push-zustellung");
    await expect(page.getByRole("heading", { level: 1, name: "Kein Zugriff" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Dieser Bereich ist Administratoren vorbehalten.")).toBeVisible();
    await expect(page.getByText("Geräte mit Push")).toHaveCount(0);
    expect(asked).toEqual([]);

    const refused = await request.get("/api/v1/staff/push/deliveries", { headers: apiHeaders(staff.token) });
    expect(refused.status()).toBe(403);
  });
}

for (const width of [320, 360, 390, 820, 1280]) {
  test(`the Profil's push card at ${width} px, light and dark: accessible, nothing cut off`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(["notifications"], { origin: new URL(baseURL ?? page.url()).origin });
    await page.setViewportSize({ width, height: 900 });
    const { token } = await newStaff(request);
    await registerDevice(request, token, "Firefox auf Windows");
    const card = await openProfile(page, token);
    await expect(card.getByTestId("push-state")).toHaveText("Nicht eingeschaltet");
    await expect(card.getByRole("switch", { name: "Neue Notfall-Reparaturen in meinen Gebäuden" })).toBeChecked();
    await expect(card.getByRole("button", { name: "Firefox auf Windows entfernen" })).toBeVisible();
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await card.scrollIntoViewIfNeeded();
      await expectAccessible(page, `Profil ${width} px ${scheme}`);
      await expectNothingCutOff(page, `Profil ${width} px ${scheme}`);
      await card.screenshot({ path: `/tmp/push-shots/console-profil-${width}-${scheme}.png` });
    }
  });
}
