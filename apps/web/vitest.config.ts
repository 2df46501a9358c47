import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { appVersionDefine, sharedClassNames, startUpDefine } from "./vite.config";

export default defineConfig({
  // The shared primitives use this app's cn(), as in the build.
  plugins: [sharedClassNames(), react()],
  define: { ...appVersionDefine(), ...startUpDefine() },
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["fake-indexeddb/auto", "./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: false,
    // The start-up tests wait for the 2 s intro and lazy route modules; on a loaded 2-core CI machine
    // the default 5 s per test is not enough.
    testTimeout: 15_000,
  },
});
