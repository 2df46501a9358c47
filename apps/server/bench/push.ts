/**
 * Issue 29: `npm run bench -- push`. One outage notice to 10,000 subscribed devices through a local
 * push service (test/push-receiver.ts: HTTPS with a self-signed certificate, RFC 8030), on the
 * modules the server uses: 10,000 tenants of one building and one device each (row writers), the
 * notice published by domain/notices (its mails and one push row per device in one transaction),
 * then the worker's push delivery (jobs/push-delivery.ts: claims, VAPID, aes128gcm encryption per
 * device, one HTTPS request each) until the last device has it. Figures: time to publish, time to
 * the last delivery, pushes per second, the heap's peak and the process's RSS. The receiver runs
 * in the same process (it only counts, BENCH_PUSH_DECRYPT=1 decrypts too), so its work is in the
 * figures. SQLite in a fresh file, or with BENCH_DATABASE_URL a PostgreSQL schema of its own. A
 * measurement: exits 0 whether or not the target is met.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { loadConfig } from "../src/config.js";
import { analyze, openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { createNotice } from "../src/domain/notices/notices.js";
import { insertSubscriptionRows } from "../src/domain/push/subscriptions.js";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { insertTenancies, insertTenants } from "../src/domain/tenants/rows.js";
import { deliverDuePushes } from "../src/jobs/push-delivery.js";
import { createPushSender } from "../src/lib/web-push-sender.js";
import { startPushReceiver } from "../test/push-receiver.js";
import { benchSchema } from "./pg-schema.js";

const DEVICES = Number(process.env.BENCH_PUSH_DEVICES ?? 10_000);
/** An outage should be on every phone within a minute. */
const TARGET_MS = 60_000;
const PUBLIC_URL = "https://portal.example";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function runPushBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mp-bench-push-"));
  const pgSchema = await benchSchema("bench_push");
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-1",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    VAPID_SUBJECT: "mailto:technik@portal.example",
    ...(process.env.BENCH_DATABASE_URL && pgSchema
      ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, DATABASE_SCHEMA: pgSchema.schema }
      : {}),
  });
  const database = openDatabase(config.database);
  const db = database.db;
  const receiver = await startPushReceiver({ keepPayloads: process.env.BENCH_PUSH_DECRYPT === "1" });
  try {
    await migrateToLatest(db, pgSchema?.schema);
    console.log(
      `\nWeb Push (issue 29) — ${pgSchema ? `PostgreSQL, schema ${pgSchema.schema}` : "SQLite (fresh file)"}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" / ")}`,
    );
    let started = performance.now();
    const now = new Date().toISOString();
    const address = "Störungsweg 1, 10115 Berlin";
    const buildingId = await ensureBuilding(db, address);
    const devices = [];
    for (let start = 0; start < DEVICES; start += 500) {
      const tenants = [];
      const tenancies = [];
      for (let i = start; i < Math.min(start + 500, DEVICES); i++) {
        const tenantId = randomUUID();
        tenants.push({
          id: tenantId,
          email: `push${i}@bench.example`,
          passwordHash: "x",
          firstName: "Bench",
          lastName: `Mieter ${i}`,
          createdAt: now,
        });
        tenancies.push({
          tenantId,
          buildingId,
          address,
          apartmentNumber: `WE ${i}`,
          startDate: "2020-01-01",
          baseRentCents: 60_000,
          utilitiesCents: 18_000,
          paymentMethod: "bank_transfer" as const,
          dueDay: 3,
          createdAt: now,
        });
        const device = receiver.device(`bench-${i}`);
        devices.push({
          owner: { kind: "tenant" as const, id: tenantId },
          endpoint: device.endpoint,
          p256dh: device.subscription.keys.p256dh,
          auth: device.subscription.keys.auth,
          label: "Chrome auf Android",
        });
      }
      await insertTenants(db, tenants);
      await insertTenancies(db, tenancies);
    }
    await insertSubscriptionRows(db, devices);
    await analyze(db);
    console.log(
      `${DEVICES.toLocaleString("en-US")} tenants in one building with a device each in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    global.gc?.();
    const heapBase = process.memoryUsage().heapUsed;
    let heapPeak = heapBase;
    let rssPeak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      heapPeak = Math.max(heapPeak, usage.heapUsed);
      rssPeak = Math.max(rssPeak, usage.rss);
    }, 20);
    started = performance.now();
    const notice = await createNotice(
      db,
      {
        buildingId,
        title: "Aufzug außer Betrieb",
        text: "Der Aufzug steht bis morgen still.",
        kind: "emergency",
        emergencyType: "lift_out_of_order",
        outageFrom: now,
        outageUntil: new Date(Date.now() + 24 * 3600_000).toISOString(),
      },
      { staffId: null, name: "Bench", ip: null },
      { company: "Grünfeld Hausverwaltung", publicUrl: PUBLIC_URL },
    );
    if (typeof notice !== "string") throw new Error(`notice refused: ${notice.message}`);
    const published = performance.now() - started;
    const sender = createPushSender({ ...config.push, agent: receiver.agent });
    const log = Fastify({ logger: false }).log;
    let sent = 0;
    while (sent < DEVICES) {
      const round = await deliverDuePushes({ db, sender, publicUrl: PUBLIC_URL, log });
      if (round === 0) break;
      sent += round;
    }
    const delivered = performance.now() - started;
    clearInterval(sampler);
    const received = new Set(receiver.received.map((p) => p.device)).size;
    console.log(
      `publish the notice (mails and ${DEVICES.toLocaleString("en-US")} push rows): ${published.toFixed(0)} ms`,
    );
    console.log(
      `to the last delivery: ${(delivered / 1000).toFixed(1)} s (${Math.round((sent / delivered) * 1000)} pushes/s), ${received.toLocaleString("en-US")} devices reached, ${sent.toLocaleString("en-US")} sent — target < ${TARGET_MS / 1000} s: ${delivered < TARGET_MS && received === DEVICES ? "ja" : "NEIN"}`,
    );
    console.log(`heap peak above the start: ${mb(heapPeak - heapBase)}, RSS peak ${mb(rssPeak)}`);
  } finally {
    await receiver.close();
    await database.destroy();
    await pgSchema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
