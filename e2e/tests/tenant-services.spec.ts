import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { STAFF_PASSWORD, staffApiLogin } from "../console-fixtures";
import {
  apiGet,
  apiHeaders,
  apiLogin,
  expect,
  loginViaUi,
  seedSession,
  test,
  toasts,
  waitForIntroGone,
} from "../fixtures";
import { createPng } from "../sample-files";
import { admin, expectAccessible, expectNothingCutOff, SCHEMES, shot, WALK_PASSWORD } from "../walk-25";

// Issue 27 §3 and "Done when": the tenant sees "zuletzt erledigt" with the crew's photo, on the
// Hausdienste screen and as the dashboard's line; "Leistung fehlt" reported offline reaches the
// management's Eingang exactly once. Each test has a house, a tenant and a Verwalter of its own.

interface House {
  tenant: { email: string; password: string };
  staffToken: string;
  buildingId: string;
  stairsId: string;
}

const staffGet = async <T>(request: APIRequestContext, token: string, path: string): Promise<T> => {
  const res = await request.get(`/api/v1${path}`, { headers: apiHeaders(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
};

const staffPost = async <T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> => {
  const res = await request.post(`/api/v1${path}`, { headers: apiHeaders(token), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
};

/** From a small phone to a desktop (issue 27 "Done when": 320–1280 px). */
const WIDTHS = [320, 360, 390, 820, 1280] as const;

const todayInBerlin = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date());

/** A house with a tenant, its Verwalter, and a stairwell cleaning shown to tenants. */
async function createHouse(request: APIRequestContext): Promise<House> {
  const id = randomUUID().slice(0, 8);
  const address = `Dienstweg ${id}, 10115 Berlin`;
  const tenant = { email: `hausdienste-mieter-${id}@example.com`, password: WALK_PASSWORD };
  await admin([
    ...["create-tenant", "--email", tenant.email, "--password", tenant.password],
    ...["--first-name", "Łukasz", "--last-name", `Nowak-${id}`, "--address", address, "--apartment", "2 links"],
    ...["--start", "2025-01-01", "--base-rent", "600", "--utilities", "150"],
  ]);
  const staffEmail = `hausdienste-verwalter-${id}@example.com`;
  await admin([
    ...["create-staff", "--email", staffEmail, "--name", `Vera Dienst-${id}`, "--role", "verwalter"],
    ...["--buildings", address, "--password", STAFF_PASSWORD],
  ]);
  const staffToken = await staffApiLogin(request, staffEmail);
  const buildings = await staffGet<{ id: string; name: string }[]>(request, staffToken, "/staff/buildings");
  const buildingId = buildings.find((b) => b.name.startsWith(`Dienstweg ${id}`))?.id;
  expect(buildingId).toBeTruthy();
  const kinds = await staffGet<{ id: string; key: string; checklist: string[] }[]>(
    request,
    staffToken,
    "/staff/services/kinds",
  );
  const stairs = kinds.find((k) => k.key === "treppenhausreinigung");
  expect(stairs).toBeTruthy();
  await staffPost(request, staffToken, "/staff/service-plans", {
    building_id: buildingId,
    service_kind_id: stairs?.id,
    // Every working day: whatever day the test runs, a visit comes within the week.
    recurrence: { kind: "weekly", weekdays: [1, 2, 3, 4, 5, 6], every_weeks: 1 },
    window: { start: "07:00", end: "10:00" },
    checklist: stairs?.checklist ?? [],
    team: "Glanzwerk",
    tenant_visible: true,
    valid_from: todayInBerlin(),
  });
  return { tenant, staffToken, buildingId: buildingId as string, stairsId: stairs?.id as string };
}

/**
 * The Verwalter records a finished cleaning of the stairwell's next visit with an after-photo (the
 * crew app's requests): done now, a little ahead of its day when that is not today.
 */
async function recordCleaning(request: APIRequestContext, house: House) {
  const today = todayInBerlin();
  const until = new Date(Date.parse(`${today}T12:00:00Z`) + 9 * 86_400_000).toISOString().slice(0, 10);
  const visits = await staffGet<{ id: string }[] | { items: { id: string }[] }>(
    request,
    house.staffToken,
    `/staff/service-visits?building_id=${house.buildingId}&from=${today}&until=${until}`,
  );
  const visit = (Array.isArray(visits) ? visits : visits.items)[0];
  expect(visit).toBeTruthy();
  const recordId = randomUUID();
  const started = new Date(Date.now() - 40 * 60_000).toISOString();
  await staffPost(request, house.staffToken, "/staff/service-records", {
    id: recordId,
    visit_id: visit?.id,
    started_at: started,
    photos: [],
  });
  const photo = `data:image/png;base64,${createPng(320, 240).toString("base64")}`;
  await staffPost(request, house.staffToken, `/staff/service-records/${recordId}/finish`, {
    finished_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    checklist: [{ item: "Treppen gewischt", done: true }],
    photos: [{ dataUrl: photo, format: "png", filename: "treppe.png" }],
  });
}

async function openServices(page: Page) {
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("button", { name: "Mehr" }).click();
  await page.getByRole("dialog", { name: "Mehr" }).getByRole("link", { name: "Hausdienste" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hausdienste" })).toBeVisible();
}

for (const scheme of SCHEMES) {
  test(`the tenant sees 'zuletzt erledigt' with the crew's photo and today's line on the dashboard (${scheme})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    const house = await createHouse(request);
    await recordCleaning(request, house);
    await loginViaUi(page, house.tenant);

    const line = page.getByTestId("dashboard-services");
    await expect(line.getByText(/^Treppenhausreinigung: erledigt um \d{1,2}:\d{2} Uhr$/)).toBeVisible({
      timeout: 15_000,
    });

    await openServices(page);
    const card = page.getByTestId("service-card").filter({ hasText: "Treppenhausreinigung" });
    await expect(card.getByText(/^Heute \d{1,2}:\d{2} Uhr$/)).toBeVisible();
    await expect(card.getByText("Vera (Glanzwerk)", { exact: true })).toBeVisible();
    const photo = card.getByRole("button", { name: /Foto nach der Arbeit: Treppenhausreinigung/ });
    await expect(photo.locator("img")).toBeVisible();
    expect(await photo.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(card.getByRole("group", { name: "Treppenhausreinigung bewerten" })).toBeVisible();

    // A rating: one tap, stored once, shown as the tenant's own.
    await card.getByRole("button", { name: "4 Sterne" }).click();
    await expect(toasts(page).getByText("Danke für Ihre Bewertung")).toBeVisible();
    await expect(card.getByText("Ihre Bewertung: 4 von 5 Sternen")).toBeVisible();
  });
}

/** How many lines the text of an element takes on screen (its icons not counted). */
const textLines = (element: Locator) =>
  element.evaluate((el) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });

/**
 * Issue 27 "Done when": the dashboard's Hausdienste line, the Hausdienste screen and the
 * 'Leistung fehlt' form at every width from a small phone to a desktop, light and dark: no axe
 * violation, nothing cut off. One page walks the three screens (in-app links, no reloads).
 */
test("the Hausdienste screens at 320–1280 px, light and dark: accessible, nothing cut off", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const house = await createHouse(request);
  await recordCleaning(request, house);
  const token = await apiLogin(request, house.tenant);
  await seedSession(page, token, await apiGet(request, "/auth/user", token));
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto("/");
  await waitForIntroGone(page);
  await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();

  const checkEveryWidth = async (name: string, where: string, more?: (where: string) => Promise<void>) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectAccessible(page, `${where} ${width} px ${scheme}`);
        await expectNothingCutOff(page, `${where} ${width} px ${scheme}`);
        await more?.(`${where} ${width} px ${scheme}`);
        await shot(page, `tenant-${name}-${width}-${scheme}`);
      }
    }
  };

  const line = page.getByTestId("dashboard-services");
  await expect(line.getByText(/^Treppenhausreinigung: erledigt um \d{1,2}:\d{2} Uhr$/)).toBeVisible({
    timeout: 15_000,
  });
  await checkEveryWidth("dashboard-services", "Übersicht mit Hausdiensten", async (where) => {
    // Its title's long word is not broken in the middle: the title takes a single line.
    const title = line.getByRole("heading", { name: "Hausdienste heute" });
    expect.soft(await textLines(title), `${where}: Titel in einer Zeile`).toBe(1);
  });

  await line.getByRole("link", { name: "Alle Hausdienste" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hausdienste" })).toBeVisible();
  const card = page.getByTestId("service-card").filter({ hasText: "Treppenhausreinigung" });
  await expect(card.getByRole("button", { name: /Foto nach der Arbeit/ }).locator("img")).toBeVisible();
  await checkEveryWidth("services", "Hausdienste");

  await page.getByRole("link", { name: "Leistung fehlt melden" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Leistung fehlt" })).toBeVisible();
  await expect(page.getByLabel("Leistung", { exact: true })).toBeVisible();
  await checkEveryWidth("service-report", "Leistung fehlt");
});

test("'Leistung fehlt' reported offline reaches the Eingang exactly once", async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const house = await createHouse(request);
  await loginViaUi(page, house.tenant);
  await openServices(page);
  // Open the form online (its code and the services list are then on the device), then cut the network.
  await page.getByRole("link", { name: "Leistung fehlt melden" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Leistung fehlt" })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText("Sie sind offline. Die Meldung wird gesendet", { exact: false })).toBeVisible();
  const marker = randomUUID().slice(0, 8);
  await page.getByLabel("Leistung", { exact: true }).selectOption({ label: "Treppenhausreinigung" });
  await page.getByLabel("Was fehlte oder war nicht in Ordnung?").fill(`Nicht gewischt (${marker}).`);
  await expectAccessible(page, "Leistung fehlt offline");
  await expectNothingCutOff(page, "Leistung fehlt offline");
  await page.getByRole("button", { name: "Meldung senden" }).click();
  await expect(toasts(page).getByText("Offline gespeichert")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Hausdienste" })).toBeVisible();

  // Back online: sent once; the Verwalter's Eingang has one item for it.
  await context.setOffline(false);
  await expect(toasts(page).getByText("Synchronisierung abgeschlossen")).toBeVisible({ timeout: 20_000 });
  const subject = `Leistung fehlt: Treppenhausreinigung am ${new Intl.DateTimeFormat("de-DE", {
    timeZone: "Europe/Berlin",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date())}`;
  await expect
    .poll(async () => {
      const inbox = await staffGet<{ items: { title: string }[] }>(request, house.staffToken, "/staff/inbox");
      return inbox.items.filter((i) => i.title === subject).length;
    })
    .toBe(1);
  const reports = await staffGet<{ text: string }[] | { items: { text: string }[] }>(
    request,
    house.staffToken,
    "/staff/service-reports",
  );
  const list = Array.isArray(reports) ? reports : reports.items;
  expect(list.filter((r) => r.text.includes(marker))).toHaveLength(1);
});
