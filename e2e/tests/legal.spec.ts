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
  waitForAnimationsSettled,
  waitForIntroGone,
} from "../fixtures";

interface Brand {
  supportEmail: string;
  officeAddress: string;
  imprint: { legalName: string; representative: string };
}

const PAGES = [
  { path: "/privacy-policy", title: "Datenschutzerklärung" },
  { path: "/terms-of-service", title: "Nutzungsbedingungen" },
  { path: "/cookie-policy", title: "Cookie-Richtlinie" },
] as const;

async function signIn(page: Page, request: APIRequestContext) {
  const token = await apiLogin(request, DEMO);
  await seedSession(page, token, await apiGet(request, "/auth/user", token));
}

async function brand(request: APIRequestContext): Promise<Brand> {
  const res = await request.get("/api/v1/config", { headers: { "X-API-Key": API_KEY } });
  return ((await res.json()) as { brand: Brand }).brand;
}

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await waitForIntroGone(page);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return page.locator("article");
}

for (const { path, title } of PAGES) {
  test(`${path}: title, 'Stand: 25. März 2025' and the back link to /settings`, async ({ page, request }) => {
    await signIn(page, request);
    await open(page, path, title);
    await expect(page.getByTestId("header-title")).toHaveText(title);
    await expect(page.getByTestId("legal-last-updated")).toHaveText("Stand: 25. März 2025");
    const back = page.getByRole("link", { name: "Zurück zu den Einstellungen" });
    await expect(back).toHaveAttribute("href", "/settings");
    await back.click();
    await expect(page).toHaveURL(/\/settings$/);
  });
}

test("the privacy policy names the controller, the stored data, retention and DSGVO rights", async ({
  page,
  request,
}) => {
  const b = await brand(request);
  await signIn(page, request);
  const text = await open(page, "/privacy-policy", "Datenschutzerklärung");
  await expect(text.getByRole("heading", { level: 2, name: "1. Verantwortlicher" })).toBeVisible();
  for (const controller of [b.imprint.legalName, b.officeAddress, b.imprint.representative, b.supportEmail]) {
    await expect(text).toContainText(controller);
  }
  for (const stored of [
    "Konto:",
    "Mietverhältnis:",
    "Nachrichten:",
    "Dokumente:",
    "Zählerstände:",
    "Reparaturmeldungen:",
    "Fotos:",
    "Gerätespeicher:",
  ]) {
    await expect(text.getByText(stored)).toBeVisible();
  }
  await expect(text).toContainText("6 bis 10 Jahre");
  await expect(text).toContainText("3 Monate nach dem Ende Ihres Mietverhältnisses");
  for (const right of [
    "Art. 15 DSGVO",
    "Art. 16 DSGVO",
    "Art. 17 DSGVO",
    "Art. 18 DSGVO",
    "Art. 20 DSGVO",
    "Art. 21 DSGVO",
    "Art. 77 DSGVO",
  ]) {
    await expect(text).toContainText(right);
  }
});

test("the terms: tenants only, e-mail and password, access ends 3 months after the tenancy", async ({
  page,
  request,
}) => {
  await signIn(page, request);
  const text = await open(page, "/terms-of-service", "Nutzungsbedingungen");
  await expect(text).toContainText("ausschließlich Mieterinnen und Mietern");
  await expect(text).toContainText("mit Ihrer E-Mail-Adresse und Ihrem Passwort an");
  await expect(text).toContainText("Ihr Zugang endet mit Ihrem Mietverhältnis");
  await expect(text).toContainText("3 Monate nach dessen Ende");
});

test("the cookie policy: device storage only, no tracking, no third-party cookies", async ({ page, request }) => {
  await signIn(page, request);
  const text = await open(page, "/cookie-policy", "Cookie-Richtlinie");
  await expect(text).toContainText("keine Tracking- oder Werbe-Cookies und keine Cookies von Drittanbietern");
  await expect(text).toContainText("IndexedDB und localStorage");
  for (const item of ["Anmeldung:", "Einstellungen:", "Offline-Zwischenspeicher:", "Warteschlange:"]) {
    await expect(text.getByText(item)).toBeVisible();
  }
  // What the page says holds for the portal itself: it sets no cookies.
  expect(await page.context().cookies()).toEqual([]);
});

for (const scheme of ["light", "dark"] as const) {
  test(`the legal pages have no WCAG 2.1 AA violations (${scheme})`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, request);
    for (const { path, title } of PAGES) {
      await open(page, path, title);
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await waitForAnimationsSettled(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(
        results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    }
  });
}
