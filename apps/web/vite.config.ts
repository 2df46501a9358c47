import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Defaults the server would put into index.html; only `vite dev` needs them. */
const DEV_BRAND = { companyName: "Grünfeld Hausverwaltung", logoText: "GH" };

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

export default defineConfig({
  plugins: [react(), tailwindcss(), devBrandPlaceholders()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:3000", changeOrigin: false } },
  },
  build: {
    manifest: true,
    target: "es2022",
    sourcemap: false,
  },
});
