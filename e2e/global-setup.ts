import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { FullConfig } from "@playwright/test";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STARTUP_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function waitForListening(child: ChildProcess, output: string[]): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output.join("")}`)),
      STARTUP_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const match = /Mieter-Portal läuft auf (http:\/\/\S+)/.exec(output.join(""));
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!.replace(/\/+$/, ""));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with code ${code}:\n${output.join("")}`));
    });
  });
}

async function waitForHealth(baseUrl: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("GET /api/v1/health never answered 200");
}

type RunningServer = { url: string; dataDir: string; stop: () => Promise<void> };

/**
 * Starts one real server on a fresh data directory with the demo seed and a free port.
 * Uses the built server (apps/server/dist/server.js); falls back to the TypeScript source via tsx
 * when it has not been built (local development only).
 */
async function startServer(webDist: string): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "mieter-portal-e2e-"));
  const port = await freePort();
  const built = join(repoRoot, "apps/server/dist/server.js");
  const args = existsSync(built) ? [built] : ["--import", "tsx", join(repoRoot, "apps/server/src/server.ts")];
  const output: string[] = [];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      // The whole suite talks from 127.0.0.1 as a handful of demo tenants, far faster than people
      // do; the limits themselves are tested in the server tests.
      RATE_LIMIT_IP_PER_MINUTE: "0",
      RATE_LIMIT_TENANT_PER_MINUTE: "0",
      // The suite's repairs, messages and requests all land on two demo tenants within minutes,
      // past the hourly write quotas (tested in the server tests).
      WRITE_QUOTAS: "false",
      WEB_DIST: webDist,
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let url: string;
  try {
    url = await waitForListening(child, output);
    await waitForHealth(url);
  } catch (error) {
    child.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, stop };
}

/**
 * One server per Playwright worker (issue 26 follow-up: the e2e run took 41 of CI's 56 minutes on
 * one worker). Each worker talks only to its own server (e2e/server-env.ts), so specs running at
 * the same time never share a demo tenant, and a spec sees the same kind of fresh demo building it
 * saw with one worker.
 */
export default async function globalSetup(config: FullConfig) {
  const webDist = join(repoRoot, "apps/web/dist");
  if (!existsSync(join(webDist, "index.html"))) {
    throw new Error("apps/web/dist fehlt: bitte zuerst `npm run build -w apps/web` ausführen.");
  }
  const settled = await Promise.allSettled(
    Array.from({ length: Math.max(1, config.workers) }, () => startServer(webDist)),
  );
  const servers = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  const failed = settled.find((r) => r.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  servers.forEach((server, index) => {
    process.env[`MP_BASE_URL_${index}`] = server.url;
    // Tests that read the server's mail outbox (password reset) or run the admin command line find it here.
    process.env[`MP_DATA_DIR_${index}`] = server.dataDir;
  });
  return stopAll;
}
