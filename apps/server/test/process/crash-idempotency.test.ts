/**
 * Exactly once across crashes (issue 10 §2): a client writes with Idempotency-Keys while the
 * server is SIGKILLed several times mid-load and restarted on the same database; the client
 * retries every unanswered key with the same body until it gets a 2xx. Afterwards the database
 * holds exactly one conversation per key, every acknowledged write, the same thread the first
 * answer named, and no key left "in progress" — and no retry was ever refused with 409 (the old
 * mechanism left claimed keys behind and refused them for 60 s, then ran them again).
 *
 * Everything waits for states (a number of acknowledged answers, an exit, /health), never for time.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDatabase } from "../../src/db/connection.js";
import { API_KEY, createTenant, type TenantFixture } from "../helpers.js";
import { type SpawnedServer, spawnServer } from "./spawn-server.js";

const TIMEOUT = 110_000;
const TENANTS = 10;
/** Below the quota of 20 new conversations per tenant and hour (src/lib/quotas.ts). */
const PER_TENANT = 18;
const CONCURRENCY = 8;
/** The server is SIGKILLed when this many answers (in total) have been acknowledged. */
const KILL_AFTER_ACKS = [25, 70, 115];
/** Bounds of the client: attempts per key, and the whole load. */
const MAX_ATTEMPTS = 20;
const LOAD_DEADLINE_MS = 75_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** A client's pause before retrying a refused (409) request; never happens with the fixed code. */
const BACKOFF_409_MS = 250;

interface Job {
  key: string;
  tenant: TenantFixture & { token: string };
  body: { subject: string; content: string };
}

interface Acknowledged {
  status: number;
  threadId: string;
  /** The answer came from the stored one (its first attempt's answer was lost in a crash). */
  replayed: boolean;
  attempts: number;
}

interface Stats {
  attempts: number;
  /** Requests cut off by a crash (connection reset, socket closed) or timed out. */
  interrupted: number;
  conflicts: number;
  serverErrors: number;
  otherStatuses: Array<{ key: string; status: number; body: string }>;
  givenUp: string[];
}

/**
 * The server's availability as the client sees it: `whenUp()` resolves while it runs, and waits
 * through a crash and restart. `crash()` SIGKILLs it and starts it again on the same database.
 */
function crashController(server: SpawnedServer) {
  let up: Promise<void> = Promise.resolve();
  let generation = 0;
  const crashes: Promise<void>[] = [];
  const inFlightAtKill: number[] = [];
  return {
    get generation() {
      return generation;
    },
    whenUp: () => up,
    crashes,
    inFlightAtKill,
    crash(inFlight: number) {
      // Marked down before the signal: every attempt from now on waits for the restart.
      generation += 1;
      inFlightAtKill.push(inFlight);
      server.signal("SIGKILL");
      const restarted = (async () => {
        const exit = await server.waitForExit(30_000);
        if (exit.signal !== "SIGKILL") throw new Error(`expected a SIGKILL exit, got ${JSON.stringify(exit)}`);
        await server.start();
      })();
      up = restarted;
      // Attempts and the test await `up`/crashes; this only keeps an early failure from being unhandled.
      restarted.catch(() => {});
      crashes.push(restarted);
    },
  };
}

async function login(url: string, tenant: TenantFixture): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "x-api-key": API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ email: tenant.email, password: tenant.password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

function postConversation(url: string, job: Job) {
  return fetch(`${url}/api/v1/tenant/messages`, {
    method: "POST",
    headers: {
      "x-api-key": API_KEY,
      authorization: `Bearer ${job.tenant.token}`,
      "content-type": "application/json",
      "idempotency-key": job.key,
    },
    body: JSON.stringify(job.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

describe("Idempotency-Key: exactly once across SIGKILL and restart", () => {
  let server: SpawnedServer;
  let tenants: Array<TenantFixture & { token: string }>;

  beforeAll(async () => {
    server = await spawnServer({
      env: { RATE_LIMIT_IP_PER_MINUTE: "0", RATE_LIMIT_TENANT_PER_MINUTE: "0", LOG_LEVEL: "warn" },
    });
    await server.start(); // migrates the fresh database
    const database = openDatabase(server.database);
    let created: TenantFixture[];
    try {
      created = [];
      for (let i = 0; i < TENANTS; i++) created.push(await createTenant(database.db));
    } finally {
      await database.destroy();
    }
    // Tokens outlive restarts (same JWT secret, same database).
    tenants = await Promise.all(created.map(async (t) => ({ ...t, token: await login(server.url, t) })));
  }, TIMEOUT);

  afterAll(async () => {
    await server?.cleanup();
  }, TIMEOUT);

  it(
    "every key once, every acknowledged write kept, replays equal the first answer, no 409, nothing left in progress",
    async () => {
      const controller = crashController(server);
      // Round robin over the tenants, so the requests in flight belong to several of them.
      const jobs: Job[] = [];
      for (let n = 0; n < PER_TENANT; n++) {
        for (const [t, tenant] of tenants.entries()) {
          const key = `crash-${t}-${n}-${randomUUID().slice(0, 8)}`;
          jobs.push({ key, tenant, body: { subject: key, content: `Nachricht zu ${key}` } });
        }
      }
      const acknowledged = new Map<string, Acknowledged>();
      const stats: Stats = {
        attempts: 0,
        interrupted: 0,
        conflicts: 0,
        serverErrors: 0,
        otherStatuses: [],
        givenUp: [],
      };
      const deadline = Date.now() + LOAD_DEADLINE_MS;
      let inFlight = 0;
      let nextKill = 0;

      /** Sends one key until a 2xx (or the bounds are reached). */
      const run = async (job: Job) => {
        for (let attempt = 1; attempt <= MAX_ATTEMPTS && Date.now() < deadline; attempt++) {
          await controller.whenUp();
          stats.attempts += 1;
          inFlight += 1;
          let status: number;
          let text: string;
          let replayed: boolean;
          try {
            const res = await postConversation(server.url, job);
            status = res.status;
            replayed = res.headers.get("idempotent-replayed") === "true";
            text = await res.text();
          } catch {
            // Cut off by the crash (or timed out): retry once the server is up again.
            stats.interrupted += 1;
            continue;
          } finally {
            inFlight -= 1;
          }
          if (status >= 200 && status < 300) {
            const threadId = (JSON.parse(text) as { id: string }).id;
            acknowledged.set(job.key, { status, threadId, replayed, attempts: attempt });
            if (acknowledged.size === KILL_AFTER_ACKS[nextKill]) {
              nextKill += 1;
              controller.crash(inFlight);
            }
            return;
          }
          if (status === 409) {
            stats.conflicts += 1;
            await new Promise((resolve) => setTimeout(resolve, BACKOFF_409_MS));
            continue;
          }
          if (status >= 500) {
            stats.serverErrors += 1;
            continue;
          }
          stats.otherStatuses.push({ key: job.key, status, body: text.slice(0, 300) });
          return;
        }
        stats.givenUp.push(job.key);
      };

      const queue = [...jobs];
      const worker = async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await run(job);
      };
      const started = Date.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await Promise.all(controller.crashes);
      const loadMs = Date.now() - started;

      const summary = {
        keys: jobs.length,
        acknowledged: acknowledged.size,
        replayedAfterCrash: [...acknowledged.values()].filter((a) => a.replayed).length,
        retriedKeys: [...acknowledged.values()].filter((a) => a.attempts > 1).length,
        inFlightAtKill: controller.inFlightAtKill,
        loadMs,
        ...stats,
      };
      console.info("crash-idempotency:", JSON.stringify(summary));

      // The crashes happened mid-load, with requests in flight, and cut some of them off.
      expect(controller.crashes).toHaveLength(KILL_AFTER_ACKS.length);
      expect(Math.min(...controller.inFlightAtKill)).toBeGreaterThan(0);
      expect(stats.interrupted).toBeGreaterThan(0);

      // No retry was refused as "in progress" (the old mechanism: 409 for 60 s after a crash).
      expect(stats.conflicts).toBe(0);
      expect(stats.otherStatuses).toEqual([]);
      expect(stats.givenUp).toEqual([]);
      expect(acknowledged.size).toBe(jobs.length);
      for (const answer of acknowledged.values()) expect(answer.status).toBe(201);

      // Sending every key once more replays its first answer.
      const replays = [...jobs];
      const mismatches: Array<{ key: string; status: number; replayed: boolean; id?: string; first?: string }> = [];
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let job = replays.shift(); job; job = replays.shift()) {
            const res = await postConversation(server.url, job);
            const body = (await res.json()) as { id?: string };
            const replayed = res.headers.get("idempotent-replayed") === "true";
            const first = acknowledged.get(job.key)?.threadId;
            if (res.status !== 201 || !replayed || body.id !== first) {
              mismatches.push({ key: job.key, status: res.status, replayed, id: body.id, first });
            }
          }
        }),
      );
      expect(mismatches).toEqual([]);

      // The database, with the server stopped.
      await server.kill("SIGTERM", 30_000);
      let database: DbHandle | undefined;
      try {
        database = openDatabase(server.database);
        const tenantIds = tenants.map((t) => t.id);
        const threads = await database.db
          .selectFrom("message_threads")
          .select(["id", "tenant_id", "subject"])
          .where("tenant_id", "in", tenantIds)
          .execute();
        const messages = await database.db
          .selectFrom("messages")
          .select(["thread_id"])
          .where("tenant_id", "in", tenantIds)
          .execute();
        const keyRows = await database.db
          .selectFrom("idempotency_keys")
          .select(["key", "state", "response_status", "response_body"])
          .where("tenant_id", "in", tenantIds)
          .execute();
        const inProgress = await database.db
          .selectFrom("idempotency_keys")
          .select(["tenant_id", "key"])
          .where("state", "=", "in_progress")
          .execute();

        const threadsBySubject = new Map<string, typeof threads>();
        for (const thread of threads) {
          threadsBySubject.set(thread.subject, [...(threadsBySubject.get(thread.subject) ?? []), thread]);
        }
        const messagesPerThread = new Map<string, number>();
        for (const m of messages) messagesPerThread.set(m.thread_id, (messagesPerThread.get(m.thread_id) ?? 0) + 1);
        const keyRowByKey = new Map(keyRows.map((row) => [row.key, row]));

        const duplicates: string[] = [];
        const missing: string[] = [];
        const wrongThread: string[] = [];
        const wrongStoredAnswer: string[] = [];
        for (const job of jobs) {
          const found = threadsBySubject.get(job.key) ?? [];
          const first = acknowledged.get(job.key);
          if (found.length > 1) duplicates.push(job.key);
          if (first && found.length === 0) missing.push(job.key);
          const [only] = found;
          if (
            found.length === 1 &&
            only &&
            (only.id !== first?.threadId || only.tenant_id !== job.tenant.id || messagesPerThread.get(only.id) !== 1)
          ) {
            wrongThread.push(job.key);
          }
          const row = keyRowByKey.get(job.key);
          const storedId = row?.response_body ? (JSON.parse(row.response_body) as { id?: string }).id : undefined;
          if (row?.state !== "done" || row.response_status !== 201 || storedId !== first?.threadId) {
            wrongStoredAnswer.push(job.key);
          }
        }
        expect({ duplicates, missing, wrongThread, wrongStoredAnswer, inProgress }).toEqual({
          duplicates: [],
          missing: [],
          wrongThread: [],
          wrongStoredAnswer: [],
          inProgress: [],
        });
        // Nothing but the keyed conversations was written.
        expect(threads).toHaveLength(jobs.length);
        expect(messages).toHaveLength(jobs.length);
      } finally {
        await database?.destroy();
      }
    },
    TIMEOUT,
  );
});
