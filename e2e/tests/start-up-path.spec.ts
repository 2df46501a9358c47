import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { PUBLIC_ROUTE_BUDGETS_KB, PUBLIC_ROUTES, type PublicRoute } from "../../apps/web/src/config/start-up";
import { apiGet, apiLogin, expect, seedSession, test, waitForIntroGone, waitForToasterFetched } from "../fixtures";

// Issue 13, decision 013: what `/` (the manifest's start_url) and `/login` load when signed out.
// The JavaScript the page fetched before its login form was there must hold nothing of the signed-in
// app and be at most 110 KB as sent (brotli); the signed-in first screen comes afterwards, prefetched.
// Issue 26 item 4, decision 035: the same for every other public screen (apps/web/src/config/start-up.ts),
// each within its budget.

const webDist = resolve(dirname(fileURLToPath(import.meta.url)), "../../apps/web/dist");
const BUDGET_BYTES = 110 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The entry script of index.html (the app's JavaScript), as the page requests it. */
function entryScript(): string {
  const manifest = JSON.parse(readFileSync(join(webDist, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const file = manifest["index.html"]?.file;
  if (!file) throw new Error("no entry for index.html in the build's manifest");
  return `/${file}`;
}

interface Chunks {
  /** Only the signed-in app needs these: the shell and its screens with all they import, minus the login's. */
  signedIn: Set<string>;
  /** The shell's own chunk. */
  firstScreen: string[];
}

/** What the build wrote about the start-up facts it applied (apps/web/vite.config.ts: startUpFacts). */
interface BuiltStartUpFacts {
  shell: string;
  signedInScreens: string[];
  signedInChunks: string[];
}

function chunksOfBuild(): Chunks {
  const manifest = JSON.parse(readFileSync(join(webDist, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const facts = JSON.parse(readFileSync(join(webDist, ".vite/start-up.json"), "utf8")) as BuiltStartUpFacts;
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
  const shell = keys.filter((key) => key === facts.shell);
  // The signed-in screens, as apps/web/src/config/start-up.ts tells them from the public ones.
  const screens = keys.filter((key) => facts.signedInScreens.includes(key));
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
    [
      ...[...closure([...shell, ...screens])].filter((file) => !signedOut.has(file)),
      // Whatever chunk holds code of the shell or a signed-in screen, however it is reached.
      ...facts.signedInChunks,
    ].map((file) => `/${file}`),
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

test.describe("the other public screens' start (issue 26 item 4)", () => {
  const others = (Object.keys(PUBLIC_ROUTES) as PublicRoute[]).filter((name) => name !== "login");
  for (const name of others) {
    const path = PUBLIC_ROUTES[name];
    const budget = PUBLIC_ROUTE_BUDGETS_KB[name].brotli;
    test(`${path} loads nothing of the signed-in app before its form shows, at most ${budget} KB as sent`, async ({
      page,
    }) => {
      const { signedIn } = chunksOfBuild();
      await noteLoginForm(page);
      // The reset page shows its form only with a link's token (checked when it is sent).
      await page.goto(name === "resetPassword" ? `${path}#token=e2e-start-up` : path);
      const scripts = await scriptsBeforeLogin(page);
      await expect(page).toHaveURL(new RegExp(`${path}(#.*)?$`));
      await expect(page.locator("form button[type=submit]")).toBeVisible();

      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((script) => signedIn.has(script.path)).map((script) => script.path)).toEqual([]);
      const sent = scripts.reduce((sum, script) => sum + script.bytes, 0);
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(budget * 1024);
    });
  }
});

test.describe("the signed-in start (decision 022)", () => {
  // Requests a service worker answers never reach page.route: without one every start is cold.
  test.use({ serviceWorkers: "block" });

  /** Signs the demo tenant in, lets the app start once (it leaves the offline switch's mirror) and returns the API reads of a second start whose entry script is held back until `release`. */
  async function startWithEntryHeld(page: Page, request: Parameters<typeof apiLogin>[0]) {
    const token = await apiLogin(request);
    await seedSession(page, token, await apiGet(request, "/auth/user", token));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("mieter_portal_offline_mode"))).toBe("false");

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const entry = entryScript();
    await page.route(`**${entry}`, async (route) => {
      await held;
      await route.continue();
    });
    const reads: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (req.method() === "GET" && url.pathname.startsWith("/api/")) reads.push(url.pathname + url.search);
    });
    return { reads, release };
  }

  test("sends the first screen's reads and asks for its files before the app's JavaScript has arrived; the app takes them, each read goes once", async ({
    page,
    request,
  }) => {
    const { reads, release } = await startWithEntryHeld(page, request);
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
    });
    // The start hint is index.html's one inline script, allowed by the page's CSP (its hash): a
    // refused script would show here, and nothing would be sent before the entry.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(event.violatedDirective));
    });
    await page.goto("/", { waitUntil: "commit" });
    // The entry is held back: whatever reaches the server now was sent by the start scripts.
    await expect
      .poll(() => [...reads].sort())
      .toEqual(
        [
          "/api/v1/auth/user",
          "/api/v1/config",
          "/api/v1/tenant/appointments?upcoming=true&limit=5",
          "/api/v1/tenant/messages?filter=received&limit=2",
          "/api/v1/tenant/messages?filter=unread&limit=10",
          "/api/v1/tenant/meter-campaigns",
          "/api/v1/tenant/notices?limit=4",
          "/api/v1/tenant/payments/current",
        ].sort(),
      );
    const listed = await page.locator('meta[name="mp-signed-in-start"]').getAttribute("content");
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute("href")),
    );
    expect(preloaded).toEqual((listed ?? "").split(/\s+/).filter(Boolean));
    expect(preloaded.length).toBeGreaterThan(5);
    expect(
      scripts.filter((path) => path.includes("start-hint")),
      "the hint is no file of its own",
    ).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);

    release();
    await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const twice = reads.filter((read, index) => reads.indexOf(read) !== index);
    expect(twice, "reads sent twice").toEqual([]);
  });

  test("builds only the schemas of the first screen's reads before it shows, not those of the other screens (issue 30)", async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    await seedSession(page, token, await apiGet(request, "/auth/user", token));
    const scripts: Promise<string>[] = [];
    let dashboardShown = false;
    page.on("response", (response) => {
      if (!dashboardShown && response.request().resourceType() === "script") scripts.push(response.text());
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
    await expect(page.getByTestId("rent-amount")).toBeVisible();
    dashboardShown = true;
    const code = (await Promise.all(scripts)).join("\n");
    // The contracts' messages of each module, as the minified code keeps them: a module's schemas
    // are built when its chunk runs (packages/contracts is side-effect free, so the build keeps
    // each module with the screens that import it).
    // (includes(), not toContain(): a failure would print all the code.)
    expect(code.includes("Lastschrift eingereicht"), "the payments' schemas (the rent card's read)").toBe(true);
    expect(
      code.includes("Filter muss 'all', 'unread' oder 'received' sein."),
      "the messages' schemas (the latest messages' read)",
    ).toBe(true);
    for (const [module, message] of [
      ["repairs", "Bitte wählen Sie eine gültige Art der Reparatur."],
      ["documents", "Mieter können nur persönliche Dokumente hochladen"],
      ["push", "Der Geräteschlüssel (p256dh) fehlt."],
      ["finances", "Bitte geben Sie ein gültiges Jahr an."],
    ] as const)
      expect(code.includes(message), `the ${module} schemas ran before the dashboard showed`).toBe(false);
  });

  test("fetches the toasts' code ahead of any toast, as the intro leaves: not while the first screen loads", async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    await seedSession(page, token, await apiGet(request, "/auth/user", token));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
    await waitForIntroGone(page);
    await waitForToasterFetched(page);
    const toasterAsked = await page.evaluate(
      () =>
        performance.getEntriesByType("resource").find((entry) => entry.name.includes("/assets/toaster-"))?.startTime,
    );
    // The intro starts to leave 2 s after the navigation started (spec section 9: app/intro.ts).
    expect(toasterAsked, "asked for the toasts' code before the intro began to leave").toBeGreaterThanOrEqual(2000);
  });

  test("sends no read before the app's JavaScript when the tenant switched the app offline", async ({
    page,
    request,
  }) => {
    const { reads, release } = await startWithEntryHeld(page, request);
    await page.evaluate(() => localStorage.setItem("mieter_portal_offline_mode", "true"));
    await page.goto("/", { waitUntil: "commit" });
    // The start script has run once it asked for the files (right after it would have sent the reads).
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length))
      .toBeGreaterThan(5);
    expect(reads).toEqual([]);
    release();
    await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible();
  });
});
