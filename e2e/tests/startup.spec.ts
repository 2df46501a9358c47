import { expect, test } from "../fixtures";

/** What the page notes about its intro (times in ms since the navigation started). */
type IntroNotes = { leaving?: number; removed?: number; text?: string; logo?: string };
type WithNotes = { __intro: IntroNotes };

test.describe("start-up", () => {
  test("the static intro shows the brand for 2 s, then the login appears", async ({ page, request }) => {
    const config = (await (await request.get("/api/v1/config")).json()) as {
      brand: { companyName: string; logoText: string };
    };
    // The page notes itself when the intro starts to leave (with what it showed then) and when it
    // is gone, in ms since the navigation started: a slow machine cannot make the test miss the
    // intro or misjudge the moment. That the markup is painted is the next test's part.
    await page.addInitScript(() => {
      const notes: IntroNotes = {};
      (window as unknown as WithNotes).__intro = notes;
      let seen = false;
      new MutationObserver(() => {
        const intro = document.getElementById("intro");
        if (intro) seen = true;
        if (intro?.hasAttribute("data-leaving") && notes.leaving === undefined) {
          notes.leaving = performance.now();
          notes.text = intro.textContent ?? "";
          notes.logo = intro.querySelector(".mp-intro__logo")?.textContent ?? "";
        }
        if (seen && !intro && notes.removed === undefined) notes.removed = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto("/");
    await expect(page.locator("#intro")).toHaveCount(0, { timeout: 8000 });
    const notes = await page.evaluate(() => (window as unknown as WithNotes).__intro);
    // Chromium fires a timer up to a millisecond early against its coarsened clock (1999.9 seen).
    expect(notes.leaving).toBeGreaterThanOrEqual(1995);
    expect(notes.removed).toBeGreaterThan(notes.leaving ?? Number.POSITIVE_INFINITY);
    expect(notes.text).toContain("Mieter-Portal");
    expect(notes.text).toContain(config.brand.companyName);
    expect(notes.logo).toBe(config.brand.logoText);
    await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the intro is painted by static markup, before and without JavaScript", async ({ page, request }) => {
    const config = (await (await request.get("/api/v1/config")).json()) as {
      brand: { companyName: string; logoText: string };
    };
    const refused: string[] = [];
    await page.route("**/*.js", (route) => {
      refused.push(route.request().url());
      return route.abort();
    });
    await page.goto("/", { waitUntil: "load" });
    // The page has loaded and its script was refused: no code exists that could take the intro away
    // (with JavaScript it leaves after 2 s), so what shows now stays.
    const entry = await page
      .locator("script[src]")
      .first()
      .evaluate((script) => (script as HTMLScriptElement).src);
    expect(refused).toContain(entry);
    const intro = page.locator("#intro");
    await expect(intro).toBeVisible();
    await expect(intro).toContainText("Mieter-Portal");
    await expect(intro).toContainText(config.brand.companyName);
    await expect(intro.locator(".mp-intro__logo")).toHaveText(config.brand.logoText);
    await expect(intro).toHaveCSS("background-color", "rgb(21, 128, 61)");
    await expect(page).toHaveTitle(new RegExp(config.brand.companyName));
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
