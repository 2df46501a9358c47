import {
  apiGet,
  apiHeaders,
  apiLogin,
  DEMO,
  expect,
  fakeToken,
  loginViaUi,
  seedSession,
  test,
  toasts,
  tokenPayload,
  waitForIntroGone,
  waitForToasterFetched,
} from "../fixtures";

test.describe("login", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/login");
    await waitForIntroGone(page);
  });

  test("shows the login screen as the spec describes", async ({ page }) => {
    await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible();
    const email = page.getByLabel("E-Mail Adresse");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("placeholder", /@example\.com$/);
    await expect(page.getByLabel("Passwort", { exact: true })).toHaveAttribute("type", "password");
    await expect(page.getByLabel("Angemeldet bleiben")).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Passwort vergessen?" })).toBeVisible();
    await expect(page.getByText(/^© \d{4} /)).toBeVisible();
  });

  test("empty fields: 'Eingabe erforderlich' and no request", async ({ page }) => {
    let loginCalls = 0;
    page.on("request", (r) => {
      if (r.url().includes("/auth/login")) loginCalls++;
    });
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(toasts(page).getByText("Eingabe erforderlich")).toBeVisible();
    await expect(toasts(page).getByText("Bitte geben Sie Ihre E-Mail und Ihr Passwort ein.")).toBeVisible();
    await page.getByLabel("E-Mail Adresse").fill(DEMO.email);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(toasts(page).getByText("Eingabe erforderlich")).toBeVisible();
    await expect(page.getByLabel("Passwort", { exact: true })).toHaveAttribute("aria-invalid", "true");
    expect(loginCalls).toBe(0);
  });

  test("wrong credentials: the error toast and the page's hint", async ({ page }) => {
    await page.getByLabel("E-Mail Adresse").fill("niemand@example.com");
    await page.getByLabel("Passwort", { exact: true }).fill("falsch123");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(toasts(page).getByText("Anmeldung fehlgeschlagen")).toBeVisible();
    await expect(
      toasts(page).getByText("Login fehlgeschlagen (401): E-Mail-Adresse oder Passwort ist falsch."),
    ).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Bitte überprüfen Sie Ihre Anmeldedaten" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("mieter_portal_auth_token"))).toBeNull();
  });

  test("offline: login is refused without a request", async ({ page, context }) => {
    let loginCalls = 0;
    page.on("request", (r) => {
      if (r.url().includes("/auth/login")) loginCalls++;
    });
    await waitForToasterFetched(page);
    await context.setOffline(true);
    await page.getByLabel("E-Mail Adresse").fill(DEMO.email);
    await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(toasts(page).getByText("Anmeldung nicht möglich")).toBeVisible();
    await expect(
      toasts(page).getByText(
        "Sie können sich im Offline-Modus nicht anmelden. Bitte stellen Sie eine Internetverbindung her.",
      ),
    ).toBeVisible();
    expect(loginCalls).toBe(0);
    await context.setOffline(false);
  });

  test("busy state: 'Anmeldung...', 'Anmeldung läuft', then 'Login erfolgreich' and / after 1 s", async ({ page }) => {
    let body: Record<string, unknown> | null = null;
    await page.route("**/api/v1/auth/login", async (route) => {
      body = route.request().postDataJSON() as Record<string, unknown>;
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.getByLabel("E-Mail Adresse").fill(DEMO.email);
    await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
    await page.getByText("Angemeldet bleiben").click();
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("button", { name: "Anmeldung..." })).toBeDisabled();
    await expect(toasts(page).getByText("Anmeldung läuft")).toBeVisible();
    await expect(toasts(page).getByText("Bitte warten...")).toBeVisible();

    await expect(toasts(page).getByText("Login erfolgreich")).toBeVisible({ timeout: 8000 });
    const successAt = Date.now();
    await expect(toasts(page).getByText(/^Willkommen zurück, \S+!$/)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveURL(/\/$/, { timeout: 4000 });
    expect(Date.now() - successAt).toBeGreaterThanOrEqual(700);
    expect(body).toMatchObject({ email: DEMO.email, password: DEMO.password, remember: true });

    // Token and user are in browser storage too; 'Angemeldet bleiben' gave the long token.
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("mieter_portal_auth_token"),
      user: localStorage.getItem("mieter_portal_user"),
    }));
    expect(stored.user).toContain(DEMO.email);
    const exp = tokenPayload(stored.token!).exp as number;
    expect(exp - Date.now() / 1000).toBeGreaterThan(20 * 24 * 3600);
  });

  test("without 'Angemeldet bleiben' the token is short-lived", async ({ page }) => {
    await page.getByLabel("E-Mail Adresse").fill(DEMO.email);
    await page.getByLabel("Passwort", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
    const token = await page.evaluate(() => localStorage.getItem("mieter_portal_auth_token"));
    const exp = tokenPayload(token!).exp as number;
    expect(exp - Date.now() / 1000).toBeLessThan(24 * 3600);
  });
});

test.describe("stored sessions", () => {
  test("a valid stored session opens the dashboard directly and survives a reload", async ({ page, request }) => {
    const token = await apiLogin(request);
    const user = await apiGet(request, "/auth/user", token);
    await seedSession(page, token, user);
    await page.goto("/");
    await waitForIntroGone(page);
    await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
    await page.reload();
    await waitForIntroGone(page);
    await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
  });

  test("an expired token is cleared with 'Abgemeldet'", async ({ page }) => {
    const expired = fakeToken({ sub: "x", exp: Math.floor(Date.now() / 1000) - 60 });
    await seedSession(page, expired, { id: "x", email: DEMO.email, firstName: "Anna", lastName: "S" });
    await page.goto("/");
    await expect(toasts(page).getByText("Abgemeldet", { exact: true })).toBeVisible({ timeout: 6000 });
    await expect(toasts(page).getByText("Sie wurden erfolgreich abgemeldet.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("mieter_portal_auth_token"))).toBeNull();
  });

  test("a malformed token only warns and stays signed out", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await seedSession(page, "kein.gültiges-token", { id: "x", email: DEMO.email });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible({ timeout: 6000 });
    expect(warnings.some((w) => w.includes("Token"))).toBe(true);
    await expect(toasts(page).getByText("Abgemeldet", { exact: true })).toHaveCount(0);
  });

  test("a token the server revoked ends the session with 'Abgemeldet'", async ({ page, request }) => {
    const token = await apiLogin(request);
    const user = await apiGet(request, "/auth/user", token);
    const res = await request.post("/api/v1/auth/logout", { headers: apiHeaders(token) });
    expect(res.ok()).toBe(true);
    await seedSession(page, token, user);
    await page.goto("/");
    await expect(toasts(page).getByText("Abgemeldet", { exact: true })).toBeVisible({ timeout: 8000 });
    await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible();
  });
});

test.describe("logout", () => {
  test("'Abmelden' in Mehr clears the device at once, then revokes the token on the server (decision 012)", async ({
    page,
  }) => {
    await loginViaUi(page);
    const token = await page.evaluate(() => localStorage.getItem("mieter_portal_auth_token"));
    let logoutCalls = 0;
    page.on("request", (r) => {
      if (r.url().includes("/auth/logout")) logoutCalls++;
    });
    await page.getByRole("button", { name: "Mehr" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("mieter_portal_auth_token"))).toBeNull();
    const idbKeys = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const open = indexedDB.open("mieter-portal");
          open.onsuccess = () => {
            const tx = open.result.transaction("keyval", "readonly");
            const req = tx.objectStore("keyval").getAllKeys();
            req.onsuccess = () => resolve(req.result.map(String));
          };
        }),
    );
    expect(idbKeys).not.toContain("mieter_portal_auth_token");
    expect(idbKeys).not.toContain("mieter_portal_user");
    expect(token).toBeTruthy();
    // Fire and forget, after the device was cleared and /login shown.
    await expect.poll(() => logoutCalls).toBe(1);
    // Going back does not bring the dashboard back.
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  });
});
