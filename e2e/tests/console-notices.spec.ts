import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { consoleLogin, HAUSMEISTER, mailsTo, serverDataDir, VERWALTER } from "../console-fixtures";
import { DEMO, expect, loginViaUi, test } from "../fixtures";
import { layoutProblems } from "../layout-probe";
import { serverBaseUrl } from "../server-env";

// Issue 14 §3, §4, "Done when": as the demo Verwalter, publish a notice to a building and see it on
// a tenant's dashboard; the tenant's "Betrifft mich auch" shows as a count in the console; a
// document published to a building reaches the tenant's documents.
//
// Every test makes its own tenant, in the second demo building (Gartenweg 12: the demo Verwalter's,
// without the demo tenants), with the admin command line on the server's database; notices and
// documents carry unique titles, so nothing depends on another test.

// The console at desk size (its navigation is a side bar there); the tenants on a phone.
test.use({ viewport: { width: 1280, height: 900 } });
// Each test makes a tenant with the command line and signs in as staff and as tenant, twice: longer
// than one screen's test, on a slow machine too.
test.describe.configure({ timeout: 120_000 });

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BUILDING_ADDRESS = "Gartenweg 12, 10115 Berlin";
const BUILDING = "Gartenweg 12";
const PASSWORD = "aushang-test-1";
/** The outage window the first test enters (Berlin time), as mail, console and tenant app say it. */
const WINDOW = "Zeitraum: Di., 3. Dez. 2030, 8:00 – 12:00 Uhr";

interface Tenant {
  email: string;
  password: string;
  name: string;
}

/** A tenant with a running tenancy in Gartenweg 12, made by `npm run admin -- create-tenant`. */
async function createTenant(tag: string): Promise<Tenant> {
  const id = randomUUID().slice(0, 8);
  const tenant = { email: `${tag}-${id}@example.com`, password: PASSWORD, name: `Nora ${tag}-${id}` };
  // The command line's source (as `npm run admin` runs it): a build of the server may lag behind it.
  const entry = ["--import", "tsx", join(repoRoot, "apps/server/src/cli/admin.ts")];
  await promisify(execFile)(
    process.execPath,
    [
      ...entry,
      "create-tenant",
      "--email",
      tenant.email,
      "--password",
      tenant.password,
      "--first-name",
      "Nora",
      "--last-name",
      `${tag}-${id}`,
      "--address",
      BUILDING_ADDRESS,
      "--apartment",
      "2 links",
      "--start",
      "2025-01-01",
      "--base-rent",
      "600",
      "--utilities",
      "150",
    ],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: serverDataDir(), LOG_LEVEL: "silent" } },
  );
  return tenant;
}

async function tenantPage(browser: Browser, tenant: Tenant): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    baseURL: serverBaseUrl(),
  });
  const page = await context.newPage();
  await loginViaUi(page, tenant);
  return page;
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Hauptnavigation" });

/** A small valid PDF. */
function pdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

test("a notice published to a building reaches its tenants' dashboard; 'Betrifft mich auch' counts in the console", async ({
  page,
  browser,
}) => {
  const tenant = await createTenant("aushang");
  const title = `Kein Wasser ${randomUUID().slice(0, 6)}`;

  await consoleLogin(page, VERWALTER.email);
  await nav(page).getByRole("link", { name: "Aushänge" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Aushänge" })).toBeVisible();
  await page.getByRole("button", { name: "Aushang veröffentlichen" }).click();
  const dialog = page.getByRole("dialog", { name: "Aushang veröffentlichen" });
  // Without a title: the German field error, nothing sent.
  await dialog.getByLabel("Gebäude").selectOption({ label: BUILDING });
  await dialog.getByRole("button", { name: "Veröffentlichen" }).click();
  await expect(dialog.getByText("Der Titel ist erforderlich.")).toBeVisible();
  await dialog.getByLabel("Titel").fill(title);
  await dialog.getByLabel("Text").fill("Am Dienstag wird der Hausanschluss repariert. Bitte Wasser vorrätig halten.");
  await dialog.getByLabel("Art", { exact: true }).selectOption({ label: "Störung" });
  await dialog.getByLabel("Art der Störung").selectOption({ label: "Wasserausfall" });
  // A Störung needs its own time (issue 25 item 21): without it, the German messages beside the fields.
  await dialog.getByRole("button", { name: "Veröffentlichen" }).click();
  await expect(dialog.getByText("Bitte geben Sie an, ab wann die Störung besteht (Datum und Uhrzeit).")).toBeVisible();
  await expect(dialog.getByLabel("Ende (voraussichtlich)")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Beginn").fill("2030-12-03T08:00");
  await dialog.getByLabel("Ende (voraussichtlich)").fill("2030-12-03T12:00");
  await dialog.getByRole("button", { name: "Veröffentlichen" }).click();
  // Before it mails the building, the console asks how many it mails (issue 25 item 21).
  const ask = page.getByRole("alertdialog", { name: /^An \d+ Mieter senden\?$/ });
  await ask.getByRole("button", { name: "Senden" }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId("staff-notice").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Störung: Wasserausfall · Gartenweg 12");
  await expect(card.getByTestId("affected-count")).toHaveText("Betrifft mich auch: 0");
  await expect(card.getByTestId("notice-outage-window")).toHaveText(WINDOW);
  // An emergency goes out by e-mail at once, its Zeitraum the outage's window (not the validity).
  await expect
    .poll(async () => (await mailsTo(tenant.email)).find((m) => m.includes(title)) ?? "", { timeout: 15_000 })
    .toContain(WINDOW);

  // The tenant: on the dashboard, above the quick-access grid.
  const tenantView = await tenantPage(browser, tenant);
  const notices = tenantView.getByRole("region", { name: "Aktuelle Aushänge" });
  const notice = notices.getByTestId("notice").filter({ hasText: title });
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId("notice-kind")).toHaveText("Störung: Wasserausfall");
  await expect(notice.getByTestId("notice-period")).toHaveText(WINDOW);
  const noticesBox = await notices.boundingBox();
  const quickBox = await tenantView.getByRole("navigation", { name: "Schnellzugriff" }).boundingBox();
  expect(noticesBox!.y + noticesBox!.height).toBeLessThanOrEqual(quickBox!.y);
  await notice.getByRole("button", { name: `Betrifft mich auch: ${title}` }).click();
  await expect(notice.getByTestId("notice-affected-done")).toBeVisible();
  // The list page, from the card.
  await notices.getByRole("link", { name: "Alle Aushänge" }).click();
  await expect(tenantView).toHaveURL(/\/notices$/);
  await expect(tenantView.getByRole("heading", { level: 1, name: "Aushänge" })).toBeVisible();
  await expect(
    tenantView.getByTestId("notice").filter({ hasText: title }).getByTestId("notice-affected-done"),
  ).toBeVisible();
  await tenantView.context().close();

  // The console counts the answer and names who gave it.
  await page.reload();
  await expect(card.getByTestId("affected-count")).toHaveText("Betrifft mich auch: 1");
  await card.getByRole("button", { name: `Betroffene von „${title}“` }).click();
  await expect(page.getByRole("list", { name: "Betroffene Mieter" })).toContainText(tenant.name);
  await page.keyboard.press("Escape");

  // Ended early: gone from the tenant's dashboard.
  await card.getByRole("button", { name: `„${title}“ vorzeitig beenden` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Beenden" }).click();
  await expect(card.getByText("Beendet", { exact: true })).toBeVisible();
  const again = await tenantPage(browser, tenant);
  await expect(again.getByTestId("notice").filter({ hasText: title })).toHaveCount(0);
  await again.context().close();
});

test("a document published to a building appears in its tenants' documents; a wrong file is refused in German", async ({
  page,
  browser,
}) => {
  const tenant = await createTenant("dokument");
  const title = `Hausordnung ${randomUUID().slice(0, 6)}`;

  await consoleLogin(page, VERWALTER.email);
  await nav(page).getByRole("link", { name: "Dokumente" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dokumente" })).toBeVisible();
  const form = page.getByRole("form", { name: "Dokument veröffentlichen" });
  await form.getByLabel("Ein Gebäude").check();
  await form.getByLabel("Gebäude", { exact: true }).selectOption({ label: BUILDING });
  await form.getByLabel("Art", { exact: true }).selectOption({ label: "Hausordnung" });
  await form.getByLabel("Titel").fill(title);

  // Text pretending to be a PDF: the server decides by the bytes.
  await form
    .getByLabel("Datei")
    .setInputFiles({ name: "hausordnung.pdf", mimeType: "application/pdf", buffer: Buffer.from("kein pdf") });
  await form.getByRole("button", { name: "Veröffentlichen" }).click();
  await expect(form.getByText(/Dieser Dateityp ist nicht erlaubt/).first()).toBeVisible();

  await form
    .getByLabel("Datei")
    .setInputFiles({ name: "hausordnung.pdf", mimeType: "application/pdf", buffer: pdf(title) });
  await form.getByRole("button", { name: "Veröffentlichen" }).click();
  await expect(form.getByRole("status")).toContainText(`„${title}“ wurde veröffentlicht`);
  const row = page.getByTestId("publication").filter({ hasText: title });
  await expect(row).toContainText(BUILDING);

  const tenantView = await tenantPage(browser, tenant);
  await tenantView.getByRole("navigation", { name: "Schnellzugriff" }).getByRole("link", { name: "Dokumente" }).click();
  await expect(tenantView).toHaveURL(/\/documents$/);
  await expect(tenantView.getByRole("region", { name: "Vertragsdokumente" })).toContainText(title);
  await tenantView.context().close();
});

// The demo tenant's building has a current information notice and an outage (the demo seed): the
// dashboard card and the list at phone widths, light and dark — nothing runs off the side, nothing
// lies under another element or the floating buttons, no WCAG 2.1 AA violation (read only).
test("the tenant's notices at 320, 360 and 390 px, light and dark: laid out and accessible", async ({ browser }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 740 },
      colorScheme,
      locale: "de-DE",
      timezoneId: "Europe/Berlin",
      baseURL: serverBaseUrl(),
    });
    const page = await context.newPage();
    await loginViaUi(page, DEMO);
    await page.getByRole("button", { name: "Hinweis schließen" }).click();
    for (const path of ["/", "/notices"]) {
      if (path !== "/") {
        await page
          .getByRole("region", { name: "Aktuelle Aushänge" })
          .getByRole("link", { name: "Alle Aushänge" })
          .click();
        await expect(page.getByRole("heading", { level: 1, name: "Aushänge" })).toBeVisible();
      }
      const notices = page.getByTestId("notice");
      await expect(notices.filter({ hasText: "Störung: Aufzug außer Betrieb" })).toHaveCount(1);
      await expect(notices.filter({ hasText: "Information" })).toHaveCount(1);
      // Emergencies first.
      await expect(notices.first()).toHaveAttribute("data-kind", "emergency");
      for (const width of [320, 360, 390]) {
        await page.setViewportSize({ width, height: 740 });
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
        const problems = await layoutProblems(page);
        const where = `${path} ${width} px ${colorScheme}`;
        expect.soft(problems.overflow, `${where}: horizontaler Überlauf`).toEqual([]);
        expect.soft(problems.covered, `${where}: verdeckte Bedienelemente`).toEqual([]);
        expect.soft(problems.floatingOverContent, `${where}: schwebende Knöpfe über dem Inhalt`).toEqual([]);
      }
      const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    await context.close();
  }
});

test("a Hausmeister reads the notices of the building but publishes neither notices nor documents", async ({
  page,
}) => {
  await consoleLogin(page, HAUSMEISTER.email);
  await expect(nav(page).getByRole("link", { name: "Dokumente" })).toHaveCount(0);
  await nav(page).getByRole("link", { name: "Aushänge" }).click();
  const outage = page.getByTestId("staff-notice").filter({ hasText: "Störung: Aufzug außer Betrieb · Lindenstraße 5" });
  await expect(outage).toBeVisible();
  await expect(outage.getByTestId("affected-count")).toHaveText(/^Betrifft mich auch: \d+$/);
  await expect(page.getByRole("button", { name: "Aushang veröffentlichen" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /bearbeiten|vorzeitig beenden/ })).toHaveCount(0);
  await page.goto("/verwaltung/dokumente");
  await expect(page.getByRole("heading", { level: 1, name: "Kein Zugriff" })).toBeVisible();
});

// Issue 25 item 21, "Done when": the form with the outage window (its messages shown) and the list
// with the demo outage's window, at tablet and desk width, light and dark — nothing runs off the
// side, no WCAG 2.1 AA violation (read only: nothing is published).
test("the notice form's outage window and the list at 820 and 1280 px, light and dark: laid out and accessible", async ({
  page,
}) => {
  await consoleLogin(page, VERWALTER.email);
  await nav(page).getByRole("link", { name: "Aushänge" }).click();
  const demoOutage = page
    .getByTestId("staff-notice")
    .filter({ hasText: "Störung: Aufzug außer Betrieb · Lindenstraße 5" });
  await expect(demoOutage.getByTestId("notice-outage-window")).toHaveText(
    /^Zeitraum: (Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. .+ \d{4}, \d{1,2}:00 Uhr – .+, \d{1,2}:00 Uhr$/,
  );
  await expect(demoOutage).toContainText("Für Mieter sichtbar:");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const where = `${width} px ${colorScheme}`;
      expect.soft((await layoutProblems(page)).overflow, `${where}: Liste läuft über`).toEqual([]);
      await page.getByRole("button", { name: "Aushang veröffentlichen" }).click();
      const dialog = page.getByRole("dialog", { name: "Aushang veröffentlichen" });
      await dialog.getByLabel("Art", { exact: true }).selectOption({ label: "Störung" });
      await dialog.getByRole("button", { name: "Veröffentlichen" }).click();
      await expect(dialog.getByRole("group", { name: "Zeitraum der Störung" })).toBeVisible();
      await expect(dialog.getByLabel("Beginn")).toHaveAttribute("aria-invalid", "true");
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      expect.soft((await layoutProblems(page)).overflow, `${where}: Formular läuft über`).toEqual([]);
      const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect
        .soft(
          axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
          where,
        )
        .toEqual([]);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  }
});
