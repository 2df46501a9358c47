import { readFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import { DEFAULT_BRAND } from "@mieter-portal/contracts/defaults";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

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

/**
 * The signed-in first screen in one chunk: a cold start over HTTP/1.1 (six connections per host)
 * waited a round trip for every six of its 40 chunks (issue 13). Rollup cuts chunks by the set of
 * lazily loaded screens that reach a module; when every signed-in screen imports
 * src/app/first-screen.ts, everything the shell and the dashboard need is reached by all of them
 * alike and becomes one chunk. They are always shown inside the shell anyway. What the signed-out
 * side shares (buttons, fields) stays apart, and screens keep their own code.
 */
function signedInFirstScreen(): Plugin {
  const SIGNED_IN_SCREEN = /\/src\/app\/(shell\/app-shell|routes\/(?!login|forgot-password|reset-password)[^/]+)\.tsx$/;
  const firstScreen = fileURLToPath(new URL("./src/app/first-screen.ts", import.meta.url));
  return {
    name: "mieter-portal-signed-in-first-screen",
    apply: "build",
    transform(code, id) {
      if (!SIGNED_IN_SCREEN.test(id.replaceAll("\\", "/"))) return null;
      return { code: `import ${JSON.stringify(firstScreen)};\n${code}`, map: null };
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
 * that the login did not load, for src/app/prefetch.ts to fetch once the login shows (issue 13).
 * index.html is never cached under a hashed name, so the list is always that of this build.
 */
function signedInPrefetchList(): Plugin {
  const FIRST_SCREEN = ["src/app/shell/app-shell.tsx", "src/app/routes/dashboard.tsx", "src/lib/class-merge.ts"];
  const SIGNED_OUT_START = ["src/app/routes/login.tsx"];
  let base = "/";
  return {
    name: "mieter-portal-signed-in-prefetch",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
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
        const loaded = closure([...chunks.filter((c) => c.isEntry), ...SIGNED_OUT_START.map(byModule)]);
        const wanted = [...closure(FIRST_SCREEN.map(byModule))].filter((file) => !loaded.has(file));
        const hint = chunks.find((c) => c.isEntry && c.facadeModuleId === START_HINT);
        if (!hint || hint.imports.length > 0) throw new Error("signed-in prefetch: the start hint must stand alone");
        return [
          {
            tag: "meta",
            attrs: { name: "mp-signed-in-prefetch", content: wanted.map((file) => base + file).join(" ") },
            injectTo: "head",
          },
          // Async: it runs as soon as it is there, before the entry has arrived.
          { tag: "script", attrs: { type: "module", async: true, src: base + hint.fileName }, injectTo: "head" },
        ];
      },
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
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/verwaltung(\/|$)/],
      // No runtime caching: API reads are cached in IndexedDB by TanStack Query persistence.
      runtimeCaching: [],
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
    stylesheetAfterIntro(),
    pwa(),
  ],
  define: appVersionDefine(),
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
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
      // The start hint is a script of its own, loaded by index.html beside the entry (src/start-hint.ts).
      input: { index: fileURLToPath(new URL("./index.html", import.meta.url)), "start-hint": START_HINT },
    },
  },
});
