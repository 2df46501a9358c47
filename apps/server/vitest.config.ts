import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Server tests whose answers depend on today's date: rent due days and periods, month ends, a first
 * month to charge, ends of access, appointment windows, the age of meter readings, campaign periods.
 */
const DATE_DEPENDENT = [
  "test/rent-ledger.test.ts",
  "test/payment-reminder.test.ts",
  "test/payments.test.ts",
  "test/ledger-cli.test.ts",
  "test/finances.test.ts",
  "test/staff-tenants.test.ts",
  "test/seed.test.ts",
  "test/staff-onboarding.test.ts",
  "test/admin.test.ts",
  "test/meter-readings.test.ts",
  "test/appointments.test.ts",
  "test/staff-meter-campaigns.test.ts",
];

/** The fixed instants they also run at (UTC; the app reckons days in Berlin). */
const FIXED_NOW = {
  // 31 January, 23:30 in Berlin: a month end before a short month.
  "month end 2027-01-31": "2027-01-31T22:30:00Z",
  // 1 January 2028, 00:30 in Berlin while UTC is still in 2027.
  "new year in Berlin 2028-01-01": "2027-12-31T23:30:00Z",
  // A leap day, the day before March's rent is due on the 3rd.
  "leap day 2028-02-29": "2028-02-29T11:00:00Z",
};

export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^@mieter-portal\/contracts\/staff$/,
        replacement: fileURLToPath(new URL("../../packages/contracts/src/staff/index.ts", import.meta.url)),
      },
      {
        find: /^@mieter-portal\/contracts\/services$/,
        replacement: fileURLToPath(new URL("../../packages/contracts/src/services/index.ts", import.meta.url)),
      },
      {
        find: /^@mieter-portal\/contracts$/,
        replacement: fileURLToPath(new URL("../../packages/contracts/src/index.ts", import.meta.url)),
      },
    ],
  },
  test: {
    // No include here: `extends: true` merges arrays, so a root include would make every fixed-date
    // project run every file (each project names its own files).
    environment: "node",
    // Each file builds its own app on its own fresh database; two cores, so keep it modest.
    pool: "forks",
    maxWorkers: 2,
    // Files share their worker's loaded modules instead of importing the server anew each time (about
    // 4 s per file, 109 files per database): the suite took 10 min on SQLite, now about 3. Each file
    // still builds its own app and database (helpers.ts); module state is caches only, and the clock
    // is set per file by test/real-clock.ts or test/fixed-clock.ts.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "server", include: ["test/**/*.test.ts"], setupFiles: ["test/real-clock.ts"] } },
      // The tests whose answers depend on today's date run at fixed dates as well (test/fixed-clock.ts).
      ...Object.entries(FIXED_NOW).map(([name, now]) => ({
        extends: true as const,
        test: { name, include: DATE_DEPENDENT, env: { TEST_NOW: now }, setupFiles: ["test/fixed-clock.ts"] },
      })),
    ],
  },
});
