/**
 * Issue 28 (decision 053): `npm run bench -- sepa`. A collection run for 10,000 tenancies on the
 * modules the server uses: the tenancies and their mandates seeded through the row writers, the
 * month's charges by the ledger, then timed with the heap's peak — the preview (every due charge,
 * its mandate and problems), the run (items, mandates' last collection, 10,000 pre-notification mails
 * in the outbox, the audit entry) and the pain.008 file (written from the stored items as at each
 * download; its size). SQLite in a fresh file, or with BENCH_DATABASE_URL a PostgreSQL schema of
 * its own. A measurement: the figures are printed with the targets; it exits 0 either way.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { addDays, earliestCollectionDate, isTargetBusinessDay } from "@mieter-portal/contracts";
import { loadConfig } from "../src/config.js";
import { analyze, openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { demoIban } from "../src/db/seed/demo-sepa.js";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import { saveCreditorSettings } from "../src/domain/sepa/creditor.js";
import { insertMandateRows } from "../src/domain/sepa/rows.js";
import { planRun } from "../src/domain/sepa/run-preview.js";
import { runXml } from "../src/domain/sepa/run-reads.js";
import { createRun } from "../src/domain/sepa/runs.js";
import { insertTenancies, insertTenants } from "../src/domain/tenants/rows.js";
import { berlinToday } from "../src/lib/time.js";
import { benchSchema } from "./pg-schema.js";

const TENANCIES = Number(process.env.BENCH_SEPA_TENANCIES ?? 10_000);
const RUN_TARGET_MS = 30_000;
const FILE_TARGET_MS = 5_000;
const ACTOR = { staffId: null, name: "Bench", ip: null };
const MAIL = { company: "Grünfeld Hausverwaltung", publicUrl: "https://portal.example" };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const mark = (ok: boolean) => (ok ? "ja" : "NEIN");

async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; heapPeak: number }> {
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, ms: performance.now() - started, heapPeak: peak - base };
  } finally {
    clearInterval(timer);
  }
}

export async function runSepaBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mp-bench-sepa-"));
  const pgSchema = await benchSchema("bench_sdd");
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-1",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    WEB_DIST: path.join(dataDir, "no-web"),
    CONSOLE_DIST: path.join(dataDir, "no-console"),
    ...(process.env.BENCH_DATABASE_URL && pgSchema
      ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, DATABASE_SCHEMA: pgSchema.schema }
      : {}),
  });
  const database = openDatabase(config.database);
  const db = database.db;
  try {
    await migrateToLatest(db, pgSchema?.schema);
    console.log(
      `\nLastschrift (issue 28) — ${pgSchema ? `PostgreSQL, schema ${pgSchema.schema}` : "SQLite (fresh file)"}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" / ")}`,
    );
    const today = berlinToday();
    let started = performance.now();
    const now = new Date().toISOString();
    for (let start = 0; start < TENANCIES; start += 500) {
      const tenants = [];
      const tenancies = [];
      for (let i = start; i < Math.min(start + 500, TENANCIES); i++) {
        const tenantId = randomUUID();
        tenants.push({
          id: tenantId,
          email: `lastschrift${i}@bench.example`,
          passwordHash: "x",
          firstName: "Bench",
          lastName: `Mieter ${i}`,
          createdAt: now,
        });
        tenancies.push({
          tenantId,
          buildingId: null,
          address: `Einzugsweg ${1 + (i % 250)}, 10115 Berlin`,
          apartmentNumber: `WE ${i}`,
          startDate: "2020-01-01",
          baseRentCents: 60_000 + (i % 40) * 1_250,
          utilitiesCents: 18_000,
          paymentMethod: "sepa_direct_debit" as const,
          dueDay: 3,
          createdAt: now,
        });
      }
      await insertTenants(db, tenants);
      await insertTenancies(db, tenancies);
    }
    await ensureRentCharges(db);
    const ids = await db.selectFrom("tenancies").select("id").orderBy("id").execute();
    await insertMandateRows(
      db,
      ids.map((t, i) => ({
        tenancyId: t.id,
        signedOn: addDays(today, -30),
        debtorName: `Bench Mieter ${i}`,
        iban: demoIban(String(1_000_000_000 + i)),
      })),
    );
    await saveCreditorSettings(
      db,
      {
        creditorId: "DE98ZZZ09999999999",
        name: "Grünfeld Hausverwaltung GmbH",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
        leadDays: 2,
        prenoticeDays: 5,
      },
      ACTOR,
    );
    await analyze(db);
    console.log(
      `${TENANCIES.toLocaleString("en-US")} tenancies with mandates and their charges in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // Next month's rent, collected on the earliest date a file made today may ask for.
    const month = addDays(`${today.slice(0, 7)}-01`, 32).slice(0, 7);
    let date = earliestCollectionDate(today, 2, 5);
    while (!isTargetBusinessDay(date)) date = addDays(date, 1);
    const request = { month, collectionDate: date };
    const scope = { allBuildings: true, buildingIds: [] };
    const preview = await measured(() => planRun(db, request, scope, today));
    started = performance.now();
    const run = await measured(() => createRun(db, request, scope, ACTOR, MAIL, today));
    if (!("runId" in run.result)) throw new Error(`Einzug nicht angelegt: ${JSON.stringify(run.result)}`);
    const runId = run.result.runId;
    const file = await measured(async () => (await runXml(db, runId))!.xml);
    const again = await measured(async () => (await runXml(db, runId))!.xml);
    const bytes = Buffer.byteLength(file.result, "utf8");
    const rows: [string, string, string, string][] = [
      [
        "Vorschau (alle fälligen Forderungen)",
        ms(preview.ms),
        mb(preview.heapPeak),
        `${preview.result.items.length} Posten`,
      ],
      [
        "Einzug anlegen (mit Vorabankündigungen)",
        ms(run.ms),
        mb(run.heapPeak),
        `Ziel < ${ms(RUN_TARGET_MS)}: ${mark(run.ms < RUN_TARGET_MS)}`,
      ],
      [
        "pain.008-Datei schreiben",
        ms(file.ms),
        mb(file.heapPeak),
        `Ziel < ${ms(FILE_TARGET_MS)}: ${mark(file.ms < FILE_TARGET_MS)}`,
      ],
      [
        "pain.008-Datei erneut (Download)",
        ms(again.ms),
        mb(again.heapPeak),
        `${mb(bytes)} Datei, gleich: ${mark(again.result === file.result)}`,
      ],
    ];
    console.log(`Einzug ${month} zum ${date}, ${TENANCIES.toLocaleString("en-US")} Lastschriften`);
    for (const [what, time, heap, note] of rows)
      console.log(`  ${what.padEnd(42)} ${time.padStart(9)}  Heap +${heap.padStart(9)}  ${note}`);
  } finally {
    await database.destroy();
    await pgSchema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
