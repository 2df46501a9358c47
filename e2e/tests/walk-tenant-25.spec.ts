import type { Page } from "@playwright/test";
import { appointmentDay } from "../berlin-dates";
import { staffApiLogin, VERWALTER } from "../console-fixtures";
import { apiGet, apiHeaders, apiLogin, expect, seedSession, test, toasts, waitForIntroGone } from "../fixtures";
import { layoutProblems } from "../layout-probe";
import {
  berlinInstant,
  createWalkTenant,
  expectAccessible,
  SCHEMES,
  type Scheme,
  shot,
  type WalkTenant,
} from "../walk-25";

// Issue 25 "Done when", the tenant app: the changed screens at 320, 360 and 390 px, light and
// dark, nothing cut off or covered, axe clean; and item 5 in a real browser: the toast about a
// wrong current password does not lie over the focused field. Each test has its own tenant.

/** Phone sizes: the smallest, a common Android, a common iPhone. */
const PHONES = [
  { width: 320, height: 568 },
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

const ONLINE_TOGGLE = "Online-Modus aktiv (klicken zum Aktivieren des Offline-Modus)";
const OFFLINE_TOGGLE = "Offline-Modus aktiv (klicken zum Deaktivieren)";

/** Every phone size in turn in the test's colour scheme, on the screen as it is (no reload between them). */
async function eachLook(page: Page, scheme: Scheme, visit: (where: string, name: string) => Promise<void>) {
  for (const size of PHONES) {
    await page.setViewportSize(size);
    await visit(`${size.width} px ${scheme}`, `${size.width}-${scheme}`);
  }
}

/** Nothing runs off the side, no control lies under another, no floating button over the content. */
async function expectGoodLayout(page: Page, where: string) {
  await expect(page.getByText(/(wird|werden) geladen\.\.\.|^Lädt\.\.\.$/)).toHaveCount(0, { timeout: 15_000 });
  const problems = await layoutProblems(page);
  expect.soft(problems.overflow, `${where}: horizontaler Überlauf`).toEqual([]);
  expect.soft(problems.covered, `${where}: verdeckte Bedienelemente`).toEqual([]);
  expect.soft(problems.floatingOverContent, `${where}: schwebende Knöpfe über dem Inhalt`).toEqual([]);
}

async function signIn(page: Page, request: Parameters<typeof apiLogin>[0], tenant: WalkTenant) {
  const token = await apiLogin(request, tenant);
  await seedSession(page, token, await apiGet(request, "/auth/user", token));
}

for (const scheme of SCHEMES) {
  test.describe(`tenant walk (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test("an appointment the management accepted with a note: 'Nachricht der Hausverwaltung' at every phone size", async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const tenant = await createWalkTenant("rundgang-mieter-termin");
      const tenantToken = await apiLogin(request, tenant);
      const day = appointmentDay(10, 60);
      const asked = await request.post("/api/v1/tenant/appointments", {
        headers: apiHeaders(tenantToken),
        data: { type: "inspection", date: day, timeSlot: "afternoon", notes: "Der Wasserhahn in der Küche tropft." },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      const appointment = (await asked.json()) as { id: string };
      const note =
        "Unser Hausmeister Herr Nowak kommt vorbei. Bitte legen Sie den Schlüssel für den Kellerraum bereit, falls er an die Hauptleitung muss.";
      const accepted = await request.post(`/api/v1/staff/appointments/${appointment.id}/accept`, {
        headers: apiHeaders(await staffApiLogin(request, VERWALTER.email)),
        data: {
          start: berlinInstant(day, 13),
          end: berlinInstant(day, 14),
          location: "Wohnung, Küche",
          note_to_tenant: note,
        },
      });
      expect(accepted.status(), await accepted.text()).toBe(200);

      await signIn(page, request, tenant);
      await page.goto(`/appointments/${appointment.id}`);
      await waitForIntroGone(page);
      const shown = page.getByTestId("appointment-management-note");
      await expect(page.getByText("Nachricht der Hausverwaltung", { exact: true })).toBeVisible();
      await expect(shown).toHaveText(note);
      await eachLook(page, scheme, async (where, name) => {
        // Looked at first: the layout check scrolls every control into view.
        await shown.scrollIntoViewIfNeeded();
        await shot(page, `mieter-termin-nachricht-${name}`, { fullPage: false });
        await expectGoodLayout(page, `Termin ${where}`);
        await expectAccessible(page, `Termin ${where}`);
      });
    });

    test("offline without a saved copy: the no-data message on Dokumente and Einstellungen at every phone size", async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const tenant = await createWalkTenant("rundgang-mieter-offline");
      await signIn(page, request, tenant);
      await page.goto("/");
      await waitForIntroGone(page);
      await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
      // Offline by the app's own switch (the screens' code still loads; their data does not).
      await page.getByRole("button", { name: ONLINE_TOGGLE }).click();
      await expect(page.getByRole("button", { name: OFFLINE_TOGGLE })).toBeVisible();
      // The switch's own notice is gone before the screens are looked at.
      await expect(toasts(page).locator("li")).toHaveCount(0, { timeout: 10_000 });

      for (const screen of [
        { path: "/documents", heading: "Dokumente", name: "dokumente" },
        { path: "/settings", heading: "Einstellungen", name: "einstellungen" },
      ]) {
        await page.evaluate((to) => {
          window.history.pushState({}, "", to);
          window.dispatchEvent(new PopStateEvent("popstate"));
        }, screen.path);
        // The error view takes the screen's place; the header names the screen.
        await expect(page.getByTestId("header-title")).toHaveText(screen.heading, { timeout: 15_000 });
        await expect(page.getByText(/^Keine Daten im Offline-Modus verfügbar/).first()).toBeVisible();
        await expect(page.getByText(/Support/)).toHaveCount(0);
        await eachLook(page, scheme, async (where, name) => {
          await shot(page, `mieter-offline-${screen.name}-${name}`, { fullPage: false });
          await expectGoodLayout(page, `${screen.heading} offline ${where}`);
          await expectAccessible(page, `${screen.heading} offline ${where}`);
        });
      }
    });
  });
}

test("the toast about a wrong current password does not cover the focused field at 320 px", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tenant = await createWalkTenant("rundgang-mieter-passwort");
  await signIn(page, request, tenant);
  for (const height of [568, 700]) {
    await page.setViewportSize({ width: 320, height });
    await page.goto("/settings");
    await waitForIntroGone(page);
    await expect(page.getByRole("heading", { level: 1, name: "Einstellungen" })).toBeVisible();
    const current = page.getByLabel("Aktuelles Passwort");
    await current.fill("falsches-passwort");
    await page.getByLabel("Neues Passwort", { exact: true }).fill("neues-passwort-2025");
    await page.getByLabel("Neues Passwort wiederholen").fill("neues-passwort-2025");
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(current).toHaveAccessibleDescription("Das aktuelle Passwort ist falsch.");
    const toast = toasts(page).locator("li").filter({ hasText: "Passwort nicht geändert" });
    await expect(toast).toBeVisible();
    await expect(current).toBeFocused();
    // Measured once the toast has slid in and the field has scrolled into view.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return document.getAnimations().filter((a) => a.playState === "running").length;
        }),
      )
      .toBe(0);
    const field = (await page.evaluate(() => {
      const rect = document.activeElement?.getBoundingClientRect();
      return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
    }))!;
    const box = (await toast.boundingBox())!;
    await shot(page, `mieter-passwort-toast-320x${height}`, { fullPage: false });
    const overlaps =
      box.x < field.x + field.width &&
      field.x < box.x + box.width &&
      box.y < field.y + field.height &&
      field.y < box.y + box.height;
    expect(overlaps, `320×${height}: Hinweis ${JSON.stringify(box)} über dem Feld ${JSON.stringify(field)}`).toBe(
      false,
    );
    // The field is whole in the window too (not pushed under the header or off the screen).
    expect(field.y).toBeGreaterThanOrEqual(0);
    expect(field.y + field.height).toBeLessThanOrEqual(height);
  }
});
