import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^@mieter-portal\/contracts\/staff$/,
        replacement: fileURLToPath(new URL("../../packages/contracts/src/staff/index.ts", import.meta.url)),
      },
      {
        find: /^@mieter-portal\/contracts$/,
        replacement: fileURLToPath(new URL("../../packages/contracts/src/index.ts", import.meta.url)),
      },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    // Each file builds its own app on its own fresh database; two cores, so keep it modest.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
