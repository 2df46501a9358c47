import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { appointmentDay, berlinDate } from "../berlin-dates";
import { ADMIN, mailsTo, seedStaffSession, staffApiLogin, VERWALTER } from "../console-fixtures";
import { apiHeaders, apiLogin, expect, test } from "../fixtures";
import {
  admin,
  berlinInstant,
  createWalkTenant,
  expectAccessible,
  expectNothingCutOff,
  SCHEMES,
  type Scheme,
  shot,
  WALK_BUILDING,
} from "../walk-25";

// Issue 25 "Done when", the console: the changed screens at 820 and 1280 px, light and dark,
// nothing cut off or covered, axe clean. Each test makes its own tenants, staff and items.

const WIDTHS = [820, 1280] as const;

/** Both widths in turn in the test's colour scheme, on the page as it is (no reload between them). */
async function eachLook(page: Page, scheme: Scheme, visit: (where: string, name: string) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await visit(`${width} px ${scheme}`, `${width}-${scheme}`);
  }
}

async function buildingId(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get("/api/v1/staff/buildings", { headers: apiHeaders(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string; name: string }[]).find((b) => b.name === WALK_BUILDING.name)!.id;
}

for (const scheme of SCHEMES) {
  test.describe(`console walk (${scheme})`, () => {
    test.use({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });

    test("the meter campaign page: no column cut off at 820 px, the status filter and the reminder dialog", async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      // One tenant with the widest row (three meters, one lower than before, so flagged), one still open.
      const reporter = await createWalkTenant("rundgang-ablesung");
      await createWalkTenant("rundgang-offen");
      const tenantToken = await apiLogin(request, reporter);
      const earlier = await request.post("/api/v1/tenant/meter-readings", {
        headers: apiHeaders(tenantToken),
        data: {
          readingDate: berlinDate(-10),
          waterReading: 234.567,
          electricityReading: 45678.9,
          heatingReading: 9876.5,
        },
      });
      expect(earlier.status(), await earlier.text()).toBe(201);
      const staffToken = await staffApiLogin(request, VERWALTER.email);
      const started = await request.post("/api/v1/staff/meter-campaigns", {
        headers: apiHeaders(staffToken),
        data: {
          building_id: await buildingId(request, staffToken),
          meter: "all",
          starts_on: berlinDate(-2),
          ends_on: berlinDate(4),
          reason: "Zwischenablesung wegen Eigentümerwechsel",
        },
      });
      expect(started.status(), await started.text()).toBe(201);
      const campaign = (await started.json()) as { id: string };
      const reading = await request.post("/api/v1/tenant/meter-readings", {
        headers: apiHeaders(tenantToken),
        data: {
          readingDate: berlinDate(0),
          waterReading: 234.5,
          electricityReading: 45700.1,
          heatingReading: 9880.25,
          confirmLower: true,
        },
      });
      expect(reading.status(), await reading.text()).toBe(201);

      await seedStaffSession(page, staffToken);
      await page.goto(`/verwaltung/ablesungen/${campaign.id}`);
      const row = page.getByTestId("campaign-participant").filter({ hasText: reporter.lastName });
      await expect(row).toContainText("Niedriger als zuletzt");

      await eachLook(page, scheme, async (where, name) => {
        // Every header cell lies inside the table's visible box (the wrapper scrolls on its own, so the
        // page's width does not show a column cut off).
        const wrapper = page.locator("table").locator("xpath=..");
        const box = (await wrapper.boundingBox())!;
        for (const header of await page.locator("thead th").all()) {
          const cell = (await header.boundingBox())!;
          expect
            .soft(cell.x + cell.width, `${where}: Spalte „${await header.innerText()}“`)
            .toBeLessThanOrEqual(box.x + box.width + 1);
        }
        await expectNothingCutOff(page, `Ablesung ${where}`);
        await expectAccessible(page, `Ablesung ${where}`);
        await shot(page, `console-ablesung-${name}`);

        // The status filter: "Eingereicht" shows only the submitted row.
        const submitted = page.getByRole("button", { name: /^Eingereicht: / });
        await submitted.click();
        await expect(submitted).toHaveAttribute("aria-pressed", "true");
        // Other tests' tenants of the building may have reported too: every row shown is a submitted one.
        const shownRows = page.getByTestId("campaign-participant");
        await expect(shownRows.filter({ hasNotText: "Eingereicht" })).toHaveCount(0);
        await expect(shownRows.filter({ hasText: reporter.lastName })).toHaveCount(1);
        await expectNothingCutOff(page, `Ablesung gefiltert ${where}`);
        await expectAccessible(page, `Ablesung gefiltert ${where}`);
        await shot(page, `console-ablesung-gefiltert-${name}`);
        await page.getByRole("button", { name: /^Alle: / }).click();

        // "Offene jetzt erinnern" asks first; cancelled here (it mails).
        await page.getByRole("button", { name: "Offene jetzt erinnern" }).click();
        const ask = page.getByRole("alertdialog", { name: "Offene jetzt erinnern?" });
        await expect(ask).toBeVisible();
        await expectNothingCutOff(page, `Erinnern-Dialog ${where}`);
        await expectAccessible(page, `Erinnern-Dialog ${where}`);
        await shot(page, `console-ablesung-erinnern-${name}`);
        await ask.getByRole("button", { name: "Abbrechen" }).click();
        await expect(ask).toHaveCount(0);
      });
    });

    test("a confirmed appointment's 'Termin ändern': Verschieben and Absagen", async ({ page, request }) => {
      test.setTimeout(300_000);
      const tenant = await createWalkTenant("rundgang-termin");
      const tenantToken = await apiLogin(request, tenant);
      const day = appointmentDay(10, 60);
      const asked = await request.post("/api/v1/tenant/appointments", {
        headers: apiHeaders(tenantToken),
        data: {
          type: "consultation",
          date: day,
          timeSlot: "afternoon",
          notes: "Bitte klingeln, die Klingel ist links.",
        },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      const appointment = (await asked.json()) as { id: string };
      const staffToken = await staffApiLogin(request, VERWALTER.email);
      const accepted = await request.post(`/api/v1/staff/appointments/${appointment.id}/accept`, {
        headers: apiHeaders(staffToken),
        data: {
          start: berlinInstant(day, 13),
          end: berlinInstant(day, 14),
          location: "Büro der Hausverwaltung, Erdgeschoss",
          note_to_tenant: "Bitte bringen Sie den Mietvertrag mit.",
        },
      });
      expect(accepted.status(), await accepted.text()).toBe(200);

      await seedStaffSession(page, staffToken);
      await page.goto(`/verwaltung/termine/${appointment.id}`);
      const change = page.getByRole("region", { name: "Termin ändern" });
      await expect(change).toBeVisible();
      await eachLook(page, scheme, async (where, name) => {
        await change.getByRole("tab", { name: "Verschieben" }).click();
        await expect(change.getByRole("tab", { name: "Verschieben" })).toHaveAttribute("aria-selected", "true");
        await expectNothingCutOff(page, `Verschieben ${where}`);
        await expectAccessible(page, `Verschieben ${where}`);
        await shot(page, `console-termin-verschieben-${name}`);
        await change.getByRole("tab", { name: "Absagen" }).click();
        await expect(change.getByRole("tab", { name: "Absagen" })).toHaveAttribute("aria-selected", "true");
        await expectNothingCutOff(page, `Absagen ${where}`);
        await expectAccessible(page, `Absagen ${where}`);
        await shot(page, `console-termin-absagen-${name}`);
      });
    });

    test("the Administrator's 'Zweiten Faktor zurücksetzen' confirm and the Textbaustein dialog with 'Nur für mich'", async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const id = randomUUID().slice(0, 8);
      const colleague = { email: `rundgang-admin-${id}@example.com`, name: `Ilse Rundgang-${id}` };
      await admin([
        "create-staff",
        "--email",
        colleague.email,
        "--name",
        colleague.name,
        "--role",
        "administrator",
        "--password",
        "rundgang-verwaltung-1",
      ]);
      await seedStaffSession(page, await staffApiLogin(request, ADMIN.email));

      await page.goto("/verwaltung/mitarbeiter");
      await expect(page.getByRole("heading", { level: 1, name: "Mitarbeiter" })).toBeVisible({ timeout: 20_000 });
      const reset = page.getByRole("button", { name: `Zweiten Faktor von ${colleague.name} zurücksetzen` });
      await expect(reset).toBeVisible({ timeout: 20_000 });
      await eachLook(page, scheme, async (where, name) => {
        await expectNothingCutOff(page, `Mitarbeiter ${where}`);
        await reset.click();
        const ask = page.getByRole("alertdialog", { name: `Zweiten Faktor von ${colleague.name} zurücksetzen?` });
        await expect(ask).toBeVisible();
        await expectNothingCutOff(page, `Faktor-Dialog ${where}`);
        await expectAccessible(page, `Faktor-Dialog ${where}`);
        await shot(page, `console-faktor-zuruecksetzen-${name}`);
        await ask.getByRole("button", { name: "Abbrechen" }).click();
        await expect(ask).toHaveCount(0);
      });

      await page.goto("/verwaltung/textbausteine");
      await expect(page.getByRole("heading", { level: 1, name: "Textbausteine" })).toBeVisible();
      await eachLook(page, scheme, async (where, name) => {
        await page.getByRole("button", { name: "Neuer Textbaustein" }).click();
        const dialog = page.getByRole("dialog", { name: "Neuer Textbaustein" });
        const mine = dialog.getByRole("checkbox", { name: "Nur für mich (eigener Textbaustein)" });
        await mine.check();
        await expect(dialog).toContainText("Ihr eigener Textbaustein: nur Sie sehen ihn beim Antworten.");
        await expectNothingCutOff(page, `Textbaustein ${where}`);
        await expectAccessible(page, `Textbaustein ${where}`);
        await shot(page, `console-textbaustein-${name}`);
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);
      });
    });

    test("the outage notice asks 'An N Mieter senden?' before it mails", async ({ page, request }) => {
      test.setTimeout(300_000);
      await createWalkTenant("rundgang-aushang");
      await seedStaffSession(page, await staffApiLogin(request, VERWALTER.email));
      await page.goto("/verwaltung/aushaenge");
      await expect(page.getByRole("heading", { level: 1, name: "Aushänge" })).toBeVisible();
      await eachLook(page, scheme, async (where, name) => {
        await page.getByRole("button", { name: "Aushang veröffentlichen" }).click();
        const dialog = page.getByRole("dialog", { name: "Aushang veröffentlichen" });
        await dialog.getByLabel("Gebäude").selectOption({ label: WALK_BUILDING.name });
        await dialog.getByLabel("Titel").fill("Kein Warmwasser am Dienstagvormittag");
        await dialog
          .getByLabel("Text")
          .fill("Die Heizungsfirma tauscht die Umwälzpumpe. Bitte Warmwasser vorher entnehmen.");
        await dialog.getByLabel("Art", { exact: true }).selectOption({ label: "Störung" });
        await dialog.getByLabel("Art der Störung").selectOption({ label: "Wasserausfall" });
        await dialog.getByLabel("Beginn").fill("2030-12-03T08:00");
        await dialog.getByLabel("Ende (voraussichtlich)").fill("2030-12-03T12:00");
        await expectNothingCutOff(page, `Aushang-Dialog ${where}`);
        await expectAccessible(page, `Aushang-Dialog ${where}`);
        await shot(page, `console-aushang-${name}`);
        await dialog.getByRole("button", { name: "Veröffentlichen" }).click();
        const ask = page.getByRole("alertdialog", { name: /^An \d+ Mieter senden\?$/ });
        await expect(ask).toBeVisible();
        await expectNothingCutOff(page, `Senden-Frage ${where}`);
        await expectAccessible(page, `Senden-Frage ${where}`);
        await shot(page, `console-aushang-senden-${name}`);
        // Not sent: back to the form, then the form closed.
        await ask.getByRole("button", { name: "Abbrechen" }).click();
        await expect(ask).toHaveCount(0);
        await expect(dialog).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);
      });
    });

    test("'Passwort vergessen' and 'Neues Passwort setzen'", async ({ page }) => {
      test.setTimeout(300_000);
      const email = `rundgang-passwort-${randomUUID().slice(0, 8)}@example.com`;
      await admin([
        "create-staff",
        "--email",
        email,
        "--name",
        "Paul Rundgang",
        "--role",
        "verwalter",
        "--buildings",
        WALK_BUILDING.address,
        "--password",
        "rundgang-verwaltung-1",
      ]);
      await eachLook(page, scheme, async (where, name) => {
        await page.goto("/verwaltung/passwort-vergessen");
        await expect(page.getByRole("heading", { level: 1, name: "Passwort vergessen" })).toBeVisible();
        await expectNothingCutOff(page, `Passwort vergessen ${where}`);
        await expectAccessible(page, `Passwort vergessen ${where}`);
        await shot(page, `console-passwort-vergessen-${name}`);
        await page.getByLabel("E-Mail-Adresse").fill(email);
        await page.getByRole("button", { name: "Link senden" }).click();
        await expect(page.getByText(/^Falls zu dieser E-Mail-Adresse ein aktives Konto/)).toBeVisible();
        await expectNothingCutOff(page, `Link gesendet ${where}`);
        await expectAccessible(page, `Link gesendet ${where}`);
        await shot(page, `console-passwort-gesendet-${name}`);
      });

      // The newest link (the page only reads it; nothing is used up until a password is saved).
      let link = "";
      await expect
        .poll(async () => {
          const mail = (await mailsTo(email))[0] ?? "";
          link = /https?:\/\/\S+\/verwaltung\/passwort-neu#token=[\w%.-]+/.exec(mail)?.[0] ?? "";
          return link;
        })
        .not.toBe("");
      const path = link.replace(/^https?:\/\/[^/]+/, "");
      await eachLook(page, scheme, async (where, name) => {
        // A page of its own each time: a change of the link's hash alone would not load the screen again.
        await page.goto("about:blank");
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: "Neues Passwort setzen" })).toBeVisible();
        await page.getByLabel("Neues Passwort").fill("neues-passwort-456");
        await page.getByLabel("Passwort wiederholen").fill("etwas-anderes-789");
        await page.getByRole("button", { name: "Passwort speichern" }).click();
        await expect(page.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();
        await expectNothingCutOff(page, `Neues Passwort ${where}`);
        await expectAccessible(page, `Neues Passwort ${where}`);
        await shot(page, `console-passwort-neu-${name}`);
        await page.goto("about:blank");
        await page.goto("/verwaltung/passwort-neu#token=erfunden");
        await expect(page.getByRole("alert")).toContainText("Diesen Link kennen wir nicht");
        await expectNothingCutOff(page, `Unbekannter Link ${where}`);
        await expectAccessible(page, `Unbekannter Link ${where}`);
        await shot(page, `console-passwort-link-unbekannt-${name}`);
      });
    });
  });
}
