/**
 * Shutdown finishes what it started: a SIGTERM lets an in-flight reply be written completely
 * (bounded by SHUTDOWN_GRACE_MS), refuses new connections, closes the database and exits 0 —
 * also when the signal goes to `npm start` rather than to the server.
 *
 * Everything waits for states (a log line, an exit, a refused connection), never for time.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http, { type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/connection.js";
import { insertDocumentRows } from "../../src/domain/documents/rows.js";
import { localFileStore } from "../../src/lib/file-store.js";
import { API_KEY, createTenant } from "../helpers.js";
import { REPO_ROOT, SERVER_SOURCE, type SpawnedServer, spawnServer, TSX_LOADER, waitFor } from "./spawn-server.js";

const TIMEOUT = 180_000;
/** Larger than any socket buffer: the reply is still being written while the client waits. */
const DOCUMENT_BYTES = 30 * 1024 * 1024;

interface LargeDocument {
  id: string;
  sha256: string;
  token: string;
}

/**
 * A tenant with a 30 MB document, written straight into the file store and the documents table
 * (the upload limit is 20 MB; the audit's reply was 31.5 MB).
 */
async function seedLargeDocument(server: SpawnedServer): Promise<LargeDocument> {
  const database = openDatabase(server.database);
  try {
    const tenant = await createTenant(database.db);
    const bytes = randomBytes(DOCUMENT_BYTES);
    const key = await localFileStore(path.join(server.dataDir, "files")).put(bytes);
    const [id] = await insertDocumentRows(database.db, [
      {
        tenantId: tenant.id,
        title: "Nebenkostenabrechnung mit allen Belegen",
        type: "utility",
        mimeType: "application/pdf",
        sizeBytes: bytes.length,
        storageKey: key,
        filename: "belege.pdf",
        uploadedAt: new Date().toISOString(),
        actorKind: "staff",
      },
    ]);
    const res = await fetch(`${server.url}/api/v1/auth/login`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ email: tenant.email, password: tenant.password }),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    return { id: id!, sha256: createHash("sha256").update(bytes).digest("hex"), token };
  } finally {
    await database.destroy();
  }
}

interface Download {
  status: number;
  contentLength: number;
  /** Reads the rest with backpressure (one chunk per turn of the event loop). */
  finish(): Promise<{ bytes: number; sha256: string; complete: boolean }>;
}

/** Starts a download on a keep-alive connection (as browsers do) and reads nothing yet. */
function openDownload(server: SpawnedServer, doc: LargeDocument, agent: http.Agent): Promise<Download> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${server.url}/api/v1/tenant/documents/${doc.id}/file`,
      { agent, headers: { "x-api-key": API_KEY, authorization: `Bearer ${doc.token}` } },
      (res: IncomingMessage) => {
        res.pause();
        resolve({
          status: res.statusCode ?? 0,
          contentLength: Number(res.headers["content-length"]),
          async finish() {
            const hash = createHash("sha256");
            let bytes = 0;
            try {
              for await (const chunk of res) {
                hash.update(chunk as Buffer);
                bytes += (chunk as Buffer).length;
                await new Promise((next) => setImmediate(next));
              }
            } catch {
              // cut off: complete stays false
            }
            return { bytes, sha256: hash.digest("hex"), complete: res.complete };
          },
        });
      },
    );
    req.on("error", reject);
  });
}

/** What a brand-new connection gets: a status, or "refused". */
function probeNewConnection(url: string): Promise<number | "refused" | "reset"> {
  return new Promise((resolve) => {
    const req = http.get(`${url}/api/v1/health`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.setTimeout(10_000, () => req.destroy());
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED" ? "refused" : "reset"));
  });
}

/** True while `pid` runs (an exited process its new parent has not reaped yet counts as gone). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  const state = readFileSync(stat, "utf8")
    .replace(/^.*\) /s, "")
    .charAt(0);
  return state !== "Z" && state !== "X";
}

/** The pid in the server's JSON log lines. */
async function loggedPid(server: SpawnedServer): Promise<number> {
  await server.waitForOutput(/"pid":\d+/);
  return Number(/"pid":(\d+)/.exec(server.stdout)?.[1]);
}

describe("SIGTERM while a large reply is being written", () => {
  let server: SpawnedServer;
  let doc: LargeDocument;
  const agent = new http.Agent({ keepAlive: true });

  beforeAll(async () => {
    server = await spawnServer();
    await server.start();
    expect(server.stdout).toContain(process.env.TEST_DATABASE_URL ? "Datenbank: PostgreSQL" : "Datenbank: /");
    doc = await seedLargeDocument(server);
  }, TIMEOUT);
  afterAll(async () => {
    agent.destroy();
    await server?.cleanup();
  }, TIMEOUT);

  it(
    "writes the whole reply, refuses new connections, ignores repeated signals and exits 0",
    async () => {
      const download = await openDownload(server, doc, agent);
      expect(download.status).toBe(200);
      expect(download.contentLength).toBe(DOCUMENT_BYTES);

      server.signal("SIGTERM");
      await server.waitForOutput(/"msg":"shutting down"/);

      // A stop request often arrives twice (npm forwards it, Ctrl-C reaches the whole group):
      // the repeats are logged and change nothing.
      server.signal("SIGTERM");
      server.signal("SIGINT");
      await server.waitForOutput(/already shutting down[\s\S]*already shutting down/);

      // New connections are refused (or answered 503) while the reply is still being written.
      const probe = await waitFor("a new connection to be refused or answered 503", async () => {
        const outcome = await probeNewConnection(server.url);
        return outcome === "refused" || outcome === 503 ? outcome : undefined;
      });
      expect(["refused", 503]).toContain(probe);
      expect(server.running).toBe(true);

      const body = await download.finish();
      expect(body).toEqual({ bytes: DOCUMENT_BYTES, sha256: doc.sha256, complete: true });

      const exit = await server.waitForExit();
      expect(exit).toEqual({ code: 0, signal: null });
      expect(server.stdout).toMatch(/"msg":"shut down"/);
      expect(server.stdout).not.toMatch(/grace period over/);
    },
    TIMEOUT,
  );

  it(
    "gives up after SHUTDOWN_GRACE_MS when the client stops reading, and exits 1",
    async () => {
      server.env.SHUTDOWN_GRACE_MS = "500";
      await server.restart(); // same DATA_DIR and database: the document is still there
      const download = await openDownload(server, doc, agent);
      expect(download.status).toBe(200);

      // The client reads nothing until the process is gone.
      const exit = await server.kill("SIGTERM");
      expect(exit).toEqual({ code: 1, signal: null });
      expect(server.stdout).toMatch(/grace period over/);

      const body = await download.finish();
      expect(body.complete).toBe(false);
      expect(body.bytes).toBeLessThan(DOCUMENT_BYTES);
    },
    TIMEOUT,
  );

  it(
    "SIGKILL ends it at once; a restart serves the same data",
    async () => {
      server.env.SHUTDOWN_GRACE_MS = "25000";
      if (!server.running) await server.start();
      expect(await server.kill("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
      await server.restart();
      const download = await openDownload(server, doc, agent);
      expect(download.status).toBe(200);
      expect(await download.finish()).toEqual({ bytes: DOCUMENT_BYTES, sha256: doc.sha256, complete: true });
    },
    TIMEOUT,
  );
});

/**
 * `npm start` without a build: a copy of the repository's start script (`package.json`'s
 * `start` and `scripts/start.mjs`, byte for byte) in a folder whose `scripts/lib.mjs` builds
 * nothing and whose `apps/server/dist/server.js` loads the server from its TypeScript sources.
 * Everything else is real: npm → sh -c → node scripts/start.mjs → the server.
 */
describe("npm start", () => {
  let fakeRoot: string;
  let server: SpawnedServer | undefined;

  beforeAll(async () => {
    fakeRoot = await mkdtemp(path.join(tmpdir(), "mp-npm-start-"));
    const realPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      scripts: { start: string };
    };
    await writeFile(
      path.join(fakeRoot, "package.json"),
      JSON.stringify({
        name: "mieter-portal-start-test",
        private: true,
        type: "module",
        scripts: { start: realPackage.scripts.start },
      }),
    );
    await mkdir(path.join(fakeRoot, "scripts"));
    await copyFile(path.join(REPO_ROOT, "scripts/start.mjs"), path.join(fakeRoot, "scripts/start.mjs"));
    await writeFile(
      path.join(fakeRoot, "scripts/lib.mjs"),
      [
        'import path from "node:path";',
        'import { fileURLToPath } from "node:url";',
        'export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");',
        "export async function buildWhatIsStale() {}",
        "",
      ].join("\n"),
    );
    await mkdir(path.join(fakeRoot, "apps/server/dist"), { recursive: true });
    await writeFile(
      path.join(fakeRoot, "apps/server/dist/server.js"),
      [
        `await import(${JSON.stringify(TSX_LOADER)});`,
        `await import(${JSON.stringify(pathToFileURL(SERVER_SOURCE).href)});`,
        "",
      ].join("\n"),
    );
  });
  afterEach(async () => {
    await server?.cleanup();
    server = undefined;
  }, TIMEOUT);
  afterAll(async () => {
    await rm(fakeRoot, { recursive: true, force: true });
  });

  const startViaNpm = async () => {
    server = await spawnServer({
      command: { file: "npm", args: ["start"], cwd: fakeRoot },
      env: { npm_config_update_notifier: "false" },
    });
    await server.start();
    return server;
  };

  it(
    "SIGTERM to the npm process stops the server, which runs in start.mjs's own process",
    async () => {
      const npm = await startViaNpm();
      const serverPid = await loggedPid(npm);
      expect(serverPid).toBeGreaterThan(0);
      expect(serverPid).not.toBe(npm.pid);
      if (existsSync(`/proc/${serverPid}/cmdline`)) {
        // No extra child: the process serving requests is `node scripts/start.mjs` itself.
        expect(readFileSync(`/proc/${serverPid}/cmdline`, "utf8")).toContain("scripts/start.mjs");
      }

      // Resolves only when npm has exited and nothing that inherited its output is left.
      await npm.kill("SIGTERM");
      await waitFor("the server process to be gone", () => (processRuns(serverPid) ? undefined : true));
      expect(npm.stdout).toMatch(/"msg":"shut down"/);
      expect(await probeNewConnection(npm.url)).toBe("refused");
    },
    TIMEOUT,
  );

  it(
    "Ctrl-C (SIGINT to the whole process group) stops everything gracefully",
    async () => {
      const npm = await startViaNpm();
      const serverPid = await loggedPid(npm);
      process.kill(-(npm.pid as number), "SIGINT");
      await npm.waitForExit();
      await waitFor("the server process to be gone", () => (processRuns(serverPid) ? undefined : true));
      expect(npm.stdout).toMatch(/"msg":"shut down"/);
      expect(await probeNewConnection(npm.url)).toBe("refused");
    },
    TIMEOUT,
  );
});
