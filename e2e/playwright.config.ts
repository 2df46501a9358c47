import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  globalSetup: "./global-setup.ts",
  // Files run in parallel on two workers, each with its own server and demo seed (global-setup,
  // server-env.ts); the tests of one file run in order on one worker. E2E_WORKERS=1 for one server.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // The axe scans of a whole screen (light and dark, with errors shown) took 30-45 s on a slowed
  // CI machine and 10-15 s otherwise; 60 s there keeps them from failing on time alone.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  // npm test asks for a JSON report too (PLAYWRIGHT_JSON_OUTPUT_NAME) to print one summary line.
  reporter: process.env.MP_JSON_REPORT ? [["list"], ["json"]] : [["list"]],
  use: {
    headless: true,
    viewport: { width: 390, height: 844 },
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    colorScheme: "light",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-gpu",
      ],
    },
  },
});
