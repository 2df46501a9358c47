import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test, waitForIntroGone } from "../fixtures";

// Issue 13, decision 013: what `/` (the manifest's start_url) and `/login` load when signed out.
// The JavaScript the page fetched before its login form was there must hold nothing of the signed-in
// app and be at most 110 KB as sent (brotli); the signed-in first screen comes afterwards, prefetched.

const webDist = resolve(dirname(fileURLToPath(import.meta.url)), "../../apps/web/dist");
const BUDGET_BYTES = 110 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

interface Chunks {
  /** Only the signed-in app needs these: the shell and its screens with all they import, minus the login's. */
  signedIn: Set<string>;
  /** The shell's own chunk. */
  firstScreen: string[];
}

function chunksOfBuild(): Chunks {
  const manifest = JSON.parse(readFileSync(join(webDist, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const closure = (keys: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return files;
  };
  const keys = Object.keys(manifest);
  const shell = keys.filter((key) => /src\/app\/shell\/app-shell\.tsx$/.test(key));
  const screens = keys.filter((key) =>
    /src\/app\/routes\/(?!login|forgot-password|reset-password)[^/]+\.tsx$/.test(key),
  );
  // What the signed-out side may load at all: the entry and everything it imports, lazily too
  // (login, toasts, update prompt …), except the signed-in screens.
  const signedOut = new Set<string>();
  const reach = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || signedOut.has(chunk.file) || shell.includes(key) || screens.includes(key)) return;
    signedOut.add(chunk.file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) reach(next);
  };
  for (const key of keys.filter((k) => manifest[k]?.isEntry)) reach(key);
  const signedIn = new Set(
    [...closure([...shell, ...screens])].filter((file) => !signedOut.has(file)).map((file) => `/${file}`),
  );
  expect(signedIn.size, "signed-in chunks in the manifest").toBeGreaterThan(10);
  // The shell's chunk (it holds the dashboard too: vite.config.ts, signedInFirstScreen).
  const firstScreen = shell.map((key) => `/${manifest[key]?.file}`);
  expect(firstScreen).toHaveLength(1);
  return { signedIn, firstScreen };
}

type Notes = { loginAt?: number };

/** Notes in the page when the login form first exists (ms since the navigation started). */
async function noteLoginForm(page: Page) {
  await page.addInitScript(() => {
    const notes: Notes = {};
    (window as unknown as { __startup: Notes }).__startup = notes;
    new MutationObserver((_, observer) => {
      if (document.querySelector("form button[type=submit]")) {
        notes.loginAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The scripts fetched until the login form was there: path and bytes as sent (encoded body). */
async function scriptsBeforeLogin(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __startup: Notes }).__startup.loginAt !== undefined);
  return page.evaluate(() => {
    const loginAt = (window as unknown as { __startup: Required<Notes> }).__startup.loginAt;
    return performance
      .getEntriesByType("resource")
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
      .filter((entry) => entry.startTime <= loginAt && new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        bytes: entry.encodedBodySize,
        size: entry.decodedBodySize,
      }));
  });
}

test.describe("the signed-out start path", () => {
  for (const start of ["/", "/login"]) {
    test(`${start} loads the login's JavaScript only, at most 110 KB as sent`, async ({ page }) => {
      const { signedIn } = chunksOfBuild();
      await noteLoginForm(page);
      await page.goto(start);
      const scripts = await scriptsBeforeLogin(page);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible();

      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((script) => signedIn.has(script.path)).map((script) => script.path)).toEqual([]);
      // Sent compressed (brotli precompressed at build time): far fewer bytes than the files hold.
      const sent = scripts.reduce((sum, script) => sum + script.bytes, 0);
      const size = scripts.reduce((sum, script) => sum + script.size, 0);
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThan(size / 2);
      expect(sent).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }

  test("once the login shows, the signed-in first screen is prefetched, not run", async ({ page }) => {
    const { firstScreen } = chunksOfBuild();
    await noteLoginForm(page);
    await page.goto("/");
    const beforeLogin = (await scriptsBeforeLogin(page)).map((script) => script.path);
    await waitForIntroGone(page);
    await expect(page.getByRole("heading", { name: "Willkommen zurück!" })).toBeVisible();
    const listed = await page.locator('meta[name="mp-signed-in-prefetch"]').getAttribute("content");
    const wanted = (listed ?? "").split(/\s+/).filter(Boolean);
    // The shell and the dashboard with what they import, nothing the login already loaded.
    expect(wanted).toEqual(expect.arrayContaining(firstScreen));
    expect(wanted.filter((path) => beforeLogin.includes(path))).toEqual([]);
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute("href")),
        ),
      )
      .toEqual(expect.arrayContaining(wanted));
    // Still the login: nothing of the signed-in app rendered.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("app-content")).toHaveCount(0);
  });
});
