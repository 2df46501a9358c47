import { readFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import { DEFAULT_BRAND } from "@mieter-portal/contracts/defaults";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import {
  CLASS_MERGE_MODULE,
  DASHBOARD_MODULE,
  isSignedInScreenModule,
  PUBLIC_PATHS,
  PUBLIC_ROUTE_BUDGETS_KB,
  PUBLIC_ROUTE_MODULES,
  PUBLIC_ROUTE_NEEDS_CLASS_MERGE,
  PUBLIC_ROUTES,
  type PublicRoute,
  SIGNED_IN_SHELL_MODULE,
} from "./src/config/start-up";

/** React Router's production build (dist/production beside the development build its exports name). */
const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL("../production/index.mjs", import.meta.resolve("react-router")));

/**
 * The app's version has one place: the repository's package.json (the server reads the same, issue 15).
 * The build writes it into the code as __APP_VERSION__ (config/env.ts: APP_VERSION).
 */
export function appVersionDefine(): Record<string, string> {
  const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return { __APP_VERSION__: JSON.stringify(version) };
}

/**
 * The public paths for src/start-hint.ts, which stands alone and so cannot import them: from the
 * start-up facts' one home, src/config/start-up.ts (issue 26 item 4).
 */
export function startUpDefine(): Record<string, string> {
  return { __PUBLIC_PATHS__: JSON.stringify(PUBLIC_PATHS) };
}

/** What the server puts into index.html (its default brand); only `vite dev` needs it. */
const DEV_BRAND = DEFAULT_BRAND;

function devBrandPlaceholders(): Plugin {
  return {
    name: "mieter-portal-dev-brand",
    apply: "serve",
    transformIndexHtml(html) {
      return html
        .replaceAll("__MP_COMPANY_NAME__", DEV_BRAND.companyName)
        .replaceAll("__MP_LOGO_TEXT__", DEV_BRAND.logoText);
    },
  };
}

/**
 * The shared primitives (packages/ui) get this app's own cn() from src/lib/utils.ts, the same
 * function, so the tenant app does not carry a second copy: its build stays byte for byte what it
 * was before the primitives moved (DESIGN §6). Careful: Tailwind scans this file for class names too.
 */
export function sharedClassNames(): Plugin {
  const uiSource = fileURLToPath(new URL("../../packages/ui/src/", import.meta.url));
  const ownUtils = fileURLToPath(new URL("./src/lib/utils.ts", import.meta.url));
  return {
    name: "mieter-portal-shared-cn",
    enforce: "pre",
    resolveId(source, importer) {
      return source === "./utils" && importer?.startsWith(uiSource) ? ownUtils : null;
    },
  };
}

const START_HINT = fileURLToPath(new URL("./src/start-hint.ts", import.meta.url));
const START_SIGNED_IN = fileURLToPath(new URL("./src/start-signed-in.ts", import.meta.url));

interface StartReads {
  /** "path|url" of the reads every signed-in start sends (the shell's). */
  everywhere: string[];
  /** …and those only a start on the dashboard sends. */
  home: string[];
  apiKey: string;
}

/**
 * The reads of a signed-in start as the app itself sends them: src/app/start-up.ts's lists, each
 * path with the URL lib/api/urls.ts makes of it, and config/env.ts's API key — evaluated from those
 * files at build time, so src/start-signed-in.ts sends exactly what the app's queries will ask for
 * (decision 022). Bundled by esbuild because the config loader resolves no "@/" paths.
 */
async function signedInStartReads(viteEnv: Record<string, unknown>): Promise<StartReads> {
  const webRoot = fileURLToPath(new URL(".", import.meta.url));
  const result = await esbuild({
    stdin: {
      contents: `
        import { startReads } from "./src/app/start-up";
        import { resolveApiUrl } from "./src/lib/api/urls";
        import { env } from "./src/config/env";
        const signedIn = { kind: "signed-in" } as Parameters<typeof startReads>[0];
        const pair = (path: string) => path + "|" + resolveApiUrl(path);
        // Any signed-in screen but the dashboard: the shell's reads only.
        const everywhere = startReads(signedIn, "/documents");
        export default {
          everywhere: everywhere.map(pair),
          home: startReads(signedIn, "/").filter((path) => !everywhere.includes(path)).map(pair),
          apiKey: env.apiKey,
        };`,
      resolveDir: webRoot,
      loader: "ts",
    },
    tsconfig: fileURLToPath(new URL("./tsconfig.json", import.meta.url)),
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    define: { "import.meta.env": JSON.stringify(viteEnv), ...appVersionDefine() },
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.text ?? "";
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as {
    default: StartReads;
  };
  return module.default;
}

/**
 * The signed-in first screen in one chunk: a cold start over HTTP/1.1 (six connections per host)
 * waited a round trip for every six of its 40 chunks (issue 13). Rollup cuts chunks by the set of
 * lazily loaded screens that reach a module; when every signed-in screen imports
 * src/app/first-screen.ts, everything the shell and the dashboard need is reached by all of them
 * alike and becomes one chunk. They are always shown inside the shell anyway. What the signed-out
 * side shares (buttons, fields) stays apart, and screens keep their own code. Which screens are
 * public (and so left alone) says src/config/start-up.ts: /einladung was missing from a list
 * kept here by hand and loaded the shell and the dashboard before its form (issue 26 item 4).
 */
function signedInFirstScreen(): Plugin {
  const firstScreen = fileURLToPath(new URL("./src/app/first-screen.ts", import.meta.url));
  return {
    name: "mieter-portal-signed-in-first-screen",
    apply: "build",
    transform(code, id) {
      if (!isSignedInScreenModule(id)) return null;
      return { code: `import ${JSON.stringify(firstScreen)};\n${code}`, map: null };
    },
  };
}

/** What the build tells scripts/report-size.mjs and e2e/tests/start-up-path.spec.ts (dist/.vite/start-up.json). */
export interface BuiltStartUpFacts {
  /**
   * Each public screen: its path, the modules its start loads (keys of the Vite manifest: the route's
   * module, and tailwind-merge where the router loads it beside) and its size budget.
   */
  publicRoutes: Array<{ name: string; path: string; modules: string[]; budgetKb: { brotli: number; gzip: number } }>;
  /** The shell's module (a key of the Vite manifest). */
  shell: string;
  /** The signed-in screens' modules (keys of the Vite manifest). */
  signedInScreens: string[];
  /** The chunks holding code of the shell or a signed-in screen: none may load on a public screen's start. */
  signedInChunks: string[];
}

/**
 * Writes src/config/start-up.ts's facts as this build applied them into dist/.vite/start-up.json:
 * the size report and the e2e start-up test check every public screen from there, with the
 * chunks that hold signed-in code found by their modules (the Vite manifest names only a chunk's
 * first module).
 */
function startUpFacts(): Plugin {
  const webRoot = fileURLToPath(new URL(".", import.meta.url));
  const relative = (id: string) => id.replaceAll("\\", "/").replace(webRoot.replaceAll("\\", "/"), "");
  return {
    name: "mieter-portal-start-up-facts",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const facts: BuiltStartUpFacts = {
        publicRoutes: (Object.keys(PUBLIC_ROUTES) as PublicRoute[]).map((name) => ({
          name,
          path: PUBLIC_ROUTES[name],
          modules: [PUBLIC_ROUTE_MODULES[name], ...(PUBLIC_ROUTE_NEEDS_CLASS_MERGE[name] ? [CLASS_MERGE_MODULE] : [])],
          budgetKb: PUBLIC_ROUTE_BUDGETS_KB[name],
        })),
        shell: SIGNED_IN_SHELL_MODULE,
        signedInScreens: [
          ...new Set(chunks.flatMap((c) => c.moduleIds.filter(isSignedInScreenModule).map(relative))),
        ].sort(),
        signedInChunks: chunks
          .filter((chunk) => chunk.moduleIds.some(isSignedInScreenModule))
          .map((chunk) => chunk.fileName)
          .sort(),
      };
      this.emitFile({ type: "asset", fileName: ".vite/start-up.json", source: `${JSON.stringify(facts, null, 2)}\n` });
    },
  };
}

/**
 * The app's stylesheet does not hold up the first paint: the intro is styled inline in
 * index.html, and the app applies its stylesheet before it renders anything (src/app/boot.ts).
 * Its download starts at once (preload), so it is there when the intro leaves.
 */
function stylesheetAfterIntro(): Plugin {
  return {
    name: "mieter-portal-stylesheet-after-intro",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace(/<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g, (_tag, crossorigin = "", href) => {
          return `<link rel="preload" as="style"${crossorigin} href="${href}" data-mp-app-css>`;
        }),
    },
  };
}

/**
 * Lists in index.html the JavaScript of the signed-in app's first screen (app shell and dashboard)
 * that the login did not load, for src/app/prefetch.ts to fetch once the login shows (issue 13);
 * and all of it beyond the entry, for src/start-hint.ts to fetch at a signed-in start.
 * index.html is never cached under a hashed name, so the list is always that of this build.
 */
function signedInPrefetchList(): Plugin {
  const FIRST_SCREEN = [SIGNED_IN_SHELL_MODULE, DASHBOARD_MODULE, CLASS_MERGE_MODULE];
  const SIGNED_OUT_START = [PUBLIC_ROUTE_MODULES.login];
  let base = "/";
  let reads: Promise<StartReads> | undefined;
  return {
    name: "mieter-portal-signed-in-prefetch",
    apply: "build",
    configResolved(config) {
      base = config.base;
      reads = signedInStartReads(config.env);
    },
    transformIndexHtml: {
      order: "post",
      async handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
        const byModule = (suffix: string) => {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll("\\", "/").endsWith(`/${suffix}`)));
          if (!chunk) throw new Error(`signed-in prefetch: no chunk for ${suffix}`);
          return chunk;
        };
        const closure = (roots: typeof chunks, into = new Set<string>()) => {
          const visit = (fileName: string) => {
            if (into.has(fileName)) return;
            into.add(fileName);
            const chunk = chunks.find((c) => c.fileName === fileName);
            for (const imported of chunk?.imports ?? []) visit(imported);
          };
          for (const root of roots) visit(root.fileName);
          return into;
        };
        const entries = closure(chunks.filter((c) => c.isEntry));
        const loaded = closure(SIGNED_OUT_START.map(byModule), new Set(entries));
        const firstScreen = [...closure(FIRST_SCREEN.map(byModule))];
        // After the login: what it has not loaded yet. A signed-in start never loaded the login, so
        // the start hint asks for everything beyond the entry (the buttons and fields the login shares).
        const wanted = firstScreen.filter((file) => !loaded.has(file));
        const atStart = firstScreen.filter((file) => !entries.has(file));
        const hint = chunks.find((c) => c.isEntry && c.facadeModuleId === START_HINT);
        const signedInStart = chunks.find((c) => c.isEntry && c.facadeModuleId === START_SIGNED_IN);
        for (const script of [hint, signedInStart]) {
          if (!script || script.imports.length > 0 || script.dynamicImports.length > 0) {
            throw new Error("signed-in prefetch: the start scripts must stand alone");
          }
        }
        const start = await (reads ?? signedInStartReads({}));
        // The start hint is written into index.html instead of being a file of its own: as a file
        // it was a round trip of its own before start-signed-in.ts was even asked for, and on slow
        // 4G the signed-in first screen waited for it (issue 13). The server's CSP allows this
        // inline script by its hash (apps/server: web-app.ts).
        const hintCode = hint?.code.trim() ?? "";
        if (!hint || /<\/script/i.test(hintCode))
          throw new Error("signed-in prefetch: the start hint cannot be inlined");
        delete bundle[hint.fileName];
        return [
          {
            tag: "meta",
            attrs: { name: "mp-signed-in-prefetch", content: wanted.map((file) => base + file).join(" ") },
            injectTo: "head",
          },
          {
            tag: "meta",
            attrs: {
              name: "mp-signed-in-start",
              content: atStart.map((file) => base + file).join(" "),
              "data-script": base + signedInStart?.fileName,
              "data-reads": start.everywhere.join(" "),
              "data-home-reads": start.home.join(" "),
              "data-key": start.apiKey,
            },
            injectTo: "head",
          },
          // Async: it runs at once, before the entry has arrived.
          { tag: "script", attrs: { type: "module", async: true }, children: hintCode, injectTo: "head" },
        ];
      },
    },
  };
}

const PUSH_SW = fileURLToPath(new URL("./src/pwa/push/push-sw.ts", import.meta.url));
/** Where the built push handler lies; the Workbox service worker loads it with importScripts. */
const PUSH_SW_FILE = "push-sw.js";

/**
 * The service worker's push and notificationclick handlers (issue 29) as a script of their own:
 * src/pwa/push/push-sw.ts bundled by esbuild into /push-sw.js, which the generated Workbox service
 * worker imports (workbox.importScripts below). Workbox stays generateSW; the app's bundle and its
 * start-up path do not change.
 */
function pushServiceWorker(): Plugin {
  return {
    name: "mieter-portal-push-service-worker",
    apply: "build",
    async generateBundle() {
      const result = await esbuild({
        entryPoints: [PUSH_SW],
        bundle: true,
        write: false,
        format: "iife",
        platform: "browser",
        target: "es2020",
        minify: true,
        logLevel: "silent",
      });
      this.emitFile({ type: "asset", fileName: PUSH_SW_FILE, source: result.outputFiles[0]?.text ?? "" });
    },
  };
}

/** Brand green of the intro in index.html. */
const BRAND_GREEN = "#15803d";

/**
 * Installable app with a precached shell (issue 5, item 6). The icons are generated from
 * public/logo.svg by `npm run generate-pwa-assets` (pwa-assets.config.ts) and committed.
 */
function pwa() {
  return VitePWA({
    strategies: "generateSW",
    // The new version waits until the tenant agrees and no sync runs (src/pwa/update-controller.ts).
    registerType: "prompt",
    // Registered from src/pwa after start-up: the CSP forbids inline scripts and the login
    // screen's size budget should not carry workbox-window.
    injectRegister: false,
    devOptions: { enabled: false },
    // The glob below already precaches every file of public/ (icons included).
    includeManifestIcons: false,
    manifest: {
      id: "/",
      name: "Mieter-Portal",
      short_name: "Mieter-Portal",
      description: "Dokumente, Zahlungen, Reparaturen und Nachrichten rund um Ihre Wohnung.",
      lang: "de",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: BRAND_GREEN,
      background_color: BRAND_GREEN,
      icons: [
        { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/maskable-icon-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      // The whole app shell, every lazy screen included, so the app starts offline after one visit.
      globPatterns: ["**/*.{js,css,html,svg,png,ico,woff,woff2}"],
      // index.html is fetched from the server at install, so the cached copy carries the brand.
      navigateFallback: "/index.html",
      // /verwaltung is the staff console, another app on the same origin.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/verwaltung(\/|$)/, /^\/einsatz(\/|$)/],
      // No runtime caching: API reads are cached in IndexedDB by TanStack Query persistence.
      runtimeCaching: [],
      // Push and notification clicks (issue 29): see pushServiceWorker().
      importScripts: [`/${PUSH_SW_FILE}`],
      cleanupOutdatedCaches: true,
      // The first visit is controlled at once (lazy screens then come from the cache when offline);
      // updates still wait for the tenant's consent (no skipWaiting).
      clientsClaim: true,
      skipWaiting: false,
    },
  });
}

export default defineConfig({
  plugins: [
    sharedClassNames(),
    react(),
    tailwindcss(),
    devBrandPlaceholders(),
    signedInFirstScreen(),
    signedInPrefetchList(),
    startUpFacts(),
    stylesheetAfterIntro(),
    pushServiceWorker(),
    pwa(),
  ],
  define: { ...appVersionDefine(), ...startUpDefine() },
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // React Router 7 names only its development build in its exports (warnings and checks a
      // production app does not run; issue 30); the build takes the production one beside it.
      { find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION },
    ],
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:3000", changeOrigin: false } },
  },
  build: {
    manifest: true,
    target: "es2022",
    sourcemap: false,
    // Terser takes 3 % more off the start-up JavaScript than esbuild (issue 13: ≤ 110 KB brotli).
    minify: "terser",
    terserOptions: { module: true, compress: { passes: 2 }, format: { comments: false } },
    // Every browser the app supports knows modulepreload; the polyfill was start-up JavaScript.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The start hint is a script of its own, loaded by index.html beside the entry (src/start-hint.ts);
      // it loads src/start-signed-in.ts when the device holds a session.
      input: {
        index: fileURLToPath(new URL("./index.html", import.meta.url)),
        "start-hint": START_HINT,
        "start-signed-in": START_SIGNED_IN,
      },
    },
  },
});
