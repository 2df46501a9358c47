/**
 * The admin command line as a real process (`tsx src/cli/admin.ts`): exit codes, German errors and a
 * command that opens, migrates and writes the configured SQLite database. Kept apart from
 * `admin.test.ts` (which runs the commands in-process) because it does not depend on today's date:
 * the fixed-date projects would start the same four processes three more times.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./spawn-server.js";

const SERVER_DIR = path.join(REPO_ROOT, "apps/server");
const run = promisify(execFile);

async function spawnAdmin(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent", ...env };
  delete childEnv.DATABASE_URL;
  try {
    // node --import tsx directly: `npx tsx` would add npx's own start-up to each of the four runs.
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/cli/admin.ts", ...args], {
      cwd: SERVER_DIR,
      env: childEnv,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const createTenantArgs = [
  "create-tenant",
  ...["--email", "prozess@example.com", "--password", "anfangs-passwort"],
  ...["--first-name", "Clara", "--last-name", "Böhm"],
  ...["--address", "Kastanienallee 12, 10435 Berlin", "--apartment", "2. OG rechts"],
  ...["--start", "2021-05-01", "--base-rent", "550", "--utilities", "200,00"],
];

describe("the admin command line as a real process", () => {
  it("help exits 0, a bad command exits non-zero, and a command opens, migrates and writes the configured database", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "mp-admin-proc-"));
    const env = { DATA_DIR: dataDir, JWT_SECRET: "x".repeat(40), INIT_CWD: SERVER_DIR };
    try {
      const help = await spawnAdmin(["help"], env);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("create-tenant");

      const bad = await spawnAdmin(["make-coffee"], env);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("Unbekannter Befehl");

      const created = await spawnAdmin(createTenantArgs, env);
      expect(created.code, created.stderr).toBe(0);
      const listed = await spawnAdmin(["list-tenants"], env);
      expect(listed.stdout).toContain("prozess@example.com | Clara Böhm");
      expect((await readdir(dataDir)).some((f) => f.endsWith(".sqlite"))).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
