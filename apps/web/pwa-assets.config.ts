import { defineConfig, type Preset } from "@vite-pwa/assets-generator/config";

/** Brand green of the intro in index.html (also the manifest's theme and background colour). */
const BRAND_GREEN = "#15803d";

/**
 * The app icons, all from public/logo.svg. Run `npm run generate-pwa-assets -w apps/web` after
 * changing the logo and commit the PNGs: the build only copies them (no image work per build).
 */
const preset: Preset = {
  // purpose "any": the rounded square itself on a transparent canvas
  transparent: { sizes: [192, 512], padding: 0.05 },
  // purpose "maskable": full-bleed green, the letters inside the 80 % safe circle
  maskable: { sizes: [512], padding: 0.3, resizeOptions: { background: BRAND_GREEN } },
  // iOS rounds the corners itself and shows transparency as black
  apple: { sizes: [180], padding: 0.1, resizeOptions: { background: BRAND_GREEN } },
};

export default defineConfig({
  headLinkOptions: { preset: "2023" },
  preset,
  images: ["public/logo.svg"],
});
