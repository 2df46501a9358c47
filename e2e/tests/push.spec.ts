import type { APIRequestContext, Page } from "@playwright/test";
import { startDesktop } from "../desktop-notifications";
import { apiGet, apiHeaders, apiLogin, expect, seedSession, test, toasts, waitForIntroGone } from "../fixtures";
import { fakePushService, pushDelivery, pushPayload, shownNotifications } from "../push-service";
import { createWalkTenant, expectAccessible, expectNothingCutOff, SCHEMES } from "../walk-25";

/*
 * Web Push in the tenant app (issue 29): subscribing through the settings and the service worker
 * showing a delivered push (how Chromium is made to push: ../push-service.ts), and a click on
 * that notification opening its screen, clicked through a real desktop notification server
 * (../desktop-notifications.ts).
 */

interface Device {
  id: string;
  label: string;
}

/** An answer of the management, as the server pushes it. */
function payload(eventId: string) {
  return pushPayload(eventId, {
    title: "Neue Antwort der Verwaltung",
    building: "Gartenweg 12",
    path: "/messages/t-1",
    kind: "message_reply",
  });
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
  const push = await pushDelivery(context, page, origin);
  await push.deliver(JSON.stringify(payload("ev-e2e-1")));
  await expect
    .poll(() => shownNotifications(page), { timeout: 15_000 })
    .toEqual([{ title: "Neue Antwort der Verwaltung", body: "Gartenweg 12", tag: "ev-e2e-1" }]);

  // The same event again replaces it (same tag); an unreadable push still shows one.
  await push.deliver("kein JSON");
  await push.deliver(JSON.stringify(payload("ev-e2e-1")));
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

test("a click on the shown notification opens the conversation in the app (a desktop's notification server)", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error("baseURL fehlt");
  const origin = new URL(baseURL).origin;
  const desktop = await startDesktop();
  try {
    const context = await desktop.launch(baseURL);
    await context.grantPermissions(["notifications"], { origin });
    const page = context.pages()[0] ?? (await context.newPage());
    await fakePushService(page);
    const { token } = await openSettings(page, request);
    // A conversation of this tenant's own, which the management's answer is about.
    const created = await request.post("/api/v1/tenant/messages", {
      headers: apiHeaders(token),
      data: { subject: "Heizung im Bad", content: "Der Heizkörper im Bad bleibt kalt." },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await waitForServiceWorker(page);
    const section = page.getByRole("region", { name: "Push auf diesem Gerät" });
    await section.getByRole("button", { name: "Push einschalten" }).click();
    await expect(section.getByTestId("push-state")).toHaveText("Aktiv auf diesem Gerät", { timeout: 20_000 });

    const push = await pushDelivery(context, page, origin);
    await push.deliver(
      JSON.stringify(
        pushPayload("ev-e2e-click", {
          title: "Neue Antwort der Verwaltung",
          building: "Gartenweg 12",
          path: `/messages/${id}`,
          kind: "message_reply",
        }),
      ),
    );
    await expect.poll(() => desktop.shown(), { timeout: 15_000 }).toBe(1);
    desktop.clickNewest();
    // The app's window (on the settings) is focused and opens the conversation.
    await expect(page).toHaveURL(new RegExp(`/messages/${id}$`), { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Heizung im Bad" })).toBeVisible();
    await context.close();
  } finally {
    await desktop.stop();
  }
});
