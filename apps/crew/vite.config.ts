import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/** The crew's app "Einsätze": its own entry, bundle and service worker, served under /einsatz/ (decision 052). */
export const CREW_BASE = "/einsatz/";

export default defineConfig({
  base: CREW_BASE,
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: "generateSW",
      // A new version takes over at the next start; the queue lives in IndexedDB and survives it.
      registerType: "autoUpdate",
      // Registered from src/main.tsx: the CSP forbids inline scripts.
      injectRegister: false,
      devOptions: { enabled: false },
      includeManifestIcons: false,
      scope: CREW_BASE,
      manifest: {
        id: CREW_BASE,
        name: "Einsätze",
        short_name: "Einsätze",
        description: "Einsätze der Haus-, Garten- und Winterdienste: Beginn, Checkliste, Fotos, Ende – auch ohne Netz.",
        lang: "de",
        dir: "ltr",
        start_url: CREW_BASE,
        scope: CREW_BASE,
        display: "standalone",
        theme_color: "#166534",
        background_color: "#166534",
        icons: [
          { src: `${CREW_BASE}pwa-192x192.png`, sizes: "192x192", type: "image/png", purpose: "any" },
          { src: `${CREW_BASE}pwa-512x512.png`, sizes: "512x512", type: "image/png", purpose: "any" },
          { src: `${CREW_BASE}maskable-icon-512x512.png`, sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // The whole app shell, so a reload in the cellar starts the app from the cache.
        globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest}"],
        navigateFallback: `${CREW_BASE}index.html`,
        navigateFallbackAllowlist: [/^\/einsatz(\/|$)/],
        // No runtime caching: the API is never cached by the worker (reads: localStorage; writes: the queue).
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    port: 5175,
    proxy: { "/api": { target: "http://127.0.0.1:3000", changeOrigin: false } },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    // One chunk for the whole app (zod of the contracts is most of it): cached by the service worker once.
    chunkSizeWarningLimit: 700,
  },
});
