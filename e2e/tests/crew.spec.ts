import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { berlinDate } from "../berlin-dates";
import { STAFF_PASSWORD, staffApiLogin } from "../console-fixtures";
import { apiHeaders, expect, test, waitForAnimationsSettled } from "../fixtures";
import { createPng } from "../sample-files";
import { admin, expectAccessible, expectNothingCutOff, WALK_BUILDING } from "../walk-25";

// Issue 27 §2, "Done when": a crew member at 360 px goes offline, starts and finishes an Einsatz
// with two photos and the checklist, reloads offline, comes back online → exactly one record with
// both photos (checked through the staff API). The crew app "Einsätze" under /einsatz (decision 052).

test.use({ viewport: { width: 360, height: 780 } });

const WIDTHS = [320, 360, 390, 820, 1280] as const;

async function shot(page: Page, name: string) {
  mkdirSync("/tmp/crew", { recursive: true });
  await waitForAnimationsSettled(page);
  await page.screenshot({ path: `/tmp/crew/${name}.png`, fullPage: true });
}

/** The header's brand, name and buttons side by side, none drawn over another (at 320 px the name ran under "Einsätze"). */
async function expectHeaderApart(page: Page, label: string) {
  const overlaps = await page.evaluate(() => {
    const header = document.querySelector("header");
    if (!header) return [];
    // What is drawn: an element's box, or its text where that runs out of a box that does not clip.
    const drawn = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (getComputedStyle(el).overflowX !== "visible") return box;
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      return {
        left: Math.min(box.left, text.left),
        right: Math.max(box.right, text.right),
        top: Math.min(box.top, text.top),
        bottom: Math.max(box.bottom, text.bottom),
      };
    };
    const parts = [...header.querySelectorAll(":scope > a, :scope > div > *")].map((el) => ({
      text: el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName,
      box: drawn(el),
    }));
    const found: string[] = [];
    for (const [i, a] of parts.entries())
      for (const b of parts.slice(i + 1))
        if (
          a.box.left < b.box.right - 0.5 &&
          b.box.left < a.box.right - 0.5 &&
          a.box.top < b.box.bottom &&
          b.box.top < a.box.bottom
        )
          found.push(`${a.text} / ${b.text}`);
    return found;
  });
  expect(overlaps, label).toEqual([]);
}

/** Axe in light and dark (the app follows the system's scheme) and nothing cut off at every width. */
async function lookAt(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page, `${name} (${scheme})`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 780 });
      await expectNothingCutOff(page, `${name} ${width} px ${scheme}`);
      await expectHeaderApart(page, `${name} ${width} px ${scheme}`);
      await shot(page, `${name}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 360, height: 780 });
}

test("a crew member records an Einsatz offline with two photos and the checklist; it arrives once", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const id = randomUUID().slice(0, 8);
  const manager = { email: `crew-plan-${id}@example.com`, name: `Vera Plan-${id}` };
  const crew = { email: `crew-${id}@example.com`, name: `Jana Einsatz-${id}` };
  for (const [person, role] of [
    [manager, "verwalter"],
    [crew, "dienstleister"],
  ] as const) {
    await admin([
      "create-staff",
      "--email",
      person.email,
      "--name",
      person.name,
      "--role",
      role,
      "--buildings",
      WALK_BUILDING.address,
      "--password",
      STAFF_PASSWORD,
    ]);
  }

  // The manager plans Treppenhausreinigung every day from today, in a window of this test's own.
  const managerToken = await staffApiLogin(request, manager.email);
  const headers = apiHeaders(managerToken);
  const buildings = (await (await request.get("/api/v1/staff/buildings", { headers })).json()) as {
    id: string;
    name: string;
  }[];
  const building = buildings.find((b) => b.name === WALK_BUILDING.name)!;
  const kinds = (await (await request.get("/api/v1/staff/services/kinds", { headers })).json()) as {
    id: string;
    key: string;
    checklist: string[];
  }[];
  const kind = kinds.find((k) => k.key === "treppenhausreinigung")!;
  const start = `05:${String(10 + Math.floor(Math.random() * 50)).padStart(2, "0")}`;
  const today = berlinDate(0);
  const planned = await request.post("/api/v1/staff/service-plans", {
    headers,
    data: {
      building_id: building.id,
      service_kind_id: kind.id,
      valid_from: today,
      recurrence: { kind: "weekly", weekdays: [1, 2, 3, 4, 5, 6, 7], every_weeks: 1 },
      window: { start, end: "22:00" },
      checklist: kind.checklist,
      team: `Team ${id}`,
      tenant_visible: true,
    },
  });
  expect(planned.status(), await planned.text()).toBe(201);
  const visitsToday = async () =>
    (
      (await (
        await request.get(`/api/v1/staff/service-visits?from=${today}&until=${today}&building_id=${building.id}`, {
          headers,
        })
      ).json()) as { id: string; window: { start: string }; record: { id: string; state: string } | null }[]
    ).filter((v) => v.window.start === start);
  expect(await visitsToday()).toHaveLength(1);

  // Anmelden at 360 px.
  await page.goto("/einsatz/");
  await expect(page.getByRole("heading", { name: "Einsätze – Anmelden" })).toBeVisible();
  await lookAt(page, "anmelden");
  await page.getByLabel("E-Mail-Adresse").fill(crew.email);
  await page.getByLabel("Passwort").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();

  // Heute: the planned Einsatz of Gartenweg 12.
  await expect(page.getByRole("heading", { level: 1, name: /^Heute, / })).toBeVisible({ timeout: 15_000 });
  const card = page.getByRole("link", { name: `Treppenhausreinigung, ${WALK_BUILDING.name}, geplant` }).filter({
    hasText: `${start}–22:00 Uhr`,
  });
  await expect(card).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Alles synchronisiert");
  // The service worker controls the page: a reload works without network.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
    timeout: 20_000,
  });
  await lookAt(page, "heute");

  // Offline in the cellar: Beginn with a before-photo, the checklist, an after-photo, Ende.
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: "Treppenhausreinigung" })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole("status")).toHaveText("Offline – Eingaben werden auf dem Gerät gespeichert");
  await page.getByLabel("Foto aufnehmen oder wählen").setInputFiles({
    name: "vorher.png",
    mimeType: "image/png",
    buffer: createPng(640, 480, 40),
  });
  await expect(page.getByRole("img", { name: "Fotos vorher: Foto 1" })).toBeVisible();
  await lookAt(page, "einsatz-beginn");
  await page.getByRole("button", { name: "Beginn" }).click();
  await expect(page.getByText("wartet auf Synchronisierung", { exact: true })).toBeVisible();
  for (const item of kind.checklist) await page.getByRole("checkbox", { name: item }).check();
  await page.getByLabel("Bemerkung").fill(`Kellertür klemmt (${id})`);
  await page.getByLabel("Foto aufnehmen oder wählen").setInputFiles({
    name: "nachher.png",
    mimeType: "image/png",
    buffer: createPng(800, 600, 200),
  });
  await expect(page.getByRole("img", { name: "Fotos nachher: Foto 1" })).toBeVisible();
  await lookAt(page, "einsatz-ende");
  await page.getByRole("button", { name: "Ende" }).click();
  await expect(page.getByText(/wartet auf Synchronisierung\./)).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Offline – 2 Änderungen warten auf Synchronisierung");

  // Reload offline: the app comes from the service worker, the Einsatz and the queue from the device.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Treppenhausreinigung" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("status")).toHaveText("Offline – 2 Änderungen warten auf Synchronisierung");
  await page.getByRole("link", { name: "Heute" }).click();
  const done = page.getByRole("link", { name: `Treppenhausreinigung, ${WALK_BUILDING.name}, erledigt` }).filter({
    hasText: `${start}–22:00 Uhr`,
  });
  await expect(done).toContainText("wartet auf Synchronisierung");
  await lookAt(page, "heute-offline");
  expect(await visitsToday()).toEqual([expect.objectContaining({ record: null })]);

  // Back online: the queue sends both, once.
  await context.setOffline(false);
  await expect(page.getByRole("status")).toHaveText("Alles synchronisiert", { timeout: 20_000 });
  await expect(done).not.toContainText("wartet auf Synchronisierung");

  const [visit] = await visitsToday();
  expect(visit!.record).toMatchObject({ state: "finished" });
  const record = await request.get(`/api/v1/staff/service-records/${visit!.record!.id}`, { headers });
  expect(record.status(), await record.text()).toBe(200);
  const body = (await record.json()) as {
    photos: { kind: string }[];
    checklist: { item: string; done: boolean }[];
    remark: string;
    content_hash: string | null;
    crew: { first_name: string };
  };
  expect(body.photos.map((p) => p.kind)).toEqual(["before", "after"]);
  expect(body.checklist).toEqual(kind.checklist.map((item) => ({ item, done: true })));
  expect(body.remark).toBe(`Kellertür klemmt (${id})`);
  expect(body.content_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(body.crew.first_name).toBe("Jana");
  // A second sync has nothing left to send: still the one record.
  await page.reload();
  await expect(page.getByRole("status")).toHaveText("Alles synchronisiert");
  expect((await visitsToday()).map((v) => v.record?.id)).toEqual([visit!.record!.id]);
});

test("a tenant's installed app leaves /einsatz to the crew's app", async ({ page }) => {
  // The tenant app's service worker (scope /) answers every navigation with its own shell unless
  // a path is on its deny list: a Hausmeister who also rents here would never reach the crew's app.
  await page.goto("/login");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
    timeout: 20_000,
  });
  await page.goto("/einsatz/");
  await expect(page.getByRole("heading", { name: "Einsätze – Anmelden" })).toBeVisible();
});
