/**
 * `npm run bench -w apps/server`: seeds 10,000 tenants into a fresh SQLite database and measures
 * the dashboard reads against /health of the same process with autocannon (50 connections).
 * Target: each read ≥ 0.3 × health req/s and p99 < 20 ms. A measurement, not a test: exits 0
 * whether or not the targets are met (1 only when it cannot run).
 *
 * BENCH_DURATION (seconds per route, default 10), BENCH_TENANTS (default 10000),
 * BENCH_CONNECTIONS (default 50).
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_CLIENT_API_KEY } from "@mieter-portal/contracts";
import autocannon from "autocannon";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { type Db, openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { addDays, monthlyDueDates, rentDescription } from "../src/db/seed/calendar.js";
import { createPdf } from "../src/db/seed/pdf.js";
import type { Database } from "../src/db/types.js";
import { localFileStore } from "../src/lib/file-store.js";
import { hashPassword } from "../src/lib/passwords.js";
import { addMonths, berlinToday, berlinToUtc } from "../src/lib/time.js";

const DURATION = boundedInt(process.env.BENCH_DURATION, 10, 1, 120);
const TENANTS = boundedInt(process.env.BENCH_TENANTS, 10_000, 10, 200_000);
const CONNECTIONS = boundedInt(process.env.BENCH_CONNECTIONS, 50, 1, 1000);
const PASSWORD = "bench-passwort-1";
/** Tenants per insert batch (and transaction); keeps each statement under SQLite's parameter limit. */
const BATCH = 100;
const SIGNED_IN = 5;

function boundedInt(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

type Row<T extends keyof Database> = Database[T];

/** Bulk seed: one argon2 hash and one stored PDF for everyone, rows inserted in batches. */
async function seedTenants(db: Db, storageKey: string, pdfSize: number): Promise<string[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const today = berlinToday();
  const now = new Date().toISOString();
  const at = (offsetDays: number, hour: number) => berlinToUtc(addDays(today, offsetDays), hour).toISOString();
  // Eleven paid months and the next one pending.
  const dueDates: string[] = [];
  const firstMonth = addMonths(`${today.slice(0, 7)}-01`, -11).slice(0, 7);
  for (const due of monthlyDueDates(firstMonth, 3)) {
    dueDates.push(due);
    if (due > today || dueDates.length === 12) break;
  }
  const emails: string[] = [];
  for (let start = 0; start < TENANTS; start += BATCH) {
    const tenants: Row<"tenants">[] = [];
    const tenancies: Row<"tenancies">[] = [];
    const payments: Row<"payments">[] = [];
    const threads: Row<"message_threads">[] = [];
    const messages: Row<"messages">[] = [];
    const appointments: Row<"appointments">[] = [];
    const documents: Row<"documents">[] = [];
    for (let i = start; i < Math.min(start + BATCH, TENANTS); i++) {
      const tenantId = randomUUID();
      const tenancyId = randomUUID();
      const email = `mieter${i}@bench.example`;
      emails.push(email);
      tenants.push({
        id: tenantId,
        email,
        email_normalized: email,
        password_hash: passwordHash,
        first_name: "Bench",
        last_name: `Mieter ${i}`,
        password_changed_at: "2000-01-01T00:00:00.000Z",
        created_at: now,
      });
      tenancies.push({
        id: tenancyId,
        tenant_id: tenantId,
        address: `Teststraße ${1 + (i % 200)}, 10115 Berlin`,
        apartment_number: `${i % 6}. OG`,
        start_date: "2020-01-01",
        end_date: null,
        base_rent_cents: 55_000,
        utilities_cents: 20_000,
        payment_method: "sepa_direct_debit",
        due_day: 3,
        iban_last4: "1234",
        created_at: now,
      });
      dueDates.forEach((due, n) => {
        const paid = due <= today && n < 11;
        payments.push({
          id: randomUUID(),
          tenant_id: tenantId,
          tenancy_id: tenancyId,
          amount_cents: 75_000,
          currency: "EUR",
          status: paid ? "paid" : "pending",
          due_date: due,
          paid_at: paid ? berlinToUtc(addDays(due, -1), 7).toISOString() : null,
          description: rentDescription(due),
          created_at: now,
        });
      });
      for (let t = 0; t < 3; t++) {
        const threadId = randomUUID();
        const receivedAt = at(-1 - t * 9, 10);
        threads.push({
          id: threadId,
          tenant_id: tenantId,
          subject: `Mitteilung ${t + 1}`,
          created_at: receivedAt,
          last_message_at: receivedAt,
        });
        messages.push({
          id: randomUUID(),
          thread_id: threadId,
          tenant_id: tenantId,
          direction: "inbound",
          actor_kind: "staff",
          staff_user_id: null,
          sender_name: "Hausverwaltung",
          content:
            "Bitte beachten Sie die Hinweise zur Wartung der Heizungsanlage in Ihrem Haus in der kommenden Woche.",
          received_at: receivedAt,
          read_at: t === 0 ? null : receivedAt,
        });
      }
      for (const [offset, status] of [
        [5, "pending"],
        [-30, "completed"],
      ] as const) {
        appointments.push({
          id: randomUUID(),
          tenant_id: tenantId,
          type: "inspection",
          title: "Rauchmelderwartung",
          status,
          start_time: at(offset, 10),
          end_time: at(offset, 11),
          requested_date: null,
          time_slot: null,
          notes: null,
          location: null,
          created_at: at(offset - 10, 9),
          updated_at: at(offset - 10, 9),
        });
      }
      for (const [title, type] of [
        ["Mietvertrag", "contract"],
        ["Nebenkostenabrechnung", "utility"],
      ] as const) {
        documents.push({
          id: randomUUID(),
          tenant_id: tenantId,
          title,
          type,
          mime_type: "application/pdf",
          size_bytes: pdfSize,
          storage_key: storageKey,
          original_filename: `${title}.pdf`,
          uploaded_at: at(-100, 10),
          is_tenant_uploaded: 0,
          actor_kind: "staff",
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("tenants").values(tenants).execute();
      await trx.insertInto("tenancies").values(tenancies).execute();
      await trx.insertInto("payments").values(payments).execute();
      await trx.insertInto("message_threads").values(threads).execute();
      await trx.insertInto("messages").values(messages).execute();
      await trx.insertInto("appointments").values(appointments).execute();
      await trx.insertInto("documents").values(documents).execute();
    });
  }
  return emails;
}

interface Measurement {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(
  url: string,
  route: string,
  tokens: string[],
  duration: number,
  withAuth: boolean,
): Promise<Measurement> {
  const requests = (withAuth ? tokens : [""]).map((token) => ({
    method: "GET" as const,
    path: route,
    headers: withAuth ? { "x-api-key": DEFAULT_CLIENT_API_KEY, authorization: `Bearer ${token}` } : {},
  }));
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    requests,
    // The load generator runs in its own thread so it does not share the server's event loop.
    workers: 1,
  });
  return {
    route,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mp-bench-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-1",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    WEB_DIST: path.join(dataDir, "no-web"),
  });
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const pdf = createPdf({ title: "Mietvertrag", lines: ["Benchmark"] });
    const storageKey = await localFileStore(path.join(dataDir, "files")).put(pdf);

    let started = Date.now();
    process.stdout.write(`Seeding ${TENANTS.toLocaleString("en-US")} tenants … `);
    const emails = await seedTenants(database.db, storageKey, pdf.length);
    const counts = await Promise.all(
      (["tenants", "payments", "messages", "appointments", "documents"] as const).map(async (table) => {
        const row = await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        return `${table} ${Number(row.n).toLocaleString("en-US")}`;
      }),
    );
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s (${counts.join(", ")})`);

    const app = await buildApp(config, { database, logger: false });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

    // A few tenants spread over the table, each with a valid token.
    const tokens: string[] = [];
    for (let i = 0; i < SIGNED_IN; i++) {
      const email = emails[Math.floor(((i + 0.5) * emails.length) / SIGNED_IN)]!;
      const res = await app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { "x-api-key": DEFAULT_CLIENT_API_KEY },
        payload: { email, password: PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`Login for ${email} failed: ${res.statusCode} ${res.body}`);
      tokens.push(res.json().token as string);
    }

    const routes: { route: string; auth: boolean; info?: boolean }[] = [
      { route: "/api/v1/health", auth: false },
      { route: "/api/v1/tenant/payments/current", auth: true },
      { route: "/api/v1/tenant/messages", auth: true },
      { route: "/api/v1/tenant/appointments", auth: true },
      { route: "/api/v1/tenant/documents", auth: true },
      // Not a target: the cost of authentication alone (token check + session lookup), for comparison.
      { route: "/api/v1/auth/user", auth: true, info: true },
    ];
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${DURATION} s per route, ${tokens.length} tenants rotating, ` +
        `${cpus().length} CPU(s), Node ${process.version}\n`,
    );
    started = Date.now();
    for (const r of routes) await measure(url, r.route, tokens, 1, r.auth); // warm-up
    const results: Measurement[] = [];
    for (const r of routes) results.push(await measure(url, r.route, tokens, DURATION, r.auth));
    await app.close();

    const health = results[0]!;
    const header = ["route", "req/s", "p50 ms", "p99 ms", "× health", "non-2xx", "target"];
    const rows = results.map((m, index) => {
      const ratio = m.rps / health.rps;
      const info = routes[index]!.info === true;
      const isHealth = m === health;
      const met = m.non2xx === 0 && m.errors === 0 && m.p99 < 20 && (isHealth || ratio >= 0.3);
      return [
        m.route.replace("/api/v1", ""),
        m.rps.toFixed(0),
        String(m.p50),
        String(m.p99),
        isHealth ? "1.00" : ratio.toFixed(2),
        String(m.non2xx + m.errors),
        info ? "(info)" : met ? "met" : "NOT met",
      ];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
    console.log(line(header));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const r of rows) console.log(line(r));
    console.log(
      `\nTargets: each read ≥ 0.30 × health req/s, p99 < 20 ms (measured in ${((Date.now() - started) / 1000).toFixed(0)} s).`,
    );
  } finally {
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    // Missed targets still exit 0; a benchmark that could not run at all does not.
    console.error("Benchmark abgebrochen:", err);
    process.exit(1);
  },
);
