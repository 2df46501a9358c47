import { expect, test } from "../fixtures";

test.describe("start-up", () => {
  test("the static intro shows the brand for 2 s, then the login appears", async ({ page, request }) => {
    const config = (await (await request.get("/api/v1/config")).json()) as {
      brand: { companyName: string; logoText: string };
    };
    await page.goto("/");
    const intro = page.locator("#intro");
    await expect(intro).toBeVisible();
    await expect(intro).toContainText("Mieter-Portal");
    await expect(intro).toContainText(config.brand.companyName);
    await expect(intro.locator(".mp-intro__logo")).toHaveText(config.brand.logoText);
    await expect(intro).toHaveCSS("background-color", "rgb(21, 128, 61)");
    await expect(page).toHaveTitle(new RegExp(config.brand.companyName));

    const elapsed = await page.evaluate(() => performance.now());
    expect(elapsed).toBeLessThan(1800);
    // Still there shortly before 2 s have passed.
    await page.waitForTimeout(Math.max(0, 1700 - elapsed));
    await expect(intro).toBeVisible();

    await expect(intro).toHaveCount(0, { timeout: 3000 });
    const removedAt = await page.evaluate(() => performance.now());
    expect(removedAt).toBeGreaterThanOrEqual(2000);
    await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the intro is painted by static markup, before and without JavaScript", async ({ page, request }) => {
    const config = (await (await request.get("/api/v1/config")).json()) as { brand: { companyName: string } };
    await page.route("**/*.js", (route) => route.abort());
    await page.goto("/");
    await page.waitForTimeout(2500);
    await expect(page.locator("#intro")).toBeVisible();
    await expect(page.locator("#intro")).toContainText(config.brand.companyName);
    await expect(page.locator("#root")).toBeEmpty();
  });

  test("signed out, every path leads to the login", async ({ page }) => {
    await page.goto("/finances");
    await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible({ timeout: 6000 });
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/irgendwas/unbekannt");
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  });
});
