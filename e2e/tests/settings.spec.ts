import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  API_KEY,
  apiGet,
  apiLogin,
  DEMO,
  expect,
  seedSession,
  test,
  toasts,
  waitForAnimationsSettled,
  waitForIntroGone,
} from "../fixtures";

interface Brand {
  companyName: string;
  supportEmail: string;
  supportPhone: string;
  supportHours: string;
  officeAddress: string;
  imprint: { legalName: string; representative: string; register: string; vatId: string };
}

async function openSettings(page: Page, request: APIRequestContext) {
  const token = await apiLogin(request, DEMO);
  await seedSession(page, token, await apiGet(request, "/auth/user", token));
  await page.goto("/settings");
  await waitForIntroGone(page);
  await expect(page.getByRole("heading", { level: 1, name: "Einstellungen" })).toBeVisible();
}

test("the notification switch is the tenant's e-mail preference on the server, with the spec's toasts", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, DEMO);
  const preference = async () =>
    (await apiGet<{ email_notifications: boolean }>(request, "/tenant/preferences", token)).email_notifications;
  expect(await preference()).toBe(true);
  await openSettings(page, request);
  const toggle = page.getByRole("switch", { name: "E-Mail bei Antworten der Hausverwaltung" });
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(/E-Mail, wenn die Hausverwaltung auf Ihre Nachricht antwortet/);

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(toasts(page).getByText("Benachrichtigungen deaktiviert")).toBeVisible();
  await expect(toasts(page).getByText("Ihre Einstellung wurde gespeichert.")).toBeVisible();
  await expect.poll(preference).toBe(false);

  // Kept on the server (checked above); after a reload the switch shows the server's value.
  await page.reload();
  await waitForIntroGone(page);
  await expect(page.getByRole("switch", { name: "E-Mail bei Antworten der Hausverwaltung" })).not.toBeChecked();

  await page.getByRole("switch", { name: "E-Mail bei Antworten der Hausverwaltung" }).click();
  await expect(toasts(page).getByText("Benachrichtigungen aktiviert")).toBeVisible();
  await expect(toasts(page).getByText("Ihre Einstellung wurde gespeichert.")).toBeVisible();
  await expect(page.getByRole("switch", { name: "E-Mail bei Antworten der Hausverwaltung" })).toBeChecked();
  await expect.poll(preference).toBe(true);
});

test("the theme choice applies at once, is saved and 'System' follows the device", async ({ page, request }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openSettings(page, request);
  const html = page.locator("html");
  await expect(page.getByRole("radio", { name: "System" })).toBeChecked();

  await page.getByText("Dunkel", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Dunkel" })).toBeChecked();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await waitForIntroGone(page);
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("radio", { name: "Dunkel" })).toBeChecked();

  await page.getByText("Hell", { exact: true }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByText("System", { exact: true }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/\bdark\b/);
});

test("links to the legal pages, contact and FAQ", async ({ page, request }) => {
  await openSettings(page, request);
  const links = page.getByRole("navigation", { name: "Rechtliches & Hilfe" }).getByRole("link");
  await expect(links).toHaveText([
    "Datenschutzerklärung",
    "Nutzungsbedingungen",
    "Cookie-Richtlinie",
    "Kontakt",
    "FAQ",
  ]);
  const targets = ["/privacy-policy", "/terms-of-service", "/cookie-policy", "/contact", "/faq"];
  for (const [i, target] of targets.entries()) await expect(links.nth(i)).toHaveAttribute("href", target);
  await links.nth(3).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Kontakt" })).toBeVisible();
});

test("the about block shows version 1.0.0 and the brand's imprint from /api/v1/config", async ({ page, request }) => {
  const res = await request.get("/api/v1/config", { headers: { "X-API-Key": API_KEY } });
  const { brand, version } = (await res.json()) as { brand: Brand; version: string };
  await openSettings(page, request);
  await expect(page.getByTestId("app-version")).toHaveText("1.0.0");
  expect(version).toBe("1.0.0");
  const imprint = page.getByTestId("imprint");
  for (const text of [
    brand.imprint.legalName,
    brand.imprint.representative,
    brand.imprint.register,
    brand.imprint.vatId,
    brand.officeAddress,
    brand.supportHours,
  ]) {
    expect(text.trim()).not.toBe("");
    await expect(imprint).toContainText(text);
  }
  await expect(imprint.getByRole("link", { name: brand.supportEmail })).toHaveAttribute(
    "href",
    `mailto:${brand.supportEmail}`,
  );
  await expect(imprint.getByRole("link", { name: brand.supportPhone })).toHaveAttribute(
    "href",
    `tel:${brand.supportPhone.replace(/[^\d+]/g, "")}`,
  );
});

test("'Passwort ändern' checks its fields in German before anything is sent", async ({ page, request }) => {
  await openSettings(page, request);
  let sent = 0;
  page.on("request", (r) => {
    if (r.url().includes("/auth/password")) sent++;
  });
  await expect(page.getByLabel("Neues Passwort", { exact: true })).toHaveAccessibleDescription(
    "Mindestens 8 Zeichen, höchstens 128.",
  );
  const submit = page.getByRole("button", { name: "Passwort ändern" });
  await submit.click();
  await expect(page.getByLabel("Aktuelles Passwort")).toHaveAccessibleDescription(
    "Bitte geben Sie Ihr aktuelles Passwort ein.",
  );
  await expect(page.getByLabel("Neues Passwort wiederholen")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Aktuelles Passwort").fill(DEMO.password);
  await page.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
  await page.getByLabel("Neues Passwort wiederholen").fill("kurz");
  await submit.click();
  await expect(page.getByText("Das Passwort muss mindestens 8 Zeichen lang sein.")).toBeVisible();

  await page.getByLabel("Neues Passwort", { exact: true }).fill("ein-neues-passwort");
  await page.getByLabel("Neues Passwort wiederholen").fill("ein-anderes-passwort");
  await submit.click();
  await expect(page.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();
  expect(sent).toBe(0);
});

for (const scheme of ["light", "dark"] as const) {
  test(`/settings has no WCAG 2.1 AA violations (${scheme})`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openSettings(page, request);
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expect(page.getByTestId("imprint")).toContainText("USt");
    await waitForAnimationsSettled(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
