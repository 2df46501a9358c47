import { apiGet, apiLogin, expect, loginViaUi, test, toasts } from "../fixtures";

test.describe("app shell", () => {
  test.beforeEach(async ({ page }) => {
    await loginViaUi(page);
  });

  test("header titles, back arrow and content height", async ({ page }) => {
    await expect(page.getByTestId("header-title")).toHaveText("Home");
    await expect(page.getByRole("button", { name: "Zurück" })).toHaveCount(0);
    const height = await page.getByTestId("app-content").evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBe(844 - 112);

    await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Dokumente" }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(page.getByTestId("header-title")).toHaveText("Dokumente");
    await expect(page.getByRole("heading", { level: 1, name: "Dokumente" })).toBeVisible();
    await page.getByRole("button", { name: "Zurück" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("header-title")).toHaveText("Home");
  });

  test("tab bar switches screens and is locked for 300 ms after a change", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    for (const [name, path] of [
      ["Reparaturen", "/repairs"],
      ["Nachrichten", "/messages"],
      ["Dokumente", "/documents"],
      ["Home", "/"],
    ] as const) {
      await expect(nav).not.toHaveAttribute("data-locked", /.*/);
      await nav.getByRole("link", { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : path}$`));
      await expect(nav.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
    }
    await expect(nav).not.toHaveAttribute("data-locked", /.*/);
    // Two taps in quick succession: the second one is ignored. Both are tapped inside the page, one
    // task apart, so that the test's own round trips cannot stretch the gap beyond 300 ms.
    const lockedBetweenTaps = await page.evaluate(async () => {
      const bar = document.querySelector('nav[aria-label="Hauptnavigation"]');
      const tab = (name: string) =>
        [...(bar?.querySelectorAll("a") ?? [])].find((a) => a.textContent?.trim() === name) ?? null;
      tab("Dokumente")?.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      const locked = bar?.getAttribute("data-locked") ?? null;
      tab("Reparaturen")?.click();
      return locked;
    });
    expect(lockedBetweenTaps).toBe("true");
    await expect(page).toHaveURL(/\/documents$/);
    await expect(nav).not.toHaveAttribute("data-locked", /.*/, { timeout: 1000 });
    // Still on the first tap's screen once the lock is over: the second tap did nothing.
    await expect(page).toHaveURL(/\/documents$/);
    await expect(nav.getByRole("link", { name: "Dokumente" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Reparaturen" }).click();
    await expect(page).toHaveURL(/\/repairs$/);
  });

  test("'Mehr' opens the sheet with the other screens", async ({ page }) => {
    await page.getByRole("button", { name: "Mehr" }).click();
    const sheet = page.getByRole("dialog", { name: "Mehr" });
    await expect(sheet.getByRole("link")).toHaveText([
      "Zählerstände",
      "Finanzen",
      "Termine",
      "Hausdienste",
      "Einstellungen",
    ]);
    await expect(sheet.getByRole("button", { name: "Abmelden" })).toBeVisible();
    await sheet.getByRole("link", { name: "Finanzen" }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/finances$/);
    await expect(page.getByTestId("header-title")).toHaveText("Finanzen");
    for (const [name, path, title] of [
      ["Zählerstände", "/meter-readings", "Zählerstände"],
      ["Termine", "/appointments", "Termine"],
      ["Hausdienste", "/services", "Hausdienste"],
      ["Einstellungen", "/settings", "Einstellungen"],
    ] as const) {
      await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).not.toHaveAttribute("data-locked", /.*/);
      await page.getByRole("button", { name: "Mehr" }).click();
      await page.getByRole("dialog", { name: "Mehr" }).getByRole("link", { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByTestId("header-title")).toHaveText(title);
    }
  });

  test("profile sheet shows the tenant and links to the settings", async ({ page, request }) => {
    const token = await apiLogin(request);
    const user = await apiGet<{
      email: string;
      first_name: string;
      last_name: string;
      address: string | null;
      apartment_number: string | null;
    }>(request, "/auth/user", token);
    const name = `${user.first_name} ${user.last_name}`;
    const button = page.getByRole("button", { name: `Profil von ${name}` });
    await expect(button).toHaveText(`${user.first_name[0]}${user.last_name[0]}`.toUpperCase());
    await button.click();
    const sheet = page.getByRole("dialog", { name: "Mein Profil" });
    await expect(sheet.getByTestId("profile-name")).toHaveText(name);
    await expect(sheet.getByTestId("profile-email")).toHaveText(user.email);
    await expect(sheet.getByTestId("profile-address")).toHaveText(user.address ?? "Keine Adresse");
    await expect(sheet.getByTestId("profile-apartment")).toHaveText(user.apartment_number ?? "Keine Wohnungsnummer");
    await expect(sheet.getByRole("button", { name: "Abmelden" })).toBeVisible();
    await sheet.getByRole("link", { name: "Einstellungen" }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test("notifications list unread messages and upcoming appointments with links", async ({ page, request }) => {
    const token = await apiLogin(request);
    const unread = await apiGet<Array<{ id: string; subject: string }>>(
      request,
      "/tenant/messages?filter=unread",
      token,
    );
    // The panel's read: the next 5; canceled ones are neither listed nor counted (issue 12).
    const appointments = await apiGet<Array<{ id: string; title: string; start_time: string; status: string }>>(
      request,
      "/tenant/appointments?upcoming=true&limit=5",
      token,
    );
    const upcoming = appointments.filter((a) => a.status !== "canceled" && Date.parse(a.start_time) > Date.now());
    const count = unread.length + upcoming.length;
    const button = page.getByRole("button", {
      name:
        count > 9
          ? "Benachrichtigungen (mehr als 9 neu)"
          : count > 0
            ? `Benachrichtigungen (${count} neu)`
            : "Benachrichtigungen",
    });
    await button.click();
    const panel = page.getByRole("dialog", { name: "Benachrichtigungen" });
    for (const message of unread) {
      await expect(panel.locator(`a[href="/messages/${message.id}"]`)).toContainText(message.subject);
    }
    expect(upcoming.length).toBeGreaterThan(0);
    const first = upcoming.sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))[0]!;
    const link = panel.locator(`a[href="/appointments/${first.id}"]`);
    await expect(link).toContainText(first.title);
    await link.click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/appointments/${first.id}$`));
  });

  test("theme cycles light → dark → system, is saved, and system follows the OS live", async ({ page }) => {
    const html = page.locator("html");
    const toggle = page.getByRole("button", { name: /design aktiv/i });
    // Fresh device: system, and the OS (emulated) is light.
    await expect(html).toHaveAttribute("data-theme", "system");
    await expect(html).not.toHaveClass(/dark/);
    await expect(toggle).toHaveAccessibleName("Systemdesign aktiv, wechseln zu: Helles Design");
    await toggle.click();
    await expect(html).toHaveAttribute("data-theme", "light");
    await toggle.click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(html).toHaveClass(/dark/);

    await page.reload();
    await expect(page.locator("#intro")).toHaveCount(0, { timeout: 6000 });
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(html).toHaveClass(/dark/);

    await page.getByRole("button", { name: /design aktiv/i }).click();
    await expect(html).toHaveAttribute("data-theme", "system");
    await expect(html).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: /design aktiv/i }).click();
    await expect(html).toHaveAttribute("data-theme", "light");
  });

  test("manual offline toggle: colours, tooltip, pulse, toasts and details", async ({ page }) => {
    const online = page.getByRole("button", { name: "Online-Modus aktiv (klicken zum Aktivieren des Offline-Modus)" });
    await expect(online).toHaveCSS("background-color", "rgb(21, 128, 61)");
    await online.hover();
    await expect(page.getByRole("tooltip")).toHaveText("Online-Modus aktiv (klicken zum Aktivieren des Offline-Modus)");
    await online.click();
    const offline = page.getByRole("button", { name: "Offline-Modus aktiv (klicken zum Deaktivieren)" });
    await expect(offline).toHaveCSS("background-color", "rgb(185, 28, 28)");
    await expect(offline).toHaveAttribute("data-pulsing", "true");
    await expect(toasts(page).getByText("Offline-Modus aktiviert")).toBeVisible();
    await expect(offline).not.toHaveAttribute("data-pulsing", /.*/, { timeout: 1500 });

    await page.getByRole("button", { name: "Verbindungsdetails" }).click();
    const details = page.getByRole("dialog", { name: "Verbindungsdetails" });
    await expect(details.getByTestId("status-network")).toHaveText("Online");
    await expect(details.getByTestId("status-manual")).toHaveText("Aktiv");
    await expect(details.getByTestId("status-auth")).toHaveText("Angemeldet als demo@example.com");
    await page.keyboard.press("Escape");

    // Saved across a reload.
    await page.reload();
    await expect(page.locator("#intro")).toHaveCount(0, { timeout: 6000 });
    await page.getByRole("button", { name: "Offline-Modus aktiv (klicken zum Deaktivieren)" }).click();
    await expect(toasts(page).getByText("Online-Modus aktiviert")).toBeVisible();
    await expect(toasts(page).getByText("Verbunden mit dem Server.")).toBeVisible();
  });

  test("losing and regaining the network shows 'Offline' and 'Online'", async ({ page, context }) => {
    await context.setOffline(true);
    await expect(
      toasts(page).getByText("Sie sind jetzt offline. Änderungen werden gespeichert und später synchronisiert."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Offline-Modus aktiv (klicken zum Deaktivieren)" })).toBeVisible();
    await context.setOffline(false);
    await expect(toasts(page).getByText("Die Netzwerkverbindung wurde wiederhergestellt.")).toBeVisible();
  });

  test("unknown paths show the 404 page inside the shell", async ({ page }) => {
    await page.goto("/gibt-es-nicht");
    await expect(page.locator("#intro")).toHaveCount(0, { timeout: 6000 });
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Zur Startseite" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("every screen of the router has its German title", async ({ page }) => {
    for (const [path, title] of [
      ["/documents", "Dokumente"],
      ["/repairs", "Reparaturen"],
      ["/messages", "Nachrichten"],
      ["/meter-readings", "Zählerstände"],
      ["/finances", "Finanzen"],
      ["/appointments", "Termine"],
      ["/settings", "Einstellungen"],
      ["/privacy-policy", "Datenschutzerklärung"],
      ["/terms-of-service", "Nutzungsbedingungen"],
      ["/cookie-policy", "Cookie-Richtlinie"],
      ["/faq", "FAQ"],
      ["/contact", "Kontakt"],
    ] as const) {
      await page.evaluate((p) => {
        window.history.pushState({}, "", p);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, path);
      await expect(page.getByTestId("header-title")).toHaveText(title);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    }
  });
});
