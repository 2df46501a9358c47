import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { DEMO_ADMIN_TOTP_SECRET } from "../apps/server/src/db/seed/demo-staff";
import { apiHeaders, expect } from "./fixtures";
import { serverDataDir } from "./server-env";

export { serverDataDir };

/** The demo staff the server seeds (issue 11); all share one demo password. */
export const STAFF_PASSWORD = "demo-verwaltung-1";
export const ADMIN = { email: "admin@example.com", name: "Katrin Grünfeld" };
export const VERWALTER = { email: "verwalter@example.com", name: "Sabine Krüger" };
export const HAUSMEISTER = { email: "hausmeister@example.com", name: "Tomasz Nowak" };

const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_ADMIN_TOTP_SECRET), digits: 6, period: 30 });
let lastCode = "";

/** A code from the demo Administrator's authenticator; never the same code twice (a server may refuse replays). */
export async function adminTotp(): Promise<string> {
  for (;;) {
    const code = totp.generate();
    if (code !== lastCode) {
      lastCode = code;
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Signs a staff member in through the API and returns the staff token. */
export async function staffApiLogin(request: APIRequestContext, email: string): Promise<string> {
  const data: Record<string, string> = { email, password: STAFF_PASSWORD };
  if (email === ADMIN.email) data.totp = await adminTotp();
  const res = await request.post("/api/v1/staff/auth/login", { headers: apiHeaders(), data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Signs in through the console's login screen (with the code step for the Administrator). */
export async function consoleLogin(page: Page, email: string) {
  await page.goto("/verwaltung/anmelden");
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  if (email === ADMIN.email) {
    await page.getByLabel("Code aus der Authenticator-App").fill(await adminTotp());
    await page.getByRole("button", { name: "Bestätigen" }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Eingang" })).toBeVisible({ timeout: 10_000 });
}

/** Puts a staff token into the console's storage before it starts (skips the login screen). */
export async function seedStaffSession(page: Page, token: string) {
  await page.addInitScript((t) => localStorage.setItem("mieter_portal_staff_token", t), token);
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Every mail to `to` in the server's file outbox, newest first, decoded. */
export async function mailsTo(to: string): Promise<string[]> {
  const dir = join(serverDataDir(), "outbox");
  let files: string[] = [];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith(".eml")).map((f) => join(dir, f));
  } catch {
    return [];
  }
  const withTime = await Promise.all(files.map(async (f) => ({ f, t: (await stat(f)).mtimeMs })));
  const mails: string[] = [];
  for (const { f } of withTime.sort((a, b) => b.t - a.t)) {
    const raw = await readFile(f, "utf8");
    // Parts may be quoted-printable or base64: both are decoded, so a search sees the plain text.
    const base64Parts = [...raw.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
      Buffer.from(m[1]!.replace(/\s+/g, ""), "base64").toString("utf8"),
    );
    const mail = [decodeQuotedPrintable(raw), ...base64Parts].join("\n");
    if (new RegExp(`^To: .*${to.replace(/[.@+]/g, "\\$&")}`, "mi").test(mail)) mails.push(mail);
  }
  return mails;
}
