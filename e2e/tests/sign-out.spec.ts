import type { APIRequestContext, Page } from "@playwright/test";
import { apiHeaders, expect, loginViaUi, test } from "../fixtures";

// Issue 12 §4 (decision 012): the menu's 'Abmelden' clears the device at once and also ends the
// session on the server; offline, the server hears of it after the next sign-in on that device.

async function currentToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("mieter_portal_auth_token"));
  expect(token).toBeTruthy();
  return token!;
}

/** What the server answers to the token now: 200 while the session lives, 401 once revoked. */
async function statusOf(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get("/api/v1/auth/user", { headers: apiHeaders(token) })).status();
}

async function signOutFromMenu(page: Page) {
  await page.getByRole("button", { name: "Mehr" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible();
}

test("'Abmelden' online: straight to /login, and the token no longer opens anything", async ({ page, request }) => {
  await loginViaUi(page);
  const token = await currentToken(page);
  expect(await statusOf(request, token)).toBe(200);

  await signOutFromMenu(page);
  expect(await page.evaluate(() => localStorage.getItem("mieter_portal_auth_token"))).toBeNull();
  await expect.poll(() => statusOf(request, token)).toBe(401);
});

test("'Abmelden' offline: the token is revoked after the next sign-in on this device", async ({
  page,
  context,
  request,
}) => {
  await loginViaUi(page);
  const token = await currentToken(page);

  await context.setOffline(true);
  await signOutFromMenu(page);
  // The server could not be told: the old token still works for now.
  expect(await statusOf(request, token)).toBe(200);

  await context.setOffline(false);
  await loginViaUi(page);
  const fresh = await currentToken(page);
  expect(fresh).not.toBe(token);
  await expect.poll(() => statusOf(request, token)).toBe(401);
  // Only the old session ended.
  expect(await statusOf(request, fresh)).toBe(200);
});
