/**
 * Issue 27 (decision 049): `npm run bench -- services`. A year of planned visits for 500 buildings
 * and one building's yearly Leistungsnachweis, on the modules the server uses:
 * - 500 buildings with five plans each (stairwell twice a week, bins weekly, Hausmeister round
 *   weekly, lawn every other week in season, Winterdienst every day in season), made a year ago;
 * - the visits of that year made as the daily job makes them (generateVisits, eight weeks ahead at
 *   a time, stepped over the year): timed, with the heap's peak while it runs;
 * - one building's Einsätze recorded through the crew's record module (Beginn, Ende with checklist,
 *   two photos on the stairwell, conditions and grit on winter days; a few missed);
 * - its yearly Leistungsnachweis: the query, the PDF and the CSV, each timed (three runs, the slowest
 *   counts; the first run loads the fonts), with the heap's peak, and the Räum- und
 *   Streuprotokoll of the last winter.
 * SQLite in a fresh file, or with BENCH_DATABASE_URL a PostgreSQL schema of its own. A measurement:
 * the figures are printed, with the targets; it exits 0 either way.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { addDays } from "@mieter-portal/contracts";
import { loadConfig } from "../src/config.js";
import { analyze, type Db, openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { ensureDefaultServiceKinds } from "../src/domain/services/catalogue.js";
import { createServicePlan, scheduleOf } from "../src/domain/services/plans.js";
import { serviceProof } from "../src/domain/services/proof.js";
import { serviceProofCsv } from "../src/domain/services/proof-csv.js";
import { serviceProofPdf } from "../src/domain/services/proof-pdf.js";
import { type Crew, finishServiceRecord, startServiceRecord } from "../src/domain/services/records.js";
import { generateVisits, VISIT_HORIZON_DAYS } from "../src/domain/services/visits.js";
import { winterLog, winterLogPdf } from "../src/domain/services/winter-log.js";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { createStaff } from "../src/domain/staff/staff-members.js";
import { localFileStore } from "../src/lib/file-store.js";
import { berlinToday } from "../src/lib/time.js";
import { benchSchema } from "./pg-schema.js";

const BUILDINGS = 500;
const GENERATE_TARGET_MS = 60_000;
const PROOF_TARGET_MS = 2_000;
const ACTOR = { staffId: null, name: "Bench", ip: null };

type Row = [string, string, string, string];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const mark = (ok: boolean) => (ok ? "ja" : "NEIN");

/** Runs `work` and samples the heap every 10 ms: its duration and the heap's peak above where it started. */
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

async function plansFor(db: Db, buildingIds: string[], from: string) {
  const kinds = Object.fromEntries(
    (await db.selectFrom("service_kinds").select(["key", "id"]).execute()).map((k) => [k.key, k.id]),
  );
  const common = {
    season: null,
    rest_day_window: null,
    responsible_staff_id: null,
    tenant_visible: true,
    valid_from: from,
    valid_until: null,
  };
  const plans = [
    {
      service_kind_id: kinds.treppenhausreinigung!,
      recurrence: { kind: "weekly" as const, weekdays: [1, 4], every_weeks: 1 },
      window: { start: "08:00", end: "12:00" },
      checklist: ["Treppen gewischt", "Handläufe abgewischt", "Eingang gereinigt"],
      team: "Reinigung Nord",
    },
    {
      service_kind_id: kinds.muelltonnen!,
      recurrence: { kind: "weekly" as const, weekdays: [2], every_weeks: 1 },
      window: { start: "06:00", end: "07:00" },
      checklist: ["Tonnen bereitgestellt", "Tonnen zurückgestellt"],
      team: "Hausmeister",
    },
    {
      service_kind_id: kinds.kontrollgang!,
      recurrence: { kind: "weekly" as const, weekdays: [5], every_weeks: 1 },
      window: { start: "09:00", end: "15:00" },
      checklist: ["Keller", "Dachboden", "Beleuchtung"],
      team: "Hausmeister",
    },
    {
      service_kind_id: kinds.rasen_maehen!,
      recurrence: { kind: "weekly" as const, weekdays: [3], every_weeks: 2 },
      window: { start: "08:00", end: "16:00" },
      checklist: ["Rasen gemäht", "Kanten geschnitten"],
      team: "Garten Süd",
      season: { from: "04-01", until: "10-31" },
    },
    {
      service_kind_id: kinds.winterdienst!,
      recurrence: { kind: "daily" as const },
      window: { start: "07:00", end: "20:00" },
      checklist: ["Gehweg geräumt", "Gestreut"],
      team: "Winterdienst Ost",
      season: { from: "11-01", until: "03-31" },
    },
  ];
  let made = 0;
  for (const building_id of buildingIds) {
    for (const plan of plans) {
      const created = await createServicePlan(db, ACTOR, { ...common, ...plan, building_id }, from);
      if (typeof created === "string") throw new Error(`plan refused: ${created}`);
      made++;
    }
  }
  return made;
}

/** The measured building's Einsätze: 9 of 10 visits done (two photos on the stairwell), winter on every fourth day. */
async function recordYear(db: Db, dataDir: string, buildingId: string, today: string): Promise<number> {
  const files = localFileStore(path.join(dataDir, "files"));
  const staffId = await createStaff(db, {
    email: "hausmeister@bench.example",
    name: "Jonas Weber",
    role: "hausmeister",
    buildingIds: [buildingId],
    passwordHash: null,
    totpSecret: null,
    totpEnabled: false,
  });
  const crew: Crew = { staffId, name: "Jonas Weber", ip: null, firstName: "Jonas" };
  const visits = await db
    .selectFrom("service_visits as v")
    .innerJoin("service_kinds as k", "k.id", "v.service_kind_id")
    .innerJoin("service_plans as p", "p.id", "v.plan_id")
    .select(["v.id", "v.planned_on", "v.window_start", "k.key", "p.checklist"])
    .where("v.building_id", "=", buildingId)
    .where("v.planned_on", "<", today)
    .orderBy("v.planned_on")
    .orderBy("k.key")
    .execute();
  const photo = { bytes: Buffer.alloc(40_000, 1), mime: "image/jpeg", size: 40_000, filename: "foto.jpg" };
  let recorded = 0;
  for (const [i, visit] of visits.entries()) {
    const winter = visit.key === "winterdienst";
    if (winter ? i % 4 !== 0 : i % 10 === 9) continue;
    const [h, m] = visit.window_start.split(":").map(Number) as [number, number];
    const startedAt = new Date(`${visit.planned_on}T${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:00Z`);
    const photos = visit.key === "treppenhausreinigung" ? [photo] : [];
    const started = await startServiceRecord(
      db,
      files,
      crew,
      {
        id: randomUUID(),
        visit_id: visit.id,
        building_id: null,
        service_kind_id: null,
        started_at: startedAt.toISOString(),
        position: null,
        photos: [],
      },
      photos,
      () => true,
    );
    if (typeof started === "string") throw new Error(`start refused: ${started}`);
    const done = await finishServiceRecord(
      db,
      files,
      crew,
      started.id,
      {
        finished_at: new Date(startedAt.getTime() + 45 * 60_000).toISOString(),
        checklist: (JSON.parse(visit.checklist) as string[]).map((item) => ({ item, done: true })),
        materials: winter ? [{ name: "Streusplitt", amount: 12.5, unit: "kg" }] : [],
        conditions: winter ? { snow: i % 8 === 0, ice: true, temperature_c: -2 } : null,
        remark: "",
        photos: [],
      },
      photos,
    );
    if (done !== "ok") throw new Error(`finish refused: ${done}`);
    recorded++;
  }
  return recorded;
}

/** The three runs' slowest time and heap peak. */
async function slowest<T>(work: () => Promise<T>) {
  let worst = { ms: 0, heapPeak: 0 };
  let result: T | undefined;
  for (let run = 0; run < 3; run++) {
    const m = await measured(work);
    result = m.result;
    worst = { ms: Math.max(worst.ms, m.ms), heapPeak: Math.max(worst.heapPeak, m.heapPeak) };
  }
  return { ...worst, result: result as T };
}

export async function runServiceProofBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mp-bench-services-"));
  const pgSchema = await benchSchema("bench_sv");
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
    await ensureDefaultServiceKinds(db);
    console.log(
      `\nHausdienste (issue 27) — ${pgSchema ? `PostgreSQL, schema ${pgSchema.schema}` : "SQLite (fresh file)"}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" / ")}`,
    );
    const today = berlinToday();
    const until = addDays(today, -1);
    const from = addDays(until, -364);
    let started = performance.now();
    const buildingIds: string[] = [];
    for (let i = 0; i < BUILDINGS; i++) buildingIds.push(await ensureBuilding(db, `Dienstweg ${i + 1}, 10000 Berlin`));
    const plans = await plansFor(db, buildingIds, from);
    console.log(
      `${BUILDINGS} buildings, ${plans.toLocaleString("en-US")} plans from ${from} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // The plans as the daily job reads them, then the year stepped through eight weeks at a time.
    const stored = await db
      .selectFrom("service_plans as p")
      .innerJoin("service_kinds as k", "k.id", "p.service_kind_id")
      .selectAll("p")
      .select("k.key as service_key")
      .execute();
    const generation = await measured(async () => {
      let made = 0;
      for (let day = from; day <= until; day = addDays(day, VISIT_HORIZON_DAYS)) {
        made += await generateVisits(
          db,
          stored.map((p) => ({ plan: p, schedule: scheduleOf(p, p.service_key) })),
          day,
        );
      }
      return made;
    });
    const visits = Number(
      (
        await db
          .selectFrom("service_visits")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    console.log(
      `Visits made over the year: ${generation.result.toLocaleString("en-US")} (${visits.toLocaleString("en-US")} in the table, with the first eight weeks made with the plans)`,
    );
    started = performance.now();
    const recorded = await recordYear(db, dataDir, buildingIds[0]!, today);
    await analyze(db);
    console.log(
      `One building's Einsätze recorded: ${recorded} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
    const building = buildingIds[0]!;
    const query = await slowest(() => serviceProof(db, building, { from, until }));
    const proof = query.result!;
    const pdf = await slowest(() => serviceProofPdf(proof, "Bench Hausverwaltung"));
    const csv = await slowest(async () => serviceProofCsv(proof));
    const whole = await slowest(async () => {
      const p = (await serviceProof(db, building, { from, until }))!;
      return { pdf: await serviceProofPdf(p, "Bench Hausverwaltung"), csv: serviceProofCsv(p) };
    });
    // The winter that began in the year before this one: finished (or, from January to March, running).
    const winterSeason = Number(today.slice(0, 4)) - 1;
    const winter = await slowest(async () => winterLogPdf((await winterLog(db, building, winterSeason))!, "Bench"));
    const rows: Row[] = [
      [
        `A year of visits, ${BUILDINGS} buildings (${generation.result.toLocaleString("en-US")} visits)`,
        `${ms(generation.ms)}, heap +${mb(generation.heapPeak)}`,
        `< ${ms(GENERATE_TARGET_MS)}`,
        mark(generation.ms < GENERATE_TARGET_MS),
      ],
      [`Leistungsnachweis query (${proof.rows.length} rows)`, `${ms(query.ms)}, heap +${mb(query.heapPeak)}`, "", ""],
      [
        `Leistungsnachweis PDF (${(whole.result.pdf.length / 1024).toFixed(0)} KB)`,
        `${ms(pdf.ms)}, heap +${mb(pdf.heapPeak)}`,
        "",
        "",
      ],
      [
        `Leistungsnachweis CSV (${(Buffer.byteLength(whole.result.csv) / 1024).toFixed(0)} KB)`,
        `${ms(csv.ms)}, heap +${mb(csv.heapPeak)}`,
        "",
        "",
      ],
      [
        "Leistungsnachweis of a year: query, PDF and CSV",
        `${ms(whole.ms)}, heap +${mb(whole.heapPeak)}`,
        `< ${ms(PROOF_TARGET_MS)}`,
        mark(whole.ms < PROOF_TARGET_MS),
      ],
      [
        `Räum- und Streuprotokoll, winter ${winterSeason}/${winterSeason + 1} (${(winter.result.length / 1024).toFixed(0)} KB)`,
        `${ms(winter.ms)}, heap +${mb(winter.heapPeak)}`,
        `< ${ms(PROOF_TARGET_MS)}`,
        mark(winter.ms < PROOF_TARGET_MS),
      ],
    ];
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length), 8));
    const line = (r: string[]) => r.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
    console.log(line(["Was", "Ergebnis", "Ziel", "erfüllt"]));
    for (const r of rows) console.log(line(r));
    console.log(`\nPeak RSS of the process: ${mb(process.resourceUsage().maxRSS * 1024)}`);
  } finally {
    await database.destroy();
    await pgSchema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
