import type { Page } from "@playwright/test";
import { consoleLogin, HAUSMEISTER, VERWALTER } from "../console-fixtures";
import { tenantMessage } from "../console-items";
import { apiGet, apiLogin, expect, test, toasts } from "../fixtures";

/** Staff record repairs (issue 25 §16): from a tenant's message, and for a building's common areas. */

test.use({ viewport: { width: 1280, height: 900 } });

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1000)}`;

async function fillRepair(page: Page, type: string, location: string, description?: string) {
  await page.getByLabel("Art").selectOption({ label: type });
  await page.getByLabel("Ort").selectOption({ label: location });
  if (description !== undefined) await page.getByLabel("Beschreibung").fill(description);
  await page.getByRole("button", { name: "Reparatur anlegen" }).click();
}

test("a tenant's message becomes a repair the tenant sees in the app", async ({ page, request }) => {
  const tenantToken = await apiLogin(request);
  const subject = `Fliese im Bad (${unique()})`;
  const thread = await tenantMessage(request, tenantToken, subject, "Im Bad ist eine Fliese gesprungen.");
  await consoleLogin(page, VERWALTER.email);
  await page.goto(`/verwaltung/nachrichten/${thread.id}`);
  await page.getByRole("link", { name: "Reparatur aus dieser Nachricht anlegen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reparatur anlegen" })).toBeVisible();
  await expect(page.getByText(`aus der Nachricht „${subject}“`)).toBeVisible();
  await expect(page.getByLabel("Beschreibung")).toHaveValue("Im Bad ist eine Fliese gesprungen.");
  await fillRepair(page, "Sanitär (Wasser, Abfluss)", "Badezimmer");
  await expect(toasts(page).getByText("Reparatur angelegt – der Mieter sieht sie im Portal.")).toBeVisible();
  await expect(page).toHaveURL(/\/verwaltung\/reparaturen\/[0-9a-f-]{36}$/);
  const repairId = page.url().split("/").at(-1)!;
  await expect(page.getByRole("link", { name: subject })).toBeVisible();

  const mine = await apiGet<{ id: string; description: string }[]>(request, "/tenant/repairs", tenantToken);
  expect(mine.find((r) => r.id === repairId)?.description).toBe("Im Bad ist eine Fliese gesprungen.");
});

test("the Hausmeister records a stairwell defect for the building's common areas; no tenant sees it", async ({
  page,
  request,
}) => {
  const description = `Treppenhaus 2. OG: Deckenlicht defekt (${unique()})`;
  await consoleLogin(page, HAUSMEISTER.email);
  await page.getByRole("link", { name: "Reparatur Allgemeinflächen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reparatur anlegen" })).toBeVisible();
  const house = page.getByLabel("Haus", { exact: true });
  // The Hausmeister serves one building: it is chosen already.
  await expect(house).not.toHaveValue("");
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByText(/^Allgemeinflächen: .+Kein Mieter sieht diese Reparatur/)).toBeVisible();

  await page.getByRole("button", { name: "Reparatur anlegen" }).click();
  await expect(page.getByText("Bitte wählen Sie eine gültige Art der Reparatur.")).toBeVisible();
  await fillRepair(page, "Elektrik", "Sonstiges", description);
  await expect(toasts(page).getByText("Reparatur der Allgemeinflächen angelegt.")).toBeVisible();
  await expect(page.getByText("keiner – Allgemeinflächen, kein Mieter wird benachrichtigt")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Verlauf", exact: true })).toBeVisible();
  const repairId = page.url().split("/").at(-1)!;

  // Scheduling it asks for no message to a tenant.
  await page.getByLabel("Neuer Status").selectOption({ label: "Termin geplant" });
  await expect(page.getByLabel("Nachricht an den Mieter (optional)")).toHaveCount(0);

  // In the inbox it reads "Allgemeinflächen", not a tenant's name.
  await page.goto("/verwaltung/");
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: /Elektrik/ }) })
    .filter({
      has: page.locator(`a[href$="${repairId}"]`),
    });
  await expect(row.getByText("Allgemeinflächen")).toBeVisible();

  const tenantToken = await apiLogin(request);
  const mine = await apiGet<{ id: string }[]>(request, "/tenant/repairs", tenantToken);
  expect(mine.map((r) => r.id)).not.toContain(repairId);
});
