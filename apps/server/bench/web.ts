/// <reference lib="dom" /> -- the functions passed to page.evaluate run in the browser
/**
 * The web part of `npm run bench` (issue 13): the tenant app as a phone on a slow network sees it.
 * Builds the web app when its sources are newer than apps/web/dist, starts the server on a fresh
 * database (demo seed) and measures, BENCH_WEB_RUNS times (default 3), medians printed:
 *
 * - Lighthouse 12 performance (its mobile defaults: simulated slow 4G, 4× CPU) of the signed-out
 *   start `/` (the manifest's start_url) and of the signed-in dashboard (token and user stored as
 *   the app stores them; no service worker, empty HTTP cache);
 * - the JavaScript the signed-out start `/` transfers before the login is usable (encoded bytes);
 * - the cold first visit, signed in: from navigation to the dashboard with data under CDP
 *   throttling (slow 4G as Lighthouse simulates it: 150 ms round trip, 1.6 Mbit/s down,
 *   750 kbit/s up; 4× CPU), and the API reads of that start;
 * - the returning start (service worker and persisted cache of that visit), the same figures;
 * - the offline drain: 100 replies queued offline, then online again on slow 4G (network only):
 *   the time from the reconnect until the sync reported its end and everything it refreshed has
 *   arrived (the spec's 2 s wait after reconnecting included), and the requests it made;
 * - beside the first visit and the signed-out Lighthouse run, the same for a peer (issue 30): the
 *   smallest React 19 app showing the same first screen from the same two reads (bench/peer),
 *   bundled at bench time and served by the same server; printed with the ratio portal /
 *   max(peer, 2.0 s) and the machine's load, since absolute times drift with it.
 *
 * Chromium: CHROME_PATH (default /usr/bin/chromium). BENCH_WEB_ONLY=lighthouse|start|drain runs one
 * measurement; BENCH_WEB_LIGHTHOUSE_DIR=dir keeps each Lighthouse report and its page-load trace
 * there; BENCH_WEB_PROFILE_DIR=dir a CPU profile of each start (navigation to the dashboard with data).
 * A measurement, not a test: exits 0 whether or not the goals are met (1 only when it cannot
 * run).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_CLIENT_API_KEY } from "@mieter-portal/contracts";
import { build as esbuild } from "esbuild";
import lighthouse from "lighthouse";
import { type BrowserContext, type CDPSession, chromium, type Page } from "playwright-core";
import { CONSOLE_BASE } from "../src/plugins/external/web-app.js";

const RUNS = boundedInt(process.env.BENCH_WEB_RUNS, 3, 1, 10);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const DRAIN_CHANGES = boundedInt(process.env.BENCH_WEB_DRAIN, 100, 1, 500);
const DEMO = { email: "demo@example.com", password: "demo1234" };
/** CPU profiles (.cpuprofile, for DevTools) of each start, from navigation to the dashboard with data. */
const PROFILE_DIR = process.env.BENCH_WEB_PROFILE_DIR;
/** For working on one measurement: lighthouse, start or drain. */
const ONLY = process.env.BENCH_WEB_ONLY;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const webDist = path.join(repoRoot, "apps/web/dist");

/** Slow 4G as Lighthouse simulates it, applied by Chromium itself (CDP). */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/** The goals of issue 13 this part measures. */
export const WEB_GOALS = {
  lighthouseSignedOut: 95,
  startScriptKb: 110,
  firstVisitMs: 2500,
  lighthouseSignedIn: 90,
  drainMs: 20_000,
  drainRequests: 105,
};

/**
 * Issue 30: the first visit against the peer of the same run, and Lighthouse against the peer's
 * page. The floor is the spec's 2 s intro, which the portal shows before any first screen.
 */
export const PEER_GOALS = {
  firstVisitRatio: 1.25,
  floorMs: 2000,
  lighthouseWithin: 3,
};

function boundedInt(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// ---------------------------------------------------------------------------------------------
// Build and server

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds contracts and the web app when a source is newer than apps/web/dist/index.html. */
function buildWebIfStale(): void {
  const sources = [
    "apps/web/src",
    "apps/web/public",
    "apps/web/index.html",
    "apps/web/vite.config.ts",
    "apps/web/scripts",
    "packages/ui/src",
    "packages/contracts/src",
  ].map((p) => path.join(repoRoot, p));
  const built = newestMtime(path.join(webDist, "index.html"));
  const newest = Math.max(...sources.map(newestMtime));
  if (built > newest) {
    console.log("Web: apps/web/dist ist aktuell.");
    return;
  }
  console.log("Web: apps/web/dist ist älter als die Quellen, baue neu ...");
  for (const workspace of ["packages/contracts", "apps/web"]) {
    const result = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: repoRoot, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`npm run build -w ${workspace} fehlgeschlagen`);
  }
}

/**
 * Where the peer lives: the portal server serves it as its staff console (CONSOLE_DIST pointing at
 * the peer's build), so it comes from the same process, origin and connection as the portal, through
 * the same static serving of precompressed brotli files (issue 30). The bench never opens the console.
 */
const PEER_PATH = `${CONSOLE_BASE}/`;

/**
 * Bundles bench/peer at bench time with the react and react-dom the web app resolves (esbuild,
 * minified, production), writes its index.html beside it and precompresses both as the web app's
 * build does (scripts/precompress.mjs: brotli 11 and gzip 9 beside each file). Returns the folder.
 */
async function buildPeer(): Promise<{ dir: string; scriptKb: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), "mieter-portal-bench-peer-"));
  const source = path.join(repoRoot, "apps/server/bench/peer");
  const webRequire = createRequire(path.join(repoRoot, "apps/web/package.json"));
  const result = await esbuild({
    entryPoints: [path.join(source, "main.ts")],
    bundle: true,
    write: false,
    outdir: path.join(dir, "assets"),
    entryNames: "peer-[hash]",
    format: "esm",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    define: {
      "process.env.NODE_ENV": '"production"',
      __PEER_API_KEY__: JSON.stringify(DEFAULT_CLIENT_API_KEY),
    },
    plugins: [
      {
        name: "react-of-the-web-app",
        setup(build) {
          build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({ path: webRequire.resolve(args.path) }));
        },
      },
    ],
  });
  const [script] = result.outputFiles;
  if (!script || result.outputFiles.length !== 1) throw new Error("Peer: esbuild schrieb nicht genau eine Datei");
  await mkdir(path.join(dir, "assets"));
  await writeFile(script.path, script.contents);
  const html = await readFile(path.join(source, "index.html"), "utf8");
  const src = `${PEER_PATH}assets/${path.basename(script.path)}`;
  await writeFile(path.join(dir, "index.html"), html.replace("__PEER_SCRIPT__", src));
  const compressed = spawnSync(process.execPath, [path.join(repoRoot, "scripts/precompress.mjs"), dir], {
    encoding: "utf8",
  });
  if (compressed.status !== 0) throw new Error(`Peer: precompress fehlgeschlagen\n${compressed.stderr}`);
  const brotli = await readFile(`${script.path}.br`);
  return { dir, scriptKb: brotli.length / 1024 };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** The real server (from source) on a fresh data directory with the demo seed; the peer as its console. */
async function startServer(peerDir: string): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mieter-portal-bench-web-"));
  const port = await freePort();
  // SQLite in the fresh data directory, whatever the environment says.
  const { DATABASE_URL: _database, DATABASE_SCHEMA: _schema, ...env } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(repoRoot, "apps/server/src/server.ts")],
    {
      cwd: repoRoot,
      env: {
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_DEMO: "true",
        WEB_DIST: webDist,
        CONSOLE_DIST: peerDir,
        RATE_LIMIT_IP_PER_MINUTE: "0",
        RATE_LIMIT_TENANT_PER_MINUTE: "0",
        // The drain sends 100 messages: more than a tenant may write in an hour (lib/quotas.ts).
        WRITE_QUOTAS: "false",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server beendet (${child.exitCode}):\n${output.join("")}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`Server antwortet nicht:\n${output.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface Session {
  token: string;
  user: Record<string, unknown>;
}

async function apiLogin(baseUrl: string): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-API-Key": DEFAULT_CLIENT_API_KEY },
    body: JSON.stringify({ ...DEMO, remember: true }),
  });
  if (!res.ok) throw new Error(`Login ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: Record<string, unknown> };
  // What the app keeps of the user (features/auth/session.ts: toSessionUser).
  const keep = ["id", "email", "firstName", "lastName", "first_name", "last_name", "address", "apartment_number"];
  const user = Object.fromEntries(Object.entries(body.user).filter(([key]) => keep.includes(key)));
  return { token: body.token, user };
}

async function apiGet<T>(baseUrl: string, route: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1${route}`, {
    headers: { "X-API-Key": DEFAULT_CLIENT_API_KEY, Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET ${route} ${res.status}`);
  return (await res.json()) as T;
}

// ---------------------------------------------------------------------------------------------
// Browser helpers

async function launch(debugPort?: number): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "mieter-portal-bench-chromium-"));
  const args = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"];
  if (debugPort) args.push(`--remote-debugging-port=${debugPort}`);
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME_PATH,
    headless: true,
    args,
    viewport: { width: 412, height: 823 },
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Empties the origin (service worker, caches, IndexedDB, local storage) and the HTTP cache; with a
 * session, stores token and user the way the app does (IndexedDB "mieter-portal", and localStorage).
 */
async function resetOrigin(context: BrowserContext, baseUrl: string, session: Session | null): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", { origin: baseUrl, storageTypes: "all" });
  await cdp.send("Network.enable");
  await cdp.send("Network.clearBrowserCache");
  if (session) {
    // A same-origin page that is not the app: no service worker, no app script.
    await page.goto(`${baseUrl}/api/v1/health`);
    await page.evaluate(async ({ token, user }) => {
      localStorage.setItem("mieter_portal_auth_token", token);
      localStorage.setItem("mieter_portal_user", JSON.stringify(user));
      // What the app leaves on a device it has started on: the offline switch's mirror (off), which
      // the start script reads before it sends the first screen's reads (decision 022).
      localStorage.setItem("mieter_portal_offline_mode", "false");
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("mieter-portal");
        open.onupgradeneeded = () => open.result.createObjectStore("keyval");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction("keyval", "readwrite");
          tx.objectStore("keyval").put(token, "mieter_portal_auth_token");
          tx.objectStore("keyval").put(user, "mieter_portal_user");
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    }, session);
    await cdp.send("Network.clearBrowserCache");
  }
  await cdp.detach();
  await page.close();
}

async function throttle(cdp: CDPSession, cpu: number): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
}

/**
 * ms since navigation start when the first screen shows its data: the intro gone, the greeting and
 * the next rent there (the portal's dashboard and the peer mark the rent alike: data-testid
 * rent-amount; the portal shows both in one render).
 */
async function dashboardShownAt(page: Page): Promise<{ ready: number; shown: number }> {
  // Ready: the dashboard with data is rendered, under the intro or not (for the peer: shown).
  await page.waitForFunction(
    () =>
      /^Hallo, /.test(document.querySelector("main h1")?.textContent ?? "") &&
      document.querySelector('main [data-testid="rent-amount"]') !== null,
    undefined,
    { timeout: 60_000, polling: 50 },
  );
  const ready = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => !document.getElementById("intro"), undefined, { timeout: 60_000, polling: 50 });
  const shown = await page.evaluate(() => performance.now());
  return { ready, shown };
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  scriptKb: number;
}

/**
 * Lighthouse 12 with Debian's Chromium 156 now and then loses the trace of a page load
 * (runtimeError NO_NAVSTART, "Please run Lighthouse again"): such a run is repeated, up to
 * LIGHTHOUSE_ATTEMPTS times; any other error ends the bench.
 */
const LIGHTHOUSE_ATTEMPTS = 3;

async function runLighthouse(
  url: string,
  port: number,
  keepStorage: boolean,
  label = keepStorage ? "signed-in" : "signed-out",
): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      disableStorageReset: keepStorage,
    });
    if (!result) throw new Error("Lighthouse lieferte kein Ergebnis");
    const error = result.lhr.runtimeError;
    if (!error) return lighthouseFigures(result.lhr, label, result.artifacts.Trace);
    const traceLost = /^NO_(NAVSTART|FCP|LCP|TRACING_STARTED|RESOURCE_REQUEST)/.test(error.code);
    if (!traceLost || attempt >= LIGHTHOUSE_ATTEMPTS) throw new Error(`Lighthouse: ${error.message}`);
    console.log(`  Lighthouse: ${error.code}, Lauf wird wiederholt (${attempt + 1} von ${LIGHTHOUSE_ATTEMPTS})`);
  }
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

async function lighthouseFigures(lhr: LighthouseResult, label: string, trace?: unknown): Promise<LighthouseFigures> {
  // For working on the figures: the whole report of each run and the page load's trace, which
  // Chrome's DevTools (Performance, "Load profile") opens (BENCH_WEB_LIGHTHOUSE_DIR).
  const dumpDir = process.env.BENCH_WEB_LIGHTHOUSE_DIR;
  if (dumpDir) {
    const name = `${label}-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await writeFile(path.join(dumpDir, `${name}.json`), JSON.stringify(lhr));
    if (trace) await writeFile(path.join(dumpDir, `${name}.trace.json`), JSON.stringify(trace));
  }
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (
    lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const script = items?.find((item) => item.resourceType === "script")?.transferSize ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    si: value("speed-index"),
    scriptKb: script / 1024,
  };
}

/** Scripts the signed-out start `/` transferred before its login form was there (encoded bytes). */
async function signedOutStartScripts(
  context: BrowserContext,
  baseUrl: string,
): Promise<{ kb: number; files: number; path: string; signedIn: number }> {
  await resetOrigin(context, baseUrl, null);
  const page = await context.newPage();
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector("form button[type=submit]")) {
        (window as unknown as { __loginAt: number }).__loginAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${baseUrl}/`);
  await page.waitForFunction(() => (window as unknown as { __loginAt?: number }).__loginAt !== undefined, undefined, {
    timeout: 30_000,
  });
  const figures = await page.evaluate(() => {
    const loginAt = (window as unknown as { __loginAt: number }).__loginAt;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((e): e is PerformanceResourceTiming => e instanceof PerformanceResourceTiming)
      .filter((e) => e.startTime <= loginAt && new URL(e.name).pathname.endsWith(".js"));
    const meta = document.querySelector<HTMLMetaElement>('meta[name="mp-signed-in-prefetch"]')?.content ?? "";
    const signedIn = new Set(meta.split(/\s+/).filter(Boolean));
    return {
      bytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0),
      files: scripts.length,
      signedIn: scripts.filter((e) => signedIn.has(new URL(e.name).pathname)).length,
      path: location.pathname,
    };
  });
  await page.close();
  return { kb: figures.bytes / 1024, files: figures.files, path: figures.path, signedIn: figures.signedIn };
}

interface StartFigures {
  /** Navigation to the dashboard with data shown (the intro gone). */
  ms: number;
  /** Navigation to the dashboard with data rendered, still under the intro where there is one. */
  readyMs: number;
  reads: number;
  /** Different reads (path and query): the first screen's queries; reads - distinct = sent twice. */
  distinct: number;
}

/** One start of `url` under CDP throttling: time to the dashboard with data, and the API reads sent. */
async function throttledStart(page: Page, url: string, navigate: "goto" | "reload"): Promise<StartFigures> {
  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp, CPU_SLOWDOWN);
  const sent: string[] = [];
  const count = (request: { method(): string; url(): string }) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname.startsWith("/api/")) sent.push(url.pathname + url.search);
  };
  page.on("request", count);
  if (PROFILE_DIR) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  if (navigate === "goto") await page.goto(url, { waitUntil: "commit" });
  else await page.reload({ waitUntil: "commit" });
  const { ready, shown } = await dashboardShownAt(page);
  if (PROFILE_DIR) {
    const { profile } = await cdp.send("Profiler.stop");
    const name = `${new URL(url).pathname.replaceAll("/", "_")}${navigate}-${new Date().toISOString().replaceAll(":", "-")}`;
    await writeFile(path.join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
  }
  // Reads that start after the dashboard shows (the spec's refresh 100 ms after start) count too.
  await page.waitForTimeout(3000);
  page.off("request", count);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await cdp.detach();
  return { ms: shown, readyMs: ready, reads: sent.length, distinct: new Set(sent).size };
}

/** Cold first visit (empty caches, no service worker) and then a returning start of the same tenant. */
async function firstAndReturningVisit(
  context: BrowserContext,
  baseUrl: string,
  session: Session,
): Promise<{ cold: StartFigures; returning: StartFigures }> {
  await resetOrigin(context, baseUrl, session);
  const page = await context.newPage();
  const cold = await throttledStart(page, `${baseUrl}/`, "goto");
  // The service worker has installed the app, the read cache is persisted (throttled to 1 s).
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    }
    return registration.active?.state;
  });
  await page.waitForTimeout(2000);
  const returning = await throttledStart(page, `${baseUrl}/`, "reload");
  await page.close();
  return { cold, returning };
}

/** The peer's first visit, exactly as the portal's: origin emptied, token and user stored, then throttled. */
async function peerFirstVisit(context: BrowserContext, baseUrl: string, session: Session): Promise<StartFigures> {
  await resetOrigin(context, baseUrl, session);
  const page = await context.newPage();
  // The comparison holds only if the peer's script comes as the portal's do: precompressed brotli.
  const encodings: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith(`${PEER_PATH}assets/`))
      encodings.push(response.headers()["content-encoding"] ?? "none");
  });
  const figures = await throttledStart(page, `${baseUrl}${PEER_PATH}`, "goto");
  if (process.env.BENCH_WEB_DEBUG) console.log(`Peer zeigt: ${await page.locator("main").innerText()}`);
  await page.close();
  if (encodings.length === 0 || encodings.some((encoding) => encoding !== "br"))
    throw new Error(`Peer: Skript nicht mit Brotli ausgeliefert (${encodings.join(", ") || "kein Skript"})`);
  return figures;
}

interface DrainFigures {
  ms: number;
  /** API requests (/api/…). */
  requests: number;
  posts: number;
  reads: number;
  /** Other requests of the page meanwhile (the app's files). */
  files: number;
}

/** 100 replies queued offline in one conversation, then back online on slow 4G until all is sent and refreshed. */
async function offlineDrain(context: BrowserContext, baseUrl: string, session: Session): Promise<DrainFigures> {
  await resetOrigin(context, baseUrl, session);
  const [thread] = await apiGet<{ id: string }[]>(baseUrl, "/tenant/messages?limit=1", session.token);
  if (!thread) throw new Error("Keine Unterhaltung im Demo-Bestand");
  const page = await context.newPage();
  if (process.env.BENCH_WEB_DEBUG) {
    page.on("console", (m) => console.log(`[page ${m.type()}] ${m.text()}`));
    page.on("pageerror", (e) => console.log(`[page error] ${e.message}`));
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await page.goto(`${baseUrl}/messages/${thread.id}`);
  const reply = page.getByLabel("Ihre Antwort");
  await reply.waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.getElementById("intro"));
  if (process.env.BENCH_WEB_DEBUG) {
    await page.screenshot({ path: "/tmp/bench-drain-before.png" });
    console.log("url", page.url());
  }
  await cdp.send("Network.emulateNetworkConditions", { ...SLOW_4G, offline: true });
  const marker = Date.now().toString(36);
  for (let i = 1; i <= DRAIN_CHANGES; i++) {
    try {
      await reply.fill(`Bench ${marker} Antwort ${i}`);
      await page.getByRole("button", { name: "Antwort senden" }).click();
      await page.waitForFunction(() => {
        const field = document.querySelector<HTMLTextAreaElement>("textarea");
        return field !== null && field.value === "";
      });
    } catch (error) {
      // Seen twice on 2026-11-23 (never with BENCH_WEB_DEBUG): the send button detached and not
      // back within 30 s. What the page showed then goes to the console and /tmp/bench-drain.png.
      await page.screenshot({ path: "/tmp/bench-drain.png" }).catch(() => {});
      console.log(`Abgleich: Antwort ${i} nicht gesendet auf ${page.url()}`);
      console.log(await page.evaluate(() => document.querySelector("main")?.innerHTML.slice(0, 3000)).catch(() => ""));
      throw error;
    }
  }
  const queued = await page.evaluate(async () => {
    const entries = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open("mieter_portal_offline_queue");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const request = db.transaction("entries").objectStore("entries").count();
        request.onsuccess = () => {
          db.close();
          resolve(request.result);
        };
      };
    });
    return entries;
  });
  if (queued !== DRAIN_CHANGES) throw new Error(`${queued} statt ${DRAIN_CHANGES} Änderungen in der Warteschlange`);

  // API requests are the drain's figure; the app's own files fetched after the reconnect (a
  // download that failed offline, e.g. the service worker's registration, is tried again) are
  // counted apart and printed beside it. The time covers both.
  const requests: { method: string; at: number; api: boolean }[] = [];
  const onRequest = (request: { method(): string; url(): string }) => {
    requests.push({
      method: request.method(),
      at: Date.now(),
      api: new URL(request.url()).pathname.startsWith("/api/"),
    });
  };
  let lastResponse = 0;
  const onFinished = () => {
    lastResponse = Date.now();
  };
  const timeline: { method: string; start: number; end: number }[] = [];
  const onTimed = (request: { method(): string }) => {
    const entry = { method: request.method(), start: Date.now(), end: 0 };
    timeline.push(entry);
    timedEntries.set(request, entry);
  };
  const timedEntries = new Map<unknown, { end: number }>();
  const onTimedEnd = (request: unknown) => {
    const entry = timedEntries.get(request);
    if (entry) entry.end = Date.now();
  };
  if (process.env.BENCH_WEB_DEBUG) {
    page.on("request", onTimed);
    page.on("requestfinished", onTimedEnd);
  }
  page.on("request", onRequest);
  page.on("requestfinished", onFinished);
  page.on("requestfailed", onFinished);
  const done = page.getByText(`Alle ${DRAIN_CHANGES} Änderungen wurden synchronisiert.`, { exact: true });
  const online = Date.now();
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await done.waitFor({ timeout: 300_000 });
  // Then the refresh of what the changes touched: wait until nothing has moved for 3 s.
  for (;;) {
    await page.waitForTimeout(500);
    const last = Math.max(lastResponse, ...requests.map((r) => r.at));
    if (Date.now() - last > 3000 && requests.length > 0) break;
  }
  const end = Math.max(lastResponse, ...requests.map((r) => r.at));
  if (process.env.BENCH_WEB_DEBUG) {
    const posts = timeline.filter((t) => t.method === "POST");
    const gaps = posts.slice(1).map((t, i) => t.start - (posts[i]?.end ?? t.start));
    const durations = posts.map((t) => t.end - t.start);
    const avg = (v: number[]) => (v.reduce((a, b) => a + b, 0) / Math.max(1, v.length)).toFixed(1);
    console.log(
      `first POST ${posts[0] ? posts[0].start - online : "?"} ms after online; POST avg ${avg(durations)} ms; gap between POSTs avg ${avg(gaps)} ms; last POST end → end ${end - (posts.at(-1)?.end ?? end)} ms`,
    );
  }
  page.off("request", onRequest);
  page.off("requestfinished", onFinished);
  page.off("requestfailed", onFinished);
  await cdp.detach();
  await page.close();
  const api = requests.filter((r) => r.api);
  return {
    ms: end - online,
    requests: api.length,
    posts: api.filter((r) => r.method === "POST").length,
    reads: api.filter((r) => r.method === "GET").length,
    files: requests.length - api.length,
  };
}

// ---------------------------------------------------------------------------------------------

export interface WebResults {
  lighthouseSignedOut: LighthouseFigures[];
  lighthouseSignedIn: LighthouseFigures[];
  startScripts: { kb: number; files: number; path: string; signedIn: number }[];
  cold: StartFigures[];
  returning: StartFigures[];
  drain: DrainFigures[];
  /** The peer (issue 30): its first visit, signed in, beside each of the portal's. */
  peer: StartFigures[];
  /** Lighthouse on the peer's page without a token (its login form). */
  lighthousePeer: LighthouseFigures[];
  /** The peer's script as served (brotli). */
  peerScriptKb: number;
  /** The machine: 1-minute load average at each run's start and at the end, and its cores. */
  load: number[];
  cores: number;
}

function format(results: WebResults): string {
  const med = (values: number[]) => median(values);
  const list = (values: number[], digits = 0) => values.map((v) => v.toFixed(digits)).join(" / ");
  // A figure this run did not measure (BENCH_WEB_ONLY) is left out, not printed as NaN.
  const row = (figure: string, values: number[], unit: string, goal: string, ok: boolean, digits = 0) =>
    values.length === 0
      ? ""
      : `| ${figure} | ${list(values, digits)} | ${med(values).toFixed(digits)}${unit} | ${goal} | ${ok ? "✔" : "✘"} |`;
  const plain = (figure: string, values: number[], unit: string, digits = 0) =>
    values.length === 0 ? "" : `| ${figure} | ${list(values, digits)} | ${med(values).toFixed(digits)}${unit} | | |`;
  const lhOut = results.lighthouseSignedOut.map((r) => r.score);
  const lhIn = results.lighthouseSignedIn.map((r) => r.score);
  const script = results.startScripts.map((r) => r.kb);
  const cold = results.cold.map((r) => r.ms);
  const returning = results.returning.map((r) => r.ms);
  const returningReads = results.returning.map((r) => r.reads);
  const drain = results.drain.map((r) => r.ms / 1000);
  const drainRequests = results.drain.map((r) => r.requests);
  const lhPeer = results.lighthousePeer.map((r) => r.score);
  const peer = results.peer.map((r) => r.ms);
  const floored = (ms: number) => Math.max(ms, PEER_GOALS.floorMs);
  const ratios = cold.map((ms, i) => ms / floored(peer[i] ?? Number.NaN));
  const ratio = med(cold) / floored(med(peer));
  const lhOutOk =
    med(lhOut) >= WEB_GOALS.lighthouseSignedOut || med(lhOut) >= med(lhPeer) - PEER_GOALS.lighthouseWithin;
  const lines = [
    "| figure | runs | median | goal | |",
    "|---|---|---|---|---|",
    row(
      "Lighthouse performance, signed-out start `/`",
      lhOut,
      "",
      `≥ ${WEB_GOALS.lighthouseSignedOut} or within ${PEER_GOALS.lighthouseWithin} of the peer`,
      lhOutOk,
    ),
    plain("… the peer's page without a token (its login form), same run", lhPeer, ""),
    row(
      "script transferred on the signed-out start (brotli, before the login is usable)",
      script,
      " KB",
      `≤ ${WEB_GOALS.startScriptKb} KB`,
      med(script) <= WEB_GOALS.startScriptKb,
      1,
    ),
    row(
      "first visit, signed in: dashboard with data (slow 4G, 4× CPU)",
      cold,
      " ms",
      `≤ ${WEB_GOALS.firstVisitMs} ms`,
      med(cold) <= WEB_GOALS.firstVisitMs,
    ),
    plain(
      "… of which the dashboard was rendered with data under the intro at (the rest is the spec's 2 s intro and its 300 ms fade)",
      results.cold.map((r) => r.readyMs),
      " ms",
    ),
    plain("… the peer (smallest React 19 app, greeting and rent from the same two reads), same run", peer, " ms"),
    peer.length === 0
      ? ""
      : `| … portal / max(peer, ${(PEER_GOALS.floorMs / 1000).toFixed(1)} s) | ${list(ratios, 2)} | ${ratio.toFixed(2)}× | ≤ ${PEER_GOALS.firstVisitRatio}× | ${ratio <= PEER_GOALS.firstVisitRatio ? "✔" : "✘"} |`,
    row(
      "Lighthouse performance, signed-in dashboard",
      lhIn,
      "",
      `≥ ${WEB_GOALS.lighthouseSignedIn}`,
      med(lhIn) >= WEB_GOALS.lighthouseSignedIn,
    ),
    row("returning tenant (service worker, persisted cache)", returning, " ms", "2.0 s floor", med(returning) < 2500),
    // The audit's goal was 5 for the five queries the dashboard had then (+ /config); the dashboard
    // has since gained the notices and the meter campaigns, so the goal is each of its reads once.
    row(
      `API reads per dashboard open, returning tenant (different reads: ${list(results.returning.map((r) => r.distinct))})`,
      returningReads,
      "",
      "each read once",
      results.returning.every((r) => r.reads === r.distinct),
    ),
    row(
      `offline drain, ${DRAIN_CHANGES} changes on slow 4G (from reconnect)`,
      drain,
      " s",
      "≤ 20 s",
      med(drain) * 1000 <= WEB_GOALS.drainMs,
      1,
    ),
    row(
      "API requests of that drain",
      drainRequests,
      "",
      `≤ ${WEB_GOALS.drainRequests}`,
      med(drainRequests) <= WEB_GOALS.drainRequests,
    ),
  ].filter((line) => line !== "");
  const lighthouse = (label: string, runs: LighthouseFigures[]) =>
    runs.length === 0
      ? ""
      : `Lighthouse ${label} (median of each): FCP ${med(runs.map((r) => r.fcp)).toFixed(0)} ms, LCP ${med(runs.map((r) => r.lcp)).toFixed(0)} ms, TBT ${med(runs.map((r) => r.tbt)).toFixed(0)} ms, CLS ${med(runs.map((r) => r.cls)).toFixed(3)}, SI ${med(runs.map((r) => r.si)).toFixed(0)} ms, all script ${med(runs.map((r) => r.scriptKb)).toFixed(1)} KB`;
  const detail = [
    "",
    lighthouse("signed-out", results.lighthouseSignedOut),
    lighthouse("signed-in", results.lighthouseSignedIn),
    lighthouse("peer", results.lighthousePeer),
    `Peer: ${results.peerScriptKb.toFixed(1)} KB script (brotli; react, react-dom and the app), ${list(results.peer.map((r) => r.reads))} API reads; served by the portal server under ${PEER_PATH}`,
    `Machine: ${results.cores} cores, load average (1 min) at each run's start and at the end: ${list(results.load, 1)}`,
    `Signed-out start: ${results.startScripts.map((r) => `${r.files} scripts, ${r.signedIn} of the signed-in app, ended on ${r.path}`).join("; ")}`,
    `First visit API reads: ${list(results.cold.map((r) => r.reads))} (different: ${list(results.cold.map((r) => r.distinct))}); drain: ${results.drain.map((r) => `${r.posts} POST + ${r.reads} GET (+ ${r.files} app files)`).join(" / ")}`,
  ];
  return [...lines, ...detail.filter((line) => line !== "")].join("\n");
}

/** One line per run of what it measured. */
function progress(results: WebResults): string {
  const parts: string[] = [];
  const out = results.lighthouseSignedOut.at(-1);
  if (out)
    parts.push(
      `Lighthouse ohne/mit Anmeldung ${out.score}/${results.lighthouseSignedIn.at(-1)?.score} (Peer ${results.lighthousePeer.at(-1)?.score})`,
    );
  const cold = results.cold.at(-1);
  const returning = results.returning.at(-1);
  if (cold && returning)
    parts.push(
      `Start-Skripte ${results.startScripts.at(-1)?.kb.toFixed(1)} KB`,
      `Erstbesuch ${cold.ms.toFixed(0)} ms, fertig unter dem Intro ${cold.readyMs.toFixed(0)} ms (${cold.reads} Lesezugriffe; Peer ${results.peer.at(-1)?.ms.toFixed(0)} ms)`,
      `wiederkehrend ${returning.ms.toFixed(0)} ms (${returning.reads})`,
    );
  const drain = results.drain.at(-1);
  if (drain) parts.push(`Abgleich ${(drain.ms / 1000).toFixed(1)} s / ${drain.requests} Anfragen`);
  return parts.join(", ");
}

export async function runWebBench(): Promise<WebResults> {
  buildWebIfStale();
  const peerBuild = await buildPeer();
  console.log(`Web: Peer gebaut (${peerBuild.scriptKb.toFixed(1)} KB Brotli), ausgeliefert unter ${PEER_PATH}`);
  const server = await startServer(peerBuild.dir);
  const debugPort = await freePort();
  const browser = await launch(debugPort);
  const results: WebResults = {
    lighthouseSignedOut: [],
    lighthouseSignedIn: [],
    startScripts: [],
    cold: [],
    returning: [],
    drain: [],
    peer: [],
    lighthousePeer: [],
    peerScriptKb: peerBuild.scriptKb,
    load: [],
    cores: cpus().length,
  };
  try {
    const session = await apiLogin(server.baseUrl);
    for (let run = 1; run <= RUNS; run++) {
      console.log(`Web, Durchlauf ${run} von ${RUNS} ...`);
      results.load.push(loadavg()[0] ?? Number.NaN);
      // The peer goes first in every other run: a machine getting busier or quieter meanwhile
      // weighs on both alike.
      const peerFirst = run % 2 === 0;
      await resetOrigin(browser.context, server.baseUrl, null);
      if (!ONLY || ONLY === "lighthouse") {
        const peerLighthouse = () =>
          runLighthouse(`${server.baseUrl}${PEER_PATH}`, debugPort, false, "peer-signed-out");
        if (peerFirst) results.lighthousePeer.push(await peerLighthouse());
        results.lighthouseSignedOut.push(await runLighthouse(`${server.baseUrl}/`, debugPort, false));
        if (!peerFirst) results.lighthousePeer.push(await peerLighthouse());
        await resetOrigin(browser.context, server.baseUrl, session);
        results.lighthouseSignedIn.push(await runLighthouse(`${server.baseUrl}/`, debugPort, true));
      }
      const measureStart = !ONLY || ONLY === "start";
      if (measureStart) {
        results.startScripts.push(await signedOutStartScripts(browser.context, server.baseUrl));
        let peerVisit: StartFigures | undefined;
        if (peerFirst) peerVisit = await peerFirstVisit(browser.context, server.baseUrl, session);
        const visits = await firstAndReturningVisit(browser.context, server.baseUrl, session);
        peerVisit ??= await peerFirstVisit(browser.context, server.baseUrl, session);
        results.peer.push(peerVisit);
        results.cold.push(visits.cold);
        results.returning.push(visits.returning);
      }
      if (!ONLY || ONLY === "drain") results.drain.push(await offlineDrain(browser.context, server.baseUrl, session));
      console.log(`  ${progress(results)}`);
    }
  } finally {
    results.load.push(loadavg()[0] ?? Number.NaN);
    await browser.close();
    await server.stop();
    await rm(peerBuild.dir, { recursive: true, force: true });
  }
  console.log(`\nWeb (${new Date().toISOString().slice(0, 10)}, Mediane aus ${RUNS} Durchläufen):\n`);
  console.log(format(results));
  return results;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  runWebBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
