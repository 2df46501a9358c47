import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN, seedStaffSession, staffApiLogin } from "../console-fixtures";
import { tenantAppointment, tenantLowReading, tenantMessage, tenantRepair } from "../console-items";
import { apiLogin, expect, test, waitForAnimationsSettled } from "../fixtures";

/**
 * Every console screen, light and dark: axe finds no WCAG 2.1 AA violation; screenshots at
 * 1280, 820 and 390 px land in test-results/console-screens for a look.
 */

interface Screens {
  token: string;
  paths: Record<string, string>;
}
let screens: Screens;

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  const tenantToken = await apiLogin(request);
  const repair = await tenantRepair(request, tenantToken, `Heizkörper gluckert (${Date.now()})`);
  const thread = await tenantMessage(request, tenantToken, "Frage zur Hausordnung", "Darf ich im Hof grillen?");
  const appointment = await tenantAppointment(request, tenantToken, "Bitte vorher anrufen.");
  const reading = await tenantLowReading(request, tenantToken);
  const token = await staffApiLogin(request, ADMIN.email);
  const tenants = await request.get("/api/v1/staff/tenants?q=demo", {
    headers: { "X-API-Key": "mp-web-client-2025", Authorization: `Bearer ${token}` },
  });
  const tenantId = ((await tenants.json()) as { items: { id: string }[] }).items[0]?.id ?? "";
  const staffHeaders = { "X-API-Key": "mp-web-client-2025", Authorization: `Bearer ${token}` };
  const buildings = (await (await request.get("/api/v1/staff/buildings", { headers: staffHeaders })).json()) as {
    id: string;
  }[];
  const commonArea = await request.post("/api/v1/staff/repairs", {
    headers: staffHeaders,
    data: {
      building_id: buildings[0]!.id,
      type: "door-window",
      location: "other",
      urgency: "high",
      description: "Haustür schließt nicht mehr von selbst.",
    },
  });
  expect(commonArea.status()).toBe(201);
  screens = {
    token,
    paths: {
      eingang: "/verwaltung/",
      reparatur: `/verwaltung/reparaturen/${repair.id}`,
      reparaturanlegen: "/verwaltung/reparaturen/neu",
      allgemeinflaechen: `/verwaltung/reparaturen/${((await commonArea.json()) as { id: string }).id}`,
      nachricht: `/verwaltung/nachrichten/${thread.id}`,
      terminanfrage: `/verwaltung/termine/${appointment.id}`,
      zaehlerstand: `/verwaltung/zaehlerstaende/${reading.id}`,
      mieter: "/verwaltung/mieter",
      mieterseite: `/verwaltung/mieter/${tenantId}`,
      profil: "/verwaltung/profil",
      mitarbeiter: "/verwaltung/mitarbeiter",
      textbausteine: "/verwaltung/textbausteine",
      protokoll: "/verwaltung/protokoll",
      aushaenge: "/verwaltung/aushaenge",
      dokumente: "/verwaltung/dokumente",
    },
  };
});

async function scan(page: Page) {
  // Let the screen settle (lazy route, data, fade-ins) so colours are measured at full opacity,
  // and measure buttons at rest, not under the mouse that just clicked them.
  await expect(page.getByText("Wird geladen…")).toHaveCount(0);
  await page.mouse.move(0, 0);
  await waitForAnimationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

const SHOTS = join(import.meta.dirname, "..", "test-results", "console-screens");

async function shoot(page: Page, name: string, scheme: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 820, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await waitForAnimationsSettled(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}-${scheme}.png`), fullPage: true });
  }
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`console accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1280, height: 900 } });

    test("Anmeldung, with the code step", async ({ page }) => {
      await page.goto("/verwaltung/anmelden");
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
      await scan(page);
      await shoot(page, "anmeldung", scheme);
      await page.getByLabel("E-Mail-Adresse").fill(ADMIN.email);
      await page.getByLabel("Passwort", { exact: true }).fill("demo-verwaltung-1");
      await page.getByRole("button", { name: "Anmelden" }).click();
      await expect(page.getByLabel("Code aus der Authenticator-App")).toBeVisible();
      await scan(page);
    });

    test("Einladung without a valid link", async ({ page }) => {
      await page.goto("/verwaltung/einladung#token=ungueltig");
      await expect(page.getByRole("alert").first()).toBeVisible();
      await scan(page);
    });

    for (const name of [
      "eingang",
      "reparatur",
      "reparaturanlegen",
      "allgemeinflaechen",
      "nachricht",
      "terminanfrage",
      "zaehlerstand",
      "mieter",
      "mieterseite",
      "profil",
      "mitarbeiter",
      "textbausteine",
      "protokoll",
      "aushaenge",
      "dokumente",
    ]) {
      test(`${name}`, async ({ page }) => {
        await seedStaffSession(page, screens.token);
        await page.goto(screens.paths[name]!);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByText("Die Daten konnten nicht geladen werden.")).toHaveCount(0);
        await scan(page);
        await shoot(page, name, scheme);
      });
    }

    test("dialogs: Textbaustein picker and Mitarbeiter einladen", async ({ page }) => {
      await seedStaffSession(page, screens.token);
      await page.goto(screens.paths.nachricht!);
      await page.getByRole("button", { name: "Textbaustein einfügen" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await scan(page);
      await page.goto(screens.paths.mitarbeiter!);
      await page.getByRole("button", { name: "Mitarbeiter einladen" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await scan(page);
    });

    test("menu sheet on a tablet", async ({ page }) => {
      await page.setViewportSize({ width: 768, height: 1024 });
      await seedStaffSession(page, screens.token);
      await page.goto(screens.paths.eingang!);
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await expect(page.getByRole("dialog", { name: "Menü" })).toBeVisible();
      await scan(page);
    });
  });
}
