// npm test: every check the project has, in order; stops at the first failing step and
// closes with one summary line of all tests run.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildWhatIsStale, npmCmd, root, run } from "./lib.mjs";

const reports = mkdtempSync(path.join(tmpdir(), "mp-test-reports-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
// How long each step took, printed at the end: CI has 45 minutes, this shows where they go.
const started = Date.now();
const durations = [];
const minutes = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}`;

function addVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}

function addPlaywright(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
  totals.failed += r.stats?.unexpected ?? 0;
  totals.skipped += r.stats?.skipped ?? 0;
}

function finish(code) {
  console.log("\nDauer der Schritte:");
  for (const [title, ms] of durations) console.log(`  ${minutes(ms).padStart(6)}  ${title}`);
  console.log(`  ${minutes(Date.now() - started).padStart(6)}  npm test insgesamt`);
  console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  rmSync(reports, { recursive: true, force: true });
  process.exit(code);
}

/** Runs one step; `collect` adds its report to the totals even when the step failed. */
async function step(title, cmd, args, options = {}, collect = () => {}) {
  console.log(`\n━━ ${title} ━━`);
  const begun = Date.now();
  const code = await run(cmd, args, options);
  durations.push([title, Date.now() - begun]);
  collect();
  if (code !== 0) {
    console.error(`\n✗ ${title} fehlgeschlagen (Exit ${code}).`);
    finish(code);
  }
}

const vitestArgs = (name) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reports, `${name}.json`)}`,
];

await step("Contracts bauen", npmCmd, ["run", "build", "-w", "packages/contracts"]);
await step("Lint (Biome)", npmCmd, ["run", "lint"]);
await step("Typecheck", npmCmd, ["run", "typecheck"]);
// Unused files, exports and dependencies in every workspace (knip.json; issue 15).
await step("Unbenutzter Code (knip)", "npx", ["knip", "--no-progress"]);

await step(
  "Server-Tests (SQLite)",
  "npx",
  ["vitest", "run", ...vitestArgs("server-sqlite")],
  { cwd: path.join(root, "apps/server"), env: { ...process.env, TEST_DATABASE_URL: "" } },
  () => addVitest(path.join(reports, "server-sqlite.json")),
);

if (process.env.TEST_DATABASE_URL) {
  await step(
    "Server-Tests (PostgreSQL)",
    "npx",
    ["vitest", "run", ...vitestArgs("server-postgres")],
    { cwd: path.join(root, "apps/server") },
    () => addVitest(path.join(reports, "server-postgres.json")),
  );
} else {
  console.log("\n(TEST_DATABASE_URL nicht gesetzt: Server-Tests auf PostgreSQL übersprungen)");
}

await step("Offline-Paket (Vitest)", "npx", ["vitest", "run", ...vitestArgs("offline")], {
  cwd: path.join(root, "packages/offline"),
});
addVitest(path.join(reports, "offline.json"));

if (existsSync(path.join(root, "apps/web/vitest.config.ts"))) {
  await step("Web-Tests (Vitest)", "npx", ["vitest", "run", ...vitestArgs("web")], {
    cwd: path.join(root, "apps/web"),
  });
  addVitest(path.join(reports, "web.json"));
}

if (existsSync(path.join(root, "apps/console/vitest.config.ts"))) {
  await step("Verwaltung-Tests (Vitest)", "npx", ["vitest", "run", ...vitestArgs("console")], {
    cwd: path.join(root, "apps/console"),
  });
  addVitest(path.join(reports, "console.json"));
}

if (existsSync(path.join(root, "apps/crew/vitest.config.ts"))) {
  await step("Einsätze-Tests (Vitest)", "npx", ["vitest", "run", ...vitestArgs("crew")], {
    cwd: path.join(root, "apps/crew"),
  });
  addVitest(path.join(reports, "crew.json"));
}

if (existsSync(path.join(root, "e2e/playwright.config.ts"))) {
  console.log("\n━━ Build für die E2E-Tests ━━");
  const begun = Date.now();
  await buildWhatIsStale();
  durations.push(["Build für die E2E-Tests", Date.now() - begun]);
  await step(
    "E2E-Tests (Playwright, Chromium)",
    "npx",
    ["playwright", "test"],
    {
      cwd: path.join(root, "e2e"),
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "e2e.json"), MP_JSON_REPORT: "1" },
    },
    () => addPlaywright(path.join(reports, "e2e.json")),
  );
}

finish(totals.failed > 0 ? 1 : 0);
