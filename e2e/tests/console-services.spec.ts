import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { berlinDate } from "../berlin-dates";
import { STAFF_PASSWORD, seedStaffSession, staffApiLogin } from "../console-fixtures";
import { apiHeaders, expect, test, waitForAnimationsSettled } from "../fixtures";
import { admin, berlinInstant, expectAccessible, expectNothingCutOff, SCHEMES, WALK_BUILDING } from "../walk-25";

// Issue 27 §1 and §4 in the console: a Verwalter plans a service for a building, sees the next
// dates before saving and the planned Einsätze in the week overview. Axe clean in light and dark,
// nothing cut off from 320 to 1280 px.

const WIDTHS = [320, 360, 390, 820, 1280] as const;
// Movable holidays never fall on a Tuesday or Wednesday; the fixed ones are listed.
const FIXED_HOLIDAYS = ["01-01", "03-08", "05-01", "10-03", "12-25", "12-26"];
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The first `count` Tuesdays and Wednesdays from today on (none of them a holiday), worked out apart from the app. */
function tuesdaysAndWednesdays(count: number): string[] {
  const dates: string[] = [];
  for (let offset = 0; dates.length < count; offset++) {
    const date = berlinDate(offset);
    if ([2, 3].includes(weekdayOf(date))) dates.push(date);
  }
  if (dates.some((d) => FIXED_HOLIDAYS.includes(d.slice(5))))
    throw new Error(`Ein Feiertag unter ${dates.join(", ")}: die Vorschau verschiebt ihn, der Test rechnet das nicht.`);
  return dates;
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat("de-DE", {
    timeZone: "UTC",
    weekday: "long",
    day: "2-digit",
    month: "long",
    year: "numeric",
  }).format(new Date(`${date}T00:00:00Z`));

const mondayOf = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

/** A screenshot of the whole page to /tmp/consvc/<name>.png, to look at. */
async function shot(page: Page, name: string) {
  mkdirSync("/tmp/consvc", { recursive: true });
  await waitForAnimationsSettled(page);
  await page.screenshot({ path: `/tmp/consvc/${name}.png`, fullPage: true });
}

async function eachWidth(page: Page, visit: (width: number) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await visit(width);
  }
}

for (const scheme of SCHEMES) {
  test.describe(`console Hausdienste (${scheme})`, () => {
    test.use({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });

    test("a Verwalter plans a service, sees its next dates and the week's Einsätze", async ({ page, request }) => {
      test.setTimeout(240_000);
      const id = randomUUID().slice(0, 8);
      const manager = { email: `hausdienste-${id}@example.com`, name: `Vera Plan-${id}` };
      await admin([
        "create-staff",
        "--email",
        manager.email,
        "--name",
        manager.name,
        "--role",
        "verwalter",
        "--buildings",
        WALK_BUILDING.address,
        "--password",
        STAFF_PASSWORD,
      ]);
      const token = await staffApiLogin(request, manager.email);
      await seedStaffSession(page, token);
      // A window of this test's own, so its visits are told apart from other runs' plans.
      const window = scheme === "light" ? { start: "07:10", end: "09:40" } : { start: "07:20", end: "09:50" };
      const team = `Reinigung ${id}`;

      await page.goto("/verwaltung/");
      await page
        .getByRole("navigation", { name: "Hauptnavigation" })
        .getByRole("link", { name: "Hausdienste" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Hausdienste" })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "Leistungskatalog" })).toBeVisible();
      await expect(page.getByText("Gebäudereinigung (BetrKV § 2 Nr. 9)").first()).toBeVisible();
      await expectAccessible(page, `Hausdienste ${scheme}`);
      await page.getByRole("link", { name: `Pläne und Nachweise: ${WALK_BUILDING.name}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Hausdienste: ${WALK_BUILDING.name}` })).toBeVisible();
      await expect(page.getByRole("button", { name: "Leistungsnachweis (PDF)" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Leistungsnachweis (CSV)" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Räum- und Streuprotokoll (PDF)" })).toBeVisible();

      await page.getByRole("button", { name: "Plan anlegen" }).click();
      const dialog = page.getByRole("dialog", { name: "Plan anlegen" });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("Leistung").selectOption({ label: "Treppenhausreinigung" });
      await dialog.getByRole("checkbox", { name: "Montag" }).uncheck();
      await dialog.getByRole("checkbox", { name: "Dienstag" }).check();
      await dialog.getByRole("checkbox", { name: "Mittwoch" }).check();
      await dialog.getByLabel("Zeitfenster ab").fill(window.start);
      await dialog.getByLabel("Zeitfenster bis").fill(window.end);
      await dialog.getByLabel("Team (optional)").fill(team);
      const dates = tuesdaysAndWednesdays(5);
      await expect(dialog.getByTestId("plan-preview").getByRole("listitem")).toHaveText(
        dates.map((date) => `${longDate(date)}, ${window.start}–${window.end} Uhr`),
      );
      await eachWidth(page, async (width) => {
        await expectNothingCutOff(page, `Plan anlegen ${width} px ${scheme}`);
        await shot(page, `console-plan-anlegen-${width}-${scheme}`);
      });
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectAccessible(page, `Plan anlegen ${scheme}`);
      await dialog.getByRole("button", { name: "Plan anlegen" }).click();
      await expect(dialog).toHaveCount(0);

      const card = page.getByTestId("service-plan").filter({ hasText: team });
      await expect(card).toContainText("Treppenhausreinigung");
      await expect(card).toContainText(`wöchentlich Di, Mi, ${window.start}–${window.end} Uhr`);
      await expect(card).toContainText("für Mieter sichtbar");
      await eachWidth(page, async (width) => {
        await expectNothingCutOff(page, `Gebäude ${width} px ${scheme}`);
        await shot(page, `console-hausdienste-gebaeude-${width}-${scheme}`);
      });
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectAccessible(page, `Gebäude ${scheme}`);

      // The manager records the first Einsatz through the API, as the crew app would (Beginn, Ende).
      const buildings = await request.get("/api/v1/staff/buildings", { headers: apiHeaders(token) });
      const building = ((await buildings.json()) as { id: string; name: string }[]).find(
        (b) => b.name === WALK_BUILDING.name,
      )!;
      const visits = await request.get(
        `/api/v1/staff/service-visits?from=${dates[0]}&until=${dates[0]}&building_id=${building.id}`,
        { headers: apiHeaders(token) },
      );
      expect(visits.status(), await visits.text()).toBe(200);
      const planned = ((await visits.json()) as { id: string; window: { start: string } }[]).find(
        (v) => v.window.start === window.start,
      )!;
      const recordId = randomUUID();
      const started = await request.post("/api/v1/staff/service-records", {
        headers: apiHeaders(token),
        data: { id: recordId, visit_id: planned.id, started_at: berlinInstant(dates[0]!, 8) },
      });
      expect(started.status(), await started.text()).toBe(201);
      const finished = await request.post(`/api/v1/staff/service-records/${recordId}/finish`, {
        headers: apiHeaders(token),
        data: {
          finished_at: berlinInstant(dates[0]!, 9),
          checklist: [
            { item: "Treppen und Podeste gefegt und gewischt", done: true },
            { item: "Handläufe abgewischt", done: false },
          ],
          materials: [{ name: "Reinigungsmittel", amount: 0.5, unit: "l" }],
          remark: "Keller nicht zugänglich",
        },
      });
      expect(finished.status(), await finished.text()).toBe(200);
      const hash = ((await finished.json()) as { content_hash: string }).content_hash;

      await page.getByRole("link", { name: "Wochenübersicht", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Einsätze: ${WALK_BUILDING.name}` })).toBeVisible();
      if (mondayOf(dates[0]!) !== mondayOf(berlinDate(0)))
        await page.getByRole("link", { name: "Nächste Woche" }).click();
      const [, m, d] = dates[0]!.split("-");
      await expect(page.getByText(`Woche vom ${mondayOf(dates[0]!).split("-").reverse().join(".")}`)).toBeVisible();
      const day = page.getByTestId("service-day").filter({ hasText: `${d}.${m}.` });
      const visit = day
        .getByTestId("service-visit")
        .filter({ hasText: `${window.start}–${window.end} Uhr` })
        .first();
      await expect(visit).toContainText("Treppenhausreinigung");
      await expect(visit).toContainText("erledigt");
      await expect(visit).toContainText("08:00–09:00 Uhr · Vera");
      await eachWidth(page, async (width) => {
        await expectNothingCutOff(page, `Woche ${width} px ${scheme}`);
        await shot(page, `console-hausdienste-woche-${width}-${scheme}`);
      });
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectAccessible(page, `Woche ${scheme}`);

      await visit.getByRole("link", { name: "Einsatz ansehen: Treppenhausreinigung" }).click();
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: `Treppenhausreinigung am ${dates[0]!.split("-").reverse().join(".")}`,
        }),
      ).toBeVisible();
      await expect(page.getByText(hash)).toBeVisible();
      await expect(page.getByText("Reinigungsmittel: 0,5 l")).toBeVisible();
      await expect(page.getByText("Keller nicht zugänglich")).toBeVisible();
      await expect(page.getByText(/Handläufe abgewischt\s*: nicht erledigt/)).toBeAttached();
      await eachWidth(page, async (width) => {
        await expectNothingCutOff(page, `Einsatz ${width} px ${scheme}`);
        await shot(page, `console-hausdienste-einsatz-${width}-${scheme}`);
      });
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectAccessible(page, `Einsatz ${scheme}`);
      if (scheme === "dark") return;

      // The Leistungsnachweis of that day, downloaded as the manager would hand it over: the visit
      // is in it with its times, the crew's first name and the start of its hash (read with pdftotext).
      await page
        .getByRole("navigation", { name: "Hauptnavigation" })
        .getByRole("link", { name: "Hausdienste" })
        .click();
      await page.getByRole("link", { name: `Pläne und Nachweise: ${WALK_BUILDING.name}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Hausdienste: ${WALK_BUILDING.name}` })).toBeVisible();
      // The proof's own period (the tenants' ratings below have a Von and Bis of their own).
      const proof = page.getByRole("region", { name: "Nachweise" });
      await proof.getByLabel("Von").fill(dates[0]!);
      await proof.getByLabel("Bis").fill(dates[0]!);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        proof.getByRole("button", { name: "Leistungsnachweis (PDF)" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        `Leistungsnachweis ${WALK_BUILDING.name} ${dates[0]} bis ${dates[0]}.pdf`,
      );
      const text = execFileSync("/usr/bin/pdftotext", ["-layout", await download.path(), "-"], { encoding: "utf8" });
      const germanDay = dates[0]!.split("-").reverse().join(".");
      expect(text).toContain(`${germanDay} – ${germanDay}`);
      const line = text.split("\n").find((l) => l.includes(germanDay) && l.includes(hash.slice(0, 12)));
      expect(line, text).toContain("Treppenhausreinigung");
      expect(line).toContain("erbracht");
      expect(line).toContain("08:00");
      expect(line).toContain("09:00");
      expect(line).toContain("Vera");
    });
  });
}
