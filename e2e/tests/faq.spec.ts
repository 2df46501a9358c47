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

const CATEGORIES = ["Portal", "Miete & Zahlung", "Reparaturen", "Zählerstände", "Technische Fragen"];

async function openFaq(page: Page, request: APIRequestContext) {
  const token = await apiLogin(request, DEMO);
  await seedSession(page, token, await apiGet(request, "/auth/user", token));
  await page.goto("/faq");
  await waitForIntroGone(page);
  await expect(page.getByRole("heading", { level: 1, name: "Häufige Fragen" })).toBeVisible();
}

test("five categories of five questions, Portal first, one answer open at a time", async ({ page, request }) => {
  await openFaq(page, request);
  const categories = page.getByRole("group", { name: "Kategorien" }).getByRole("button");
  await expect(categories).toHaveText(CATEGORIES);
  await expect(categories.first()).toHaveAttribute("aria-pressed", "true");

  const list = page.getByTestId("faq-list");
  const seen = new Set<string>();
  for (const [i, name] of CATEGORIES.entries()) {
    await categories.nth(i).click();
    await expect(categories.nth(i)).toHaveAttribute("aria-pressed", "true");
    const questions = list.getByRole("button");
    await expect(questions).toHaveCount(5);
    for (const q of await questions.allTextContents()) seen.add(q);

    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
    await questions.nth(3).click();
    await expect(questions.nth(3)).toHaveAttribute("aria-expanded", "true");
    await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
    await expect(list.getByRole("region")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2, name })).toBeAttached();
  }
  expect(seen.size).toBe(25);
});

test("the answers carry the spec's facts", async ({ page, request }) => {
  await openFaq(page, request);
  const list = page.getByTestId("faq-list");
  const open = async (category: string, question: string) => {
    await page.getByRole("button", { name: category, exact: true }).click();
    await list.getByRole("button", { name: question }).click();
    return list.getByRole("region");
  };
  await expect(await open("Portal", "Wie lange habe ich Zugang zum Portal?")).toContainText(
    "3 Monate nach dem Ende Ihres Mietverhältnisses",
  );
  await expect(await open("Reparaturen", "Muss ich Reparaturen selbst bezahlen?")).toContainText("100 EUR je Fall");
  await expect(await open("Reparaturen", "Wie schnell wird meine Reparatur erledigt?")).toContainText(
    "Notfälle bearbeiten wir in etwa 24 Stunden, dringende Reparaturen in 1–3 Tagen, normale in 1–2 Wochen",
  );
  await expect(await open("Zählerstände", "Wann muss ich meine Zählerstände melden?")).toContainText(
    "zwischen dem 27. Dezember und dem 3. Januar",
  );
  await expect(await open("Zählerstände", "Was passiert, wenn ich das Ablesen vergesse?")).toContainText(
    "bisherigen Verbrauchs und vergleichbarer Wohnungen",
  );
  await expect(await open("Zählerstände", "Welche Zähler gibt es in meiner Wohnung?")).toContainText(
    "Wärmemengenzähler und Heizkostenverteiler",
  );
  await expect(await open("Technische Fragen", "Funktioniert das Portal ohne Internet?")).toContainText(
    "Bereits geöffnete Dokumente",
  );
});

test("back to settings and 'Weitere Fragen?' mails the brand's support address", async ({ page, request }) => {
  const res = await request.get("/api/v1/config", { headers: { "X-API-Key": API_KEY } });
  const { brand } = (await res.json()) as { brand: { supportEmail: string } };
  await openFaq(page, request);
  await expect(page.getByRole("heading", { level: 2, name: "Weitere Fragen?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "E-Mail schreiben" })).toHaveAttribute(
    "href",
    `mailto:${brand.supportEmail}`,
  );
  await page.getByRole("link", { name: "Zurück zu den Einstellungen" }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

for (const scheme of ["light", "dark"] as const) {
  test(`/faq has no WCAG 2.1 AA violations (${scheme})`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openFaq(page, request);
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await page.getByTestId("faq-list").getByRole("button").first().click();
    await waitForAnimationsSettled(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
