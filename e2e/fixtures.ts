import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { serverBaseUrl } from "./server-env";

export const DEMO = { email: "demo@example.com", password: "demo1234" };
export const NEIGHBOUR = { email: "nachbar@example.com", password: "demo1234" };
export const API_KEY = "mp-web-client-2025";

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures need the object pattern
  baseURL: async ({}, use) => {
    await use(serverBaseUrl());
  },
});
export { expect };

export function apiHeaders(token?: string): Record<string, string> {
  return token ? { "X-API-Key": API_KEY, Authorization: `Bearer ${token}` } : { "X-API-Key": API_KEY };
}

/** Signs in through the API (not the UI) and returns the token. */
export async function apiLogin(request: APIRequestContext, account = DEMO, remember = false): Promise<string> {
  const res = await request.post("/api/v1/auth/login", {
    headers: apiHeaders(),
    data: { ...account, remember },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

export async function apiGet<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: apiHeaders(token) });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The demo Verwalter of the staff console (seeded with the demo tenants, building Lindenstraße 5). */
export const DEMO_VERWALTER = { email: "verwalter@example.com", password: "demo-verwaltung-1" };

/** Signs the demo Verwalter in to the staff API and returns the staff token. */
export async function staffApiLogin(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/v1/staff/auth/login", { headers: apiHeaders(), data: DEMO_VERWALTER });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A proposal of the management to the signed-in tenant (pending, origin "management": the tenant
 * may confirm it), made by the demo Verwalter through the staff API. Returns its id.
 */
export async function proposeAsStaff(
  request: APIRequestContext,
  tenantToken: string,
  body: { type: "consultation" | "inspection" | "repair" | "other"; start: string; end: string; title?: string },
): Promise<string> {
  const tenant = await apiGet<{ id: string }>(request, "/auth/user", tenantToken);
  const res = await request.post("/api/v1/staff/appointments", {
    headers: apiHeaders(await staffApiLogin(request)),
    data: { tenant_id: tenant.id, ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Waits until the static intro is gone (2 s after navigation start). */
export async function waitForIntroGone(page: Page) {
  await expect(page.locator("#intro")).toHaveCount(0, { timeout: 6000 });
}

/**
 * Waits until no finite CSS animation or transition runs any more (a page sliding in, a dialog or
 * tooltip fading in, a button's colour going back after the mouse left it), so that axe measures
 * colours at full opacity and screenshots show the final layout. Endless ones (spinners) do not
 * count. Counted after two frames, so an animation that a just-finished one starts is seen too.
 */
export async function waitForAnimationsSettled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return document
            .getAnimations()
            .filter((a) => a.playState === "running" && Number.isFinite(a.effect?.getComputedTiming().endTime ?? 0))
            .map((a) =>
              a instanceof CSSAnimation ? a.animationName : a instanceof CSSTransition ? a.transitionProperty : "?",
            );
        }),
      { message: "animations still running", timeout: 5000 },
    )
    .toEqual([]);
}

/**
 * Waits until the app has fetched its toasts' code (src/components/ui/toaster.tsx, with the class
 * merging it needs): every start, the login's too, loads it as the intro leaves (main.tsx). A test
 * that takes the network away right after the start waits for this first; before it, on a first
 * visit without the service worker in control, no toast could show.
 */
export async function waitForToasterFetched(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const names = performance.getEntriesByType("resource").map((entry) => entry.name);
          return ["toaster-", "class-merge-"].every((chunk) => names.some((name) => name.includes(`/assets/${chunk}`)));
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Signs in through the login screen and waits for the dashboard. */
export async function loginViaUi(page: Page, account = DEMO) {
  await page.goto("/login");
  await waitForIntroGone(page);
  await page.getByLabel("E-Mail Adresse").fill(account.email);
  await page.getByLabel("Passwort", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  await expect(page.getByText("Daten werden geladen...")).toHaveCount(0, { timeout: 10000 });
  await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
}

/** Puts a session into browser storage before the app starts (migrated to device storage at start). */
export async function seedSession(page: Page, token: string, user: unknown) {
  await page.addInitScript(
    ([t, u]) => {
      if (!sessionStorage.getItem("__seeded")) {
        localStorage.setItem("mieter_portal_auth_token", t as string);
        localStorage.setItem("mieter_portal_user", JSON.stringify(u));
        sessionStorage.setItem("__seeded", "1");
      }
    },
    [token, user],
  );
}

export function base64Url(value: string): string {
  return Buffer.from(value).toString("base64url");
}

export function fakeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64Url(JSON.stringify(payload))}.c2ln`;
}

export function tokenPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
}

/** The toast viewport; Radix also mirrors toasts into a hidden live region, which tests must skip. */
export function toasts(page: Page) {
  return page.getByRole("region", { name: /^Hinweise/ });
}
