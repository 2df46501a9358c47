import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, loginViaUi, test, waitForAnimationsSettled, waitForIntroGone } from "../fixtures";

async function scan(page: Page) {
  // Let page transitions settle so colours are measured at full opacity.
  await waitForAnimationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test("login screen has no WCAG 2.1 AA violations", async ({ page }) => {
      await page.goto("/login");
      await waitForIntroGone(page);
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
      await scan(page);
    });

    test("dashboard has no WCAG 2.1 AA violations", async ({ page }) => {
      await loginViaUi(page);
      // The success toast is gone after 5 s; scan with it closed.
      await page.getByRole("button", { name: "Hinweis schließen" }).click();
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
      await scan(page);
    });
  });
}
