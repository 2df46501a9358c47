import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";

const PUSH_SW = fileURLToPath(new URL("./src/pwa/push-sw.ts", import.meta.url));

/**
 * The console's push-only service worker (issue 29): src/pwa/push-sw.ts bundled by esbuild into
 * dist/push-sw.js, a classic script beside index.html, served as /verwaltung/push-sw.js (its scope
 * is its folder, /verwaltung/). Not hashed: a service worker's URL must stay the same; the server
 * serves it with no-cache, so the browser's update check sees a new build.
 */
function pushServiceWorker(): Plugin {
  return {
    name: "mieter-portal-console-push-service-worker",
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
      this.emitFile({ type: "asset", fileName: "push-sw.js", source: result.outputFiles[0]?.text ?? "" });
    },
  };
}

/** The staff console: its own entry and bundle, served by the server under /verwaltung/. */
export default defineConfig({
  base: "/verwaltung/",
  plugins: [react(), tailwindcss(), pushServiceWorker()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    port: 5174,
    proxy: { "/api": { target: "http://127.0.0.1:3000", changeOrigin: false } },
  },
  build: {
    target: "es2022",
    sourcemap: false,
  },
});
