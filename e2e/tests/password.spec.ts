import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import {
  apiGet,
  apiHeaders,
  apiLogin,
  expect,
  NEIGHBOUR,
  seedSession,
  test,
  toasts,
  waitForAnimationsSettled,
  waitForIntroGone,
} from "../fixtures";
import { serverDataDir } from "../server-env";

/** Destructive flows use the second tenant and always put its password back. */
const ORIGINAL = NEIGHBOUR.password;

async function outboxFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, "outbox")))
      .filter((f) => f.endsWith(".eml"))
      .map((f) => join(dataDir, "outbox", f));
  } catch {
    return [];
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The reset link of the newest mail to `to` written after `before`. */
async function newestResetLink(dataDir: string, to: string, before: Set<string>): Promise<string> {
  const fresh = (await outboxFiles(dataDir)).filter((f) => !before.has(f));
  const withTime = await Promise.all(fresh.map(async (f) => ({ f, t: (await stat(f)).mtimeMs })));
  for (const { f } of withTime.sort((a, b) => b.t - a.t)) {
    const mail = decodeQuotedPrintable(await readFile(f, "utf8"));
    if (!new RegExp(`^To: .*${to.replace(/[.@]/g, "\\$&")}`, "mi").test(mail)) continue;
    const link = /(https?:\/\/\S+\/reset-password#token=[\w%-]+)/.exec(mail)?.[1];
    if (link) return link;
  }
  throw new Error(`Keine Reset-Mail an ${to} im Postausgang`);
}

async function changePasswordViaApi(request: APIRequestContext, token: string, current: string, next: string) {
  const res = await request.post("/api/v1/auth/password", {
    headers: apiHeaders(token),
    data: { currentPassword: current, newPassword: next },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function loginStatus(request: APIRequestContext, password: string): Promise<number> {
  const res = await request.post("/api/v1/auth/login", {
    headers: apiHeaders(),
    data: { email: NEIGHBOUR.email, password },
  });
  return res.status();
}

test.describe.configure({ mode: "serial" });

test("'Passwort ändern' changes the password on the server and keeps this session", async ({ page, request }) => {
  const newPassword = "nachbar-neu-2025";
  const token = await apiLogin(request, NEIGHBOUR);
  await seedSession(page, token, await apiGet(request, "/auth/user", token));
  await page.goto("/settings");
  await waitForIntroGone(page);
  let changed = false;
  try {
    const sent: unknown[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/auth/password") && r.method() === "POST") sent.push(r.postDataJSON());
    });
    // Wrong current password: the server's German error on that field, nothing changes.
    await page.getByLabel("Aktuelles Passwort").fill("falsches-passwort");
    await page.getByLabel("Neues Passwort", { exact: true }).fill(newPassword);
    await page.getByLabel("Neues Passwort wiederholen").fill(newPassword);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(page.getByLabel("Aktuelles Passwort")).toHaveAccessibleDescription(
      "Das aktuelle Passwort ist falsch.",
    );
    await expect(toasts(page).getByText("Passwort nicht geändert")).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);

    await page.getByLabel("Aktuelles Passwort").fill(ORIGINAL);
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await expect(toasts(page).getByText("Passwort geändert", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText("Ihr Passwort wurde geändert.")).toBeVisible();
    changed = true;
    await expect(page.getByLabel("Aktuelles Passwort")).toHaveValue("");
    expect(sent).toEqual([
      { currentPassword: "falsches-passwort", newPassword },
      { currentPassword: ORIGINAL, newPassword },
    ]);

    // The server ended the old session; the app stored the new token and stays signed in.
    const stored = await page.evaluate(() => localStorage.getItem("mieter_portal_auth_token"));
    expect(stored).toBeTruthy();
    expect(stored).not.toBe(token);
    const old = await request.get("/api/v1/auth/user", { headers: apiHeaders(token) });
    expect(old.status()).toBe(401);
    await apiGet(request, "/auth/user", stored!);
    await page.reload();
    await waitForIntroGone(page);
    await expect(page.getByRole("heading", { level: 1, name: "Einstellungen" })).toBeVisible();
    await page.goto("/finances");
    await expect(page.getByRole("heading", { level: 1, name: "Finanzen" })).toBeVisible();
    await expect(page.getByTestId("rent-total")).toBeVisible();

    // The new password signs in, the old one no longer does.
    expect(await loginStatus(request, newPassword)).toBe(200);
    expect(await loginStatus(request, ORIGINAL)).toBe(401);
  } finally {
    if (changed)
      await changePasswordViaApi(
        request,
        await apiLogin(request, { ...NEIGHBOUR, password: newPassword }),
        newPassword,
        ORIGINAL,
      );
  }
  expect(await loginStatus(request, ORIGINAL)).toBe(200);
});

test("'Passwort vergessen?' → mail → reset page → login with the new password", async ({ page, request }) => {
  const newPassword = "zurueckgesetzt-2025";
  const dataDir = serverDataDir();
  const before = new Set(await outboxFiles(dataDir));
  let changed = false;
  try {
    await page.goto("/login");
    await waitForIntroGone(page);
    await page.getByRole("button", { name: "Passwort vergessen?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { level: 1, name: "Passwort vergessen?" })).toBeVisible();

    await page.getByRole("button", { name: "Link anfordern" }).click();
    await expect(page.getByText("Bitte geben Sie Ihre E-Mail-Adresse ein.")).toBeVisible();

    await page.getByLabel("E-Mail Adresse").fill(NEIGHBOUR.email);
    await page.getByRole("button", { name: "Link anfordern" }).click();
    await expect(page.getByTestId("reset-requested")).toContainText(
      "Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link zum Zurücksetzen gesendet.",
    );

    // The server sends the mail after it has answered (the answer must not tell by its timing
    // whether the address exists): wait for it to arrive in the outbox.
    let link = "";
    await expect(async () => {
      link = await newestResetLink(dataDir, NEIGHBOUR.email, before);
    }).toPass();
    const url = new URL(link);
    expect(url.pathname).toBe("/reset-password");
    await page.goto(`${url.pathname}${url.hash}`);
    await expect(page.getByRole("heading", { level: 1, name: "Neues Passwort festlegen" })).toBeVisible();
    await expect(page.getByLabel("Neues Passwort", { exact: true })).toHaveAccessibleDescription(
      "Mindestens 8 Zeichen, höchstens 128.",
    );
    await page.getByLabel("Neues Passwort", { exact: true }).fill(newPassword);
    await page.getByLabel("Neues Passwort wiederholen").fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();

    await page.getByLabel("Neues Passwort wiederholen").fill(newPassword);
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(page).toHaveURL(/\/login$/);
    changed = true;
    await expect(toasts(page).getByText("Passwort geändert", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText("Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.")).toBeVisible();

    // The server holds the new password: the login screen signs in with it.
    await page.getByLabel("E-Mail Adresse").fill(NEIGHBOUR.email);
    await page.getByLabel("Passwort", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
    await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();

    // The link works once: a second use shows the server's German error.
    await page.evaluate(() => localStorage.clear());
    const reuse = await page.context().newPage();
    await reuse.goto(`${url.pathname}${url.hash}`);
    await waitForIntroGone(reuse);
    await reuse.getByLabel("Neues Passwort", { exact: true }).fill("noch-ein-passwort");
    await reuse.getByLabel("Neues Passwort wiederholen").fill("noch-ein-passwort");
    await reuse.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(reuse.getByTestId("reset-link-error")).toContainText(
      "Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.",
    );
    await expect(reuse).toHaveURL(/\/reset-password#token=/);
    await reuse.close();
  } finally {
    if (changed)
      await changePasswordViaApi(
        request,
        await apiLogin(request, { ...NEIGHBOUR, password: newPassword }),
        newPassword,
        ORIGINAL,
      );
  }
  expect(await loginStatus(request, ORIGINAL)).toBe(200);
});

test("an unknown address gets the same neutral answer and no mail", async ({ page }) => {
  const dataDir = serverDataDir();
  const before = await outboxFiles(dataDir);
  await page.goto("/forgot-password");
  await waitForIntroGone(page);
  await page.getByLabel("E-Mail Adresse").fill("niemand-hier@example.com");
  await page.getByRole("button", { name: "Link anfordern" }).click();
  await expect(page.getByTestId("reset-requested")).toContainText(
    "Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link zum Zurücksetzen gesendet.",
  );
  expect((await outboxFiles(dataDir)).length).toBe(before.length);
  await page.getByRole("link", { name: "Zurück zur Anmeldung" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a made-up or missing reset token is refused with the server's message", async ({ page }) => {
  await page.goto("/reset-password?token=gibt-es-nicht");
  await waitForIntroGone(page);
  await page.getByLabel("Neues Passwort", { exact: true }).fill("irgendein-passwort");
  await page.getByLabel("Neues Passwort wiederholen").fill("irgendein-passwort");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByTestId("reset-link-error")).toContainText(
    "Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.",
  );
  await page.getByRole("link", { name: "Neuen Link anfordern" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.goto("/reset-password");
  await expect(page.getByRole("alert").filter({ hasText: "Dieser Link ist unvollständig." })).toBeVisible();
});

for (const scheme of ["light", "dark"] as const) {
  test(`the password pages have no WCAG 2.1 AA violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ["/forgot-password", "/reset-password?token=abc"]) {
      await page.goto(path);
      await waitForIntroGone(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await waitForAnimationsSettled(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(
        results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    }
  });
}
