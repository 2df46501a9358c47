import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { ADMIN, mailsTo, staffApiLogin } from "../console-fixtures";
import { apiHeaders, expect, test, waitForAnimationsSettled } from "../fixtures";

// "Passwort vergessen?" on the staff login (issue 25 item 22, decision 033), walked in the browser
// against the real server and its mail outbox: the login's link, the request, the mailed link, the
// new password, and the sign-in with it, which still asks for the second factor.

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

/** The newest link of `pattern` in the mails to `to`, waiting for the mail to arrive. */
async function linkInMail(to: string, pattern: RegExp): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        link = "";
        for (const mail of await mailsTo(to)) {
          const found = pattern.exec(mail)?.[0];
          if (found) {
            link = found;
            break;
          }
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return link;
}

/** No WCAG 2.1 AA violation on the screen as it is now (after it settled). */
async function expectAccessible(page: Page) {
  await expect(page.getByText("Wird geladen…")).toHaveCount(0);
  await page.mouse.move(0, 0);
  await waitForAnimationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, "");

/** A code of the member's authenticator from a time step not used before (the server takes each once). */
function authenticator(secret: string) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  let last = "";
  return async () => {
    for (;;) {
      const code = totp.generate();
      if (code !== last) {
        last = code;
        return code;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
}

/** A new Administrator (second factor on) who accepted the invitation: their own account to reset. */
async function newAdministrator(request: APIRequestContext, email: string) {
  const adminToken = await staffApiLogin(request, ADMIN.email);
  const created = await request.post("/api/v1/staff/users", {
    headers: apiHeaders(adminToken),
    data: { email, name: "Rita Vergessen", role: "administrator" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invitation = await linkInMail(email, /https?:\/\/\S+\/verwaltung\/einladung#token=[\w%.-]+/);
  const token = decodeURIComponent(new URL(invitation).hash.replace(/^#token=/, ""));
  const info = await request.post("/api/v1/staff/auth/invitation/info", { headers: apiHeaders(), data: { token } });
  expect(info.status(), await info.text()).toBe(200);
  const secret = ((await info.json()) as { totp: { secret: string } }).totp.secret;
  const code = authenticator(secret);
  const accepted = await request.post("/api/v1/staff/auth/invitation/accept", {
    headers: apiHeaders(),
    data: { token, newPassword: "altes-passwort-123", totp: await code() },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { code };
}

test("a staff member resets a forgotten password from the login, by the mailed link, and signs in with the second factor", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `vergessen-${unique()}@example.com`;
  const { code } = await newAdministrator(request, email);
  const newPassword = "neues-passwort-456";

  // The login's link leads to the request page.
  await page.goto("/verwaltung/anmelden");
  await page.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(page).toHaveURL(/\/verwaltung\/passwort-vergessen$/);
  await expect(page.getByRole("heading", { level: 1, name: "Passwort vergessen" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByRole("button", { name: "Link senden" }).click();
  await expect(page.getByText(/^Falls zu dieser E-Mail-Adresse ein aktives Konto/)).toBeVisible();

  // The mail's link opens the page for the new password.
  const link = await linkInMail(email, /https?:\/\/\S+\/verwaltung\/passwort-neu#token=[\w%.-]+/);
  const mail = (await mailsTo(email))[0]!;
  expect(mail).toContain("Passwort für die Verwaltung");
  expect(mail).toContain("innerhalb von 60 Minuten");
  await page.goto(pathOf(link));
  await expect(page.getByRole("heading", { level: 1, name: "Neues Passwort setzen" })).toBeVisible();
  await expect(page.getByText("Rita Vergessen")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Neues Passwort").fill(newPassword);
  await page.getByLabel("Passwort wiederholen").fill("etwas-anderes-789");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();
  await page.getByLabel("Passwort wiederholen").fill(newPassword);
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(
    page.getByText("Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an."),
  ).toBeVisible();

  // Nobody was signed in by the link: the sign-in with the new password asks for the code.
  await page.getByRole("link", { name: "Zur Anmeldung" }).click();
  await expect(page).toHaveURL(/\/verwaltung\/anmelden$/);
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.getByLabel("Code aus der Authenticator-App").fill(await code());
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Eingang" })).toBeVisible({ timeout: 10_000 });

  // The link works once; an unknown one says so too, each with what to do.
  await page.goto(pathOf(link));
  await expect(page.getByRole("alert")).toContainText("Der Link wurde schon benutzt");
  await expect(page.getByRole("link", { name: "Neuen Link anfordern" })).toBeVisible();
  await page.goto("/verwaltung/passwort-neu#token=erfunden");
  await expect(page.getByRole("alert")).toContainText("Diesen Link kennen wir nicht");
  await expectAccessible(page);
});
