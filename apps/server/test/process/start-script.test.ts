/**
 * What `npm start` tells a newcomer (issue 25 item 24): the real `scripts/start.mjs`, copied byte
 * for byte into a folder whose `scripts/lib.mjs` only reports (on stdout) that it would build.
 */
import { spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./spawn-server.js";

const TIMEOUT = 60_000;

function runStart(cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd,
      env: { ...process.env, npm_lifecycle_event: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm start (scripts/start.mjs)", () => {
  let fakeRoot: string;
  let occupied: net.Server;
  let occupiedPort: number;

  beforeAll(async () => {
    fakeRoot = await mkdtemp(path.join(tmpdir(), "mp-start-script-"));
    await mkdir(path.join(fakeRoot, "scripts"));
    await copyFile(path.join(REPO_ROOT, "scripts/start.mjs"), path.join(fakeRoot, "scripts/start.mjs"));
    // Nothing is built yet (no output exists): the first run. "Building" only says so and stops.
    await writeFile(
      path.join(fakeRoot, "scripts/lib.mjs"),
      [
        'import path from "node:path";',
        'import { fileURLToPath } from "node:url";',
        'export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");',
        'export const builds = [{ name: "server", output: "apps/server/dist/server.js", inputs: ["apps/server/src"] }];',
        "export const isStale = () => true;",
        'export async function buildWhatIsStale() { console.log("FAKE-BUILD"); process.exit(0); }',
        "",
      ].join("\n"),
    );
    occupied = net.createServer();
    await new Promise<void>((resolve) => occupied.listen({ port: 0, host: "127.0.0.1" }, resolve));
    occupiedPort = (occupied.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => occupied.close(resolve));
    await rm(fakeRoot, { recursive: true, force: true });
  });

  it(
    "a port already in use ends in a German sentence naming the port and PORT=…, no stack trace, nothing built",
    async () => {
      const run = await runStart(fakeRoot, { PORT: String(occupiedPort), HOST: "127.0.0.1" });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Port ${occupiedPort} ist schon belegt`);
      expect(run.stderr).toMatch(/PORT=\d+ npm start/);
      expect(run.stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
      expect(run.stdout).not.toContain("FAKE-BUILD");
    },
    TIMEOUT,
  );

  it(
    "the first run says before it builds that this takes a few minutes",
    async () => {
      const free = net.createServer();
      await new Promise<void>((resolve) => free.listen({ port: 0, host: "127.0.0.1" }, resolve));
      const port = (free.address() as net.AddressInfo).port;
      await new Promise((resolve) => free.close(resolve));

      const run = await runStart(fakeRoot, { PORT: String(port), HOST: "127.0.0.1" });
      expect(run.code).toBe(0);
      const notice = run.stdout.indexOf("einige Minuten");
      expect(notice).toBeGreaterThanOrEqual(0);
      expect(notice).toBeLessThan(run.stdout.indexOf("FAKE-BUILD"));
    },
    TIMEOUT,
  );
});
