import { readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiGet, apiHeaders, apiLogin, expect, loginViaUi, test, toasts } from "../fixtures";

const BRAND_GREEN = "#15803d";
const SW_FILE = fileURLToPath(new URL("../../apps/web/dist/sw.js", import.meta.url));

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface TenantDocument {
  id: string;
  title: string;
  file_type: string;
  file_url: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buffer: Buffer): { width: number; height: number } {
  expect(buffer.subarray(1, 4).toString("latin1"), "PNG signature").toBe("PNG");
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

/** The service worker is active and controls this page (registered lazily after start-up). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
}

/** The TanStack Query cache persisted to IndexedDB holds a query whose key contains `fragment`. */
async function waitForPersistedQuery(page: Page, fragment: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open("mieter-portal");
              open.onerror = () => resolve("");
              open.onsuccess = () => {
                try {
                  const read = open.result.transaction("keyval").objectStore("keyval").get("mieter_portal_query_cache");
                  read.onsuccess = () => resolve(typeof read.result === "string" ? read.result : "");
                  read.onerror = () => resolve("");
                } catch {
                  resolve("");
                }
              };
            }),
        ),
      { timeout: 10_000, message: `persisted query ${fragment}` },
    )
    .toContain(fragment);
}

/** URLs held in the Cache Storage of the page's origin. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

/** Keeps every object URL's blob so the test can read what a new tab was given. */
async function recordObjectUrls(page: Page) {
  await page.addInitScript(() => {
    const urls = new Map<string, Blob>();
    (window as unknown as { __objectUrls: Map<string, Blob> }).__objectUrls = urls;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = create(object);
      if (object instanceof Blob) urls.set(url, object);
      return url;
    };
  });
}

/** Opens a document through its row button and returns the bytes the new tab was given. */
async function openDocument(page: Page, title: string): Promise<{ type: string; data: Buffer }> {
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: `${title} in neuem Tab öffnen` }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url(), { timeout: 10_000 }).toMatch(/^blob:/);
  const shown = await page.evaluate(async (url) => {
    const blob = (window as unknown as { __objectUrls: Map<string, Blob> }).__objectUrls.get(url);
    return blob ? { type: blob.type, data: Array.from(new Uint8Array(await blob.arrayBuffer())) } : null;
  }, popup.url());
  await popup.close();
  expect(shown, "the new tab shows a blob made by the app").not.toBeNull();
  return { type: shown!.type, data: Buffer.from(shown!.data) };
}

async function serverFile(request: APIRequestContext, token: string, fileUrl: string): Promise<Buffer> {
  const res = await request.get(fileUrl, { headers: apiHeaders(token) });
  expect(res.status()).toBe(200);
  return res.body();
}

test("the web app manifest is linked and valid, with reachable icons", async ({ page, request }) => {
  await page.goto("/login");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBeTruthy();
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", BRAND_GREEN);

  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: "Mieter-Portal",
    short_name: "Mieter-Portal",
    lang: "de",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: BRAND_GREEN,
    background_color: BRAND_GREEN,
  });

  const wanted = [
    { sizes: "192x192", purpose: "any" },
    { sizes: "512x512", purpose: "any" },
    { sizes: "512x512", purpose: "maskable" },
  ];
  for (const { sizes, purpose } of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? "any").split(" ").includes(purpose));
    expect(icon, `${purpose} icon ${sizes}`).toBeTruthy();
    const image = await request.get(new URL(icon!.src, res.url()).toString());
    expect(image.status(), icon!.src).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    const [width, height] = sizes.split("x").map(Number);
    expect(pngSize(await image.body())).toEqual({ width, height });
  }

  const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  const apple = await request.get(appleHref!);
  expect(apple.status()).toBe(200);
  expect(apple.headers()["content-type"]).toBe("image/png");
  expect(pngSize(await apple.body())).toEqual({ width: 180, height: 180 });
});

test("after one online visit the app starts offline from the service worker and shows cached data", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(60_000);
  const token = await apiLogin(request);
  const user = await apiGet<{ first_name: string }>(request, "/auth/user", token);
  const config = await apiGet<{ brand: { companyName: string } }>(request, "/config", token);

  await loginViaUi(page);
  await waitForServiceWorker(page);
  await waitForPersistedQuery(page, "/api/v1/auth/user");

  // The shell is precached (the login screen, the dashboard and every other screen), API answers are not.
  const cached = await cachedUrls(page);
  expect(cached).toContain("/index.html");
  // The dashboard is built into the shell's chunks (decision 016).
  expect(cached.some((url) => /^\/assets\/app-shell-.+\.js$/.test(url))).toBe(true);
  expect(cached.some((url) => /^\/assets\/documents-.+\.js$/.test(url))).toBe(true);
  expect(cached.filter((url) => url.startsWith("/api/"))).toEqual([]);

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  // The cached page is the one the server rendered, brand filled in.
  await expect(page.locator('meta[name="mp-company-name"]')).toHaveAttribute("content", config.brand.companyName);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hallo, ${user.first_name || "Mieter"}!`, {
    timeout: 10_000,
  });
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();

  // A deep link to a screen not visited before works offline too (navigation fallback, precached chunk).
  await page.goto("/faq");
  await expect(page.getByTestId("header-title")).toHaveText("FAQ");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test("API paths are never answered with the app shell", async ({ page }) => {
  await loginViaUi(page);
  await waitForServiceWorker(page);
  const response = await page.goto("/api/v1/does-not-exist");
  expect(response?.fromServiceWorker()).toBe(false);
  expect(response?.status()).toBe(404);
  expect(await response?.json()).toMatchObject({ error: "route_not_found" });
});

test("a document opened online can be opened again offline, byte for byte; one never opened cannot", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(60_000);
  const token = await apiLogin(request);
  const documents = await apiGet<TenantDocument[]>(request, "/tenant/documents", token);
  const pdfs = documents.filter((d) => d.file_type === "application/pdf");
  expect(pdfs.length, "the seed has at least two PDF documents").toBeGreaterThanOrEqual(2);
  const [opened, neverOpened] = pdfs as [TenantDocument, TenantDocument];
  const original = await serverFile(request, token, opened.file_url);

  await recordObjectUrls(page);
  await loginViaUi(page);
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Dokumente" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dokumente" })).toBeVisible();

  const online = await openDocument(page, opened.title);
  expect(online.type).toBe("application/pdf");
  expect(online.data.equals(original)).toBe(true);

  await waitForServiceWorker(page);
  await waitForPersistedQuery(page, "/api/v1/tenant/documents");
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dokumente" })).toBeVisible({ timeout: 10_000 });

  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  const fileRequests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith("/file")) fileRequests.push(r.url());
  });

  // Never opened online: no copy on the device, the tenant is told so. (Without a real popup here:
  // opening a tab makes Chromium report navigator.onLine = true for the opener under emulation.)
  await page.evaluate(() => {
    const w = window as unknown as { __open: typeof window.open };
    w.__open = window.open;
    window.open = () => null;
  });
  await page.getByRole("button", { name: `${neverOpened.title} in neuem Tab öffnen` }).click();
  await expect(toasts(page).getByText("Fehler beim Öffnen")).toBeVisible();
  await page.evaluate(() => {
    window.open = (window as unknown as { __open: typeof window.open }).__open;
  });

  const offline = await openDocument(page, opened.title);
  expect(offline.type).toBe("application/pdf");
  expect(offline.data.equals(original)).toBe(true);
  expect(fileRequests, "served from the device, not the network").toEqual([]);
  await context.setOffline(false);
});

test("a new version waits for the tenant: 'Später' keeps the page, 'Jetzt aktualisieren' reloads into it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginViaUi(page);
  await waitForServiceWorker(page);
  const hasWaitingWorker = () =>
    page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)));

  // The next deploy: the served worker script changes (what every new build does). The server
  // serves apps/web/dist from disk; the original is put back unless something rebuilt it meanwhile.
  const original = await readFile(SW_FILE, "utf8");
  const nextVersion = `${original}\n// next version ${Date.now()}\n`;
  await writeFile(SW_FILE, nextVersion);
  // The build keeps brotli and gzip copies beside it, which the server prefers: they change too.
  const compressed = { br: zlib.brotliCompressSync(nextVersion), gz: zlib.gzipSync(nextVersion) };
  const originals = await Promise.all(
    (["br", "gz"] as const).map(async (ext) => [ext, await readFile(`${SW_FILE}.${ext}`).catch(() => null)] as const),
  );
  for (const [ext, bytes] of Object.entries(compressed)) await writeFile(`${SW_FILE}.${ext}`, bytes);
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    const prompt = page.getByRole("region", { name: "Neue Version verfügbar" });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await expect(prompt).toContainText("Eine neue Version des Mieter-Portals ist bereit.");
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations).toEqual([]);

    // Nothing happens without consent: no reload, the new version keeps waiting.
    let reloads = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) reloads += 1;
    });
    await prompt.getByRole("button", { name: "Später" }).click();
    // The prompt's leaving is the end of 'Später': only postponing takes it away ('Jetzt aktualisieren'
    // keeps it, with a spinner), and postponing does nothing else. A reload could only follow the new
    // worker taking control, which it cannot while it still waits.
    await expect(prompt).toHaveCount(0);
    expect(await hasWaitingWorker()).toBe(true);
    expect(reloads).toBe(0);

    // It is offered again at the next start, and taken on consent: one reload into the new version.
    await page.reload();
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    reloads = 0;
    await prompt.getByRole("button", { name: "Jetzt aktualisieren" }).click();
    await expect.poll(() => reloads, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { level: 1, name: /^Hallo, / })).toBeVisible({ timeout: 10_000 });
    await expect.poll(hasWaitingWorker).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe("activated");
    // Not offered again: an update check that has finished finds nothing newer (no worker installing
    // or waiting), and only such a worker brings the prompt back.
    const somethingNewer = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
      return Boolean(registration?.installing || registration?.waiting);
    });
    expect(somethingNewer).toBe(false);
    await expect(prompt).toHaveCount(0);
  } finally {
    if ((await readFile(SW_FILE, "utf8")) === nextVersion) {
      await writeFile(SW_FILE, original);
      for (const [ext, bytes] of originals) {
        if (bytes) await writeFile(`${SW_FILE}.${ext}`, bytes);
        else await rm(`${SW_FILE}.${ext}`, { force: true });
      }
    }
  }
});
