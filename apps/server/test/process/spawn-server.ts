/**
 * The real server as a child process, for tests about processes: signals, shutdown, crashes.
 *
 *   const server = await spawnServer({ env: { SHUTDOWN_GRACE_MS: "5000" } });
 *   afterAll(() => server.cleanup());          // kills whatever still runs, removes the data
 *   const url = await server.start();          // http://127.0.0.1:<port> once /health answers 200
 *   const exit = await server.kill("SIGTERM"); // { code, signal } once the process is gone
 *   server.signal("SIGTERM"); await server.waitForOutput(/shutting down/); … await server.waitForExit();
 *   await server.restart();                    // same DATA_DIR and database, new process
 *
 * By default the server runs from the TypeScript sources (`node --import tsx src/server.ts`, no
 * build needed; `@mieter-portal/contracts` from its sources too, like vitest's alias) on
 * PORT=0 (the printed URL tells the port), HOST=127.0.0.1, SEED_DEMO=false, a fixed JWT_SECRET,
 * no web app, and a fresh database: a SQLite file in the temp DATA_DIR, or — when
 * TEST_DATABASE_URL is set — a PostgreSQL schema of its own (DATABASE_SCHEMA), dropped by cleanup().
 *
 * Every wait is bounded; a start that fails or times out rejects with the process's output.
 * The child is the leader of its own process group: cleanup() (and the test process's exit)
 * SIGKILLs the whole group, so nothing it started survives a failing test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import type { DatabaseConfig } from "../../src/config.js";

export const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const SERVER_DIR = path.join(REPO_ROOT, "apps/server");
export const SERVER_SOURCE = path.join(SERVER_DIR, "src/server.ts");
/** The tsx loader as a file URL, for `--import` (or `import()`: later imports then compile TypeScript). */
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

export const JWT_SECRET = "process-test-secret-process-test-secret-1";

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SpawnServerOptions {
  /** Extra environment (e.g. SHUTDOWN_GRACE_MS, LOG_LEVEL); wins over the defaults. */
  env?: Record<string, string>;
  /**
   * What to run instead of the server sources (e.g. `npm start` in another folder); it gets the
   * same environment and must print the server's "läuft auf http://…" line.
   */
  command?: { file: string; args: string[]; cwd: string };
  /** Bound of start() (default 60 s: the first start migrates a fresh database). */
  startTimeoutMs?: number;
}

export interface SpawnedServer {
  /** Temp folder of this server (removed by cleanup()); DATA_DIR is `${tmpDir}/data`. */
  readonly tmpDir: string;
  readonly dataDir: string;
  /** The database the server uses, for opening it from the test (openDatabase). */
  readonly database: DatabaseConfig;
  /** The environment of the next start() (on top of the inherited one); change it between runs. */
  readonly env: Record<string, string>;
  /** Base URL of the current (or last) run, e.g. http://127.0.0.1:41234; throws before a start succeeded. */
  readonly url: string;
  /** Process id of the current run; undefined before start. */
  readonly pid: number | undefined;
  /** True from spawn until the process (and whatever inherited its output) has gone. */
  readonly running: boolean;
  /** Output of the current (or last) run. */
  readonly stdout: string;
  readonly stderr: string;
  /** Spawns the process; resolves with the base URL once GET /api/v1/health answers 200. */
  start(): Promise<string>;
  /** Sends `signal` to the process and returns at once (nothing when it does not run). */
  signal(signal: NodeJS.Signals): void;
  /**
   * Sends `signal` (default SIGTERM) to the process and resolves when it has exited and every
   * process that inherited its stdout/stderr has let go of them — for `npm start` that is the
   * whole tree. After `timeoutMs` (default 60 s) the group is SIGKILLed and the promise rejects.
   * Resolves at once with the last exit when nothing runs.
   */
  kill(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ServerExit>;
  /** Waits (bounded) for the exit of the current run without sending anything. */
  waitForExit(timeoutMs?: number): Promise<ServerExit>;
  /** Waits (bounded) until the current run's stdout+stderr match `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** kill("SIGTERM") when running, then start() again on the same DATA_DIR and database. */
  restart(): Promise<string>;
  /** SIGKILLs whatever still runs, drops the PostgreSQL schema and removes the temp folder. */
  cleanup(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) killGroup(child, "SIGKILL");
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** Polls `check` until it returns a value other than undefined; rejects after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The variables this harness sets; inherited ones that would change the server are removed. */
const CONTROLLED = [
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "DATABASE_SCHEMA",
  "JWT_SECRET",
  "API_KEYS",
  "SMTP_URL",
  "PUBLIC_URL",
  "SEED_DEMO",
  "WEB_DIST",
  "LOG_LEVEL",
  "BRAND_FILE",
  "SHUTDOWN_GRACE_MS",
  "NODE_ENV",
  "NODE_OPTIONS",
];

export async function spawnServer(options: SpawnServerOptions = {}): Promise<SpawnedServer> {
  const tmpDir = await mkdtemp(path.join(tmpdir(), "mp-process-"));
  const dataDir = path.join(tmpDir, "data");
  await mkdir(dataDir);
  // tsx reads this instead of apps/server/tsconfig.json: the same settings, plus the contracts
  // from their sources (the dist postinstall built may be older).
  const tsconfig = path.join(tmpDir, "tsconfig.json");
  await writeFile(
    tsconfig,
    JSON.stringify({
      extends: path.join(SERVER_DIR, "tsconfig.json"),
      compilerOptions: {
        paths: {
          "@mieter-portal/contracts": [path.join(REPO_ROOT, "packages/contracts/src/index.ts")],
          "@mieter-portal/contracts/staff": [path.join(REPO_ROOT, "packages/contracts/src/staff/index.ts")],
        },
      },
    }),
  );

  const pgUrl = process.env.TEST_DATABASE_URL;
  let database: DatabaseConfig;
  let dropSchema: (() => Promise<void>) | undefined;
  const env: Record<string, string> = {
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    JWT_SECRET,
    SEED_DEMO: "false",
    WEB_DIST: path.join(tmpDir, "no-web"),
    LOG_LEVEL: "info",
    TSX_TSCONFIG_PATH: tsconfig,
  };
  if (pgUrl) {
    const schema = `p_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await withPg(pgUrl, (c) => c.query(`create schema ${schema}`)).catch(async (err) => {
      await rm(tmpDir, { recursive: true, force: true });
      throw err;
    });
    dropSchema = () => withPg(pgUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
    database = { kind: "postgres", url: pgUrl, schema };
    env.DATABASE_URL = pgUrl;
    env.DATABASE_SCHEMA = schema;
  } else {
    database = { kind: "sqlite", file: path.join(dataDir, "mieter-portal.sqlite") };
  }
  Object.assign(env, options.env);

  const command = options.command ?? {
    file: process.execPath,
    args: ["--import", TSX_LOADER, SERVER_SOURCE],
    cwd: REPO_ROOT,
  };
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;

  let child: ChildProcess | undefined;
  let closed: Promise<ServerExit> | undefined;
  let lastExit: ServerExit | undefined;
  let running = false;
  let url: string | undefined;
  let stdout = "";
  let stderr = "";
  let cleanedUp = false;

  const describe = () => `\n--- stdout ---\n${stdout.slice(-4000)}\n--- stderr ---\n${stderr.slice(-4000)}`;

  async function start(): Promise<string> {
    if (cleanedUp) throw new Error("spawnServer: start() after cleanup()");
    if (running) throw new Error("spawnServer: already running");
    stdout = "";
    stderr = "";
    const inherited = { ...process.env };
    for (const name of CONTROLLED) delete inherited[name];
    const proc = spawn(command.file, command.args, {
      cwd: command.cwd,
      env: { ...inherited, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child = proc;
    running = true;
    live.add(proc);
    proc.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    proc.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    // "close": the process has exited and its stdio pipes are closed, i.e. no process that
    // inherited them (npm's shell, an orphaned server) is left.
    closed = new Promise<ServerExit>((resolve) => {
      const ended = (exit: ServerExit) => {
        if (!running || child !== proc) return;
        lastExit = exit;
        running = false;
        live.delete(proc);
        resolve(exit);
      };
      proc.once("error", (err) => {
        stderr += `\nspawn error: ${err.message}`;
        if (proc.pid === undefined) ended({ code: null, signal: null }); // never started
      });
      proc.once("close", (code, signal) => ended({ code, signal }));
    });

    try {
      const base = await waitFor(
        "the server's URL on stdout",
        () => {
          if (!running) throw new Error(`the server exited during start (${JSON.stringify(lastExit)})`);
          return /läuft auf (http:\/\/\S+)/.exec(stdout)?.[1];
        },
        startTimeoutMs,
      );
      await waitFor(
        "GET /api/v1/health = 200",
        async () => {
          if (!running) throw new Error(`the server exited during start (${JSON.stringify(lastExit)})`);
          const res = await fetch(`${base}/api/v1/health`).catch(() => undefined);
          await res?.body?.cancel();
          return res?.status === 200 ? true : undefined;
        },
        startTimeoutMs,
      );
      url = base;
      return base;
    } catch (err) {
      killGroup(proc, "SIGKILL");
      await closed;
      throw new Error(`spawnServer: start failed: ${(err as Error).message}${describe()}`);
    }
  }

  async function waitForExit(timeoutMs = 60_000): Promise<ServerExit> {
    if (!running || !closed) {
      if (!lastExit) throw new Error("spawnServer: never started");
      return lastExit;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    const result = await Promise.race([closed, timeout]);
    clearTimeout(timer);
    if (result === "timeout") {
      if (child) killGroup(child, "SIGKILL");
      await closed;
      throw new Error(`spawnServer: the process did not exit within ${timeoutMs} ms (SIGKILLed)${describe()}`);
    }
    return result;
  }

  const server: SpawnedServer = {
    tmpDir,
    dataDir,
    database,
    env,
    get url() {
      if (!url) throw new Error("spawnServer: not started");
      return url;
    },
    get pid() {
      return child?.pid;
    },
    get running() {
      return running;
    },
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    start,
    signal(signal: NodeJS.Signals) {
      if (running && child) child.kill(signal);
    },
    async kill(signal: NodeJS.Signals = "SIGTERM", timeoutMs = 60_000) {
      server.signal(signal);
      return waitForExit(timeoutMs);
    },
    waitForExit,
    async waitForOutput(pattern: RegExp, timeoutMs = 30_000) {
      await waitFor(
        `output matching ${pattern}`,
        () => (pattern.test(stdout + stderr) ? true : undefined),
        timeoutMs,
      ).catch((err: Error) => {
        throw new Error(`${err.message}${describe()}`);
      });
    },
    async restart() {
      if (running) await server.kill("SIGTERM");
      return start();
    },
    async cleanup() {
      if (cleanedUp) return;
      cleanedUp = true;
      if (running && child) {
        killGroup(child, "SIGKILL");
        await closed;
      }
      await dropSchema?.();
      await rm(tmpDir, { recursive: true, force: true });
    },
  };
  return server;
}

async function withPg(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
