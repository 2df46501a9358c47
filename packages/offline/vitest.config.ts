import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    // IndexedDB in Node: every test file gets its own fake database server.
    setupFiles: ["fake-indexeddb/auto"],
    include: ["src/**/*.test.ts"],
  },
});
