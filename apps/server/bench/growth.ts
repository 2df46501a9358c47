/**
 * Issue 24, the grown portfolio: `npm run bench -- growth` (or BENCH_PARTS=growth). A fresh SQLite
 * database — or, with BENCH_DATABASE_URL, a schema of its own in that PostgreSQL database — starts
 * small (BENCH_GROWTH_BUILDINGS buildings, 20 tenants, the planner's statistics taken then, as at
 * a first start), then grows through the real modules only:
 *
 * - import: BENCH_GROWTH_TENANTS (default 10,000) tenants arrive by CSV import (importTenants, as
 *   the console's import does) in two files of half each; each import's time and the process's
 *   peak memory (resourceUsage().maxRSS) are reported: the first file is the 5,000-row import of
 *   the issue's "done when".
 * - search: the staff tenant search and the rent-account search (listStaffTenants, listAccounts)
 *   for a word nobody has (the whole list is read) and for a name, each the median of 5 runs:
 *   first on the statistics of the first start (what every installation had before decision 030),
 *   then after refreshStatisticsAfterImport (what the import routes now run after commit).
 * - statement: a statement of as many lines as tenancies (each pays its rent with its payment
 *   reference), read (readStatement), previewed (previewStatement) and booked (commitStatement):
 *   time and peak memory of each step.
 *
 * BENCH_GROWTH_CASES (comma list of import, search, statement; default all: search and statement
 * need the import). A measurement, not a test: it prints a table and does not fail on targets.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { loadConfig } from "../src/config.js";
import { analyze, type Db, openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { commitStatement, previewStatement } from "../src/domain/ledger/bank-import.js";
import { listAccounts } from "../src/domain/ledger/staff-ledger.js";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { refreshStatisticsAfterImport } from "../src/domain/statistics/statistics.js";
import { listStaffTenants } from "../src/domain/tenants/staff-tenant-list.js";
import { importTenants } from "../src/domain/tenants/tenant-import.js";
import { readStatement } from "../src/lib/bank-statement.js";
import { berlinToday } from "../src/lib/time.js";
import { benchSchema } from "./pg-schema.js";

const bounded = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};
const TENANTS = bounded(process.env.BENCH_GROWTH_TENANTS, 10_000, 100, 100_000);
const BUILDINGS = bounded(process.env.BENCH_GROWTH_BUILDINGS, 200, 1, 5_000);
const CASES = new Set(
  (process.env.BENCH_GROWTH_CASES ?? "import,search,statement")
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean),
);
const SEARCH_RUNS = 5;
const SEARCH_TARGET_MS = 200;
const IMPORT_TARGET_MS = 60_000;
const STATEMENT_TARGET_MS = 10_000;
const ALL = { allBuildings: true, buildingIds: [] as string[] };
const ACTOR = { staffId: null, name: "Bench", ip: null };
const MAIL = { company: "Bench", publicUrl: "http://localhost" };

type Row = [string, string, string, string];
const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(0)} ms`);
const mark = (ok: boolean) => (ok ? "ja" : "NEIN");
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const peakKb = () => process.resourceUsage().maxRSS;

const building = (b: number) => `Wachstumsweg ${b + 1}, 10115 Berlin`;
const HEADER = "Vorname;Nachname;E-Mail;Gebäude;Wohnung;Beginn;Kaltmiete;Nebenkosten";
function tenantCsv(from: number, to: number): string {
  const rows = [HEADER];
  for (let i = from; i < to; i++) {
    rows.push(
      `Vorname${i};Nachname${String(i).padStart(6, "0")};mieter${i}@wachstum.example;${building(i % BUILDINGS)};W ${i};01.01.2024;${500 + (i % 40) * 5},00;150,00`,
    );
  }
  return rows.join("\n");
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SEARCH_RUNS; i++) times.push((await timed(run)).ms);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function importPart(db: Db): Promise<Row[]> {
  const rows: Row[] = [];
  const half = Math.floor(TENANTS / 2);
  for (const [from, to] of [
    [0, half],
    [half, TENANTS],
  ] as const) {
    const csv = tenantCsv(from, to);
    const { value, ms: took } = await timed(() => importTenants(db, ACTOR, ALL, csv, { invite: false, mail: MAIL }));
    if (value.kind !== "ok") throw new Error(`Import refused: ${JSON.stringify(value.preview).slice(0, 300)}`);
    rows.push([
      `Mieter-Import ${(to - from).toLocaleString("de-DE")} Zeilen (${(Buffer.byteLength(csv) / 1024).toFixed(0)} KB), ${from === 0 ? "erste" : "zweite"} Datei`,
      `${ms(took)}, ${value.created} angelegt; Speicher-Spitze ${mb(peakKb())}`,
      `< ${IMPORT_TARGET_MS / 1000} s`,
      mark(took < IMPORT_TARGET_MS),
    ]);
  }
  return rows;
}

/** The rent-account search as it was before decision 030: the JavaScript lower() on every row. */
const oldAccountSearch = (db: Db) =>
  sql`select t.id, p.first_name, p.last_name, b.name, a.reference from tenancies t
    inner join tenants p on p.id = t.tenant_id
    left join buildings b on b.id = t.building_id
    left join rent_accounts a on a.tenancy_id = t.id
    where lower(p.first_name || ' ' || p.last_name || ' ' || p.email || ' ' || coalesce(t.apartment_number, '')) like ${"%zzz%"}
    order by p.last_name, p.first_name, t.id limit 51`.execute(db);

async function searchRows(db: Db, label: string): Promise<Row[]> {
  const searches: [string, () => Promise<unknown>][] = [
    ["Mietkontensuche „zzz“ wie vor Entscheidung 030 (lower() je Zeile)", () => oldAccountSearch(db)],
    ["Mietersuche „zzz“ (keiner)", () => listStaffTenants(db, ALL, { q: "zzz", limit: 50 })],
    ["Mietersuche „nachname004711“", () => listStaffTenants(db, ALL, { q: "nachname004711", limit: 50 })],
    ["Mietkontensuche „zzz“ (keiner)", () => listAccounts(db, ALL, { q: "zzz", limit: 50 })],
    ["Mietkontensuche „mieter4711@“", () => listAccounts(db, ALL, { q: "mieter4711@", limit: 50 })],
  ];
  const rows: Row[] = [];
  for (const [name, run] of searches) {
    const took = await median(run);
    rows.push([`${name}, ${label}`, ms(took), `< ${SEARCH_TARGET_MS} ms`, mark(took < SEARCH_TARGET_MS)]);
  }
  return rows;
}

async function statementPart(db: Db): Promise<Row[]> {
  const accounts = await db.selectFrom("rent_accounts").select("reference").execute();
  const day = berlinToday();
  const csv = [
    "Buchungstag;Betrag;Verwendungszweck;Name;IBAN;Referenz",
    ...accounts.map((a, i) =>
      [
        day,
        `${500 + (i % 40) * 5 + 150},00`,
        `Miete ${a.reference}`,
        `Zahler ${i}`,
        `DE${String(10 + (i % 89))}5001051754${String(i).padStart(10, "0")}`,
        `wachstum-${i}`,
      ].join(";"),
    ),
  ].join("\n");
  const size = `${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB`;
  const rows: Row[] = [];
  const read = await timed(async () => readStatement(csv));
  const statement = read.value;
  rows.push([
    `Auszug ${accounts.length.toLocaleString("de-DE")} Zeilen (${size}): lesen`,
    `${ms(read.ms)}; Speicher-Spitze ${mb(peakKb())}`,
    "",
    "",
  ]);
  const preview = await timed(() => previewStatement(db, statement, ALL));
  rows.push([
    "… Vorschau",
    `${ms(preview.ms)} (${preview.value.totals.match} zugeordnet); Speicher-Spitze ${mb(peakKb())}`,
    `< ${STATEMENT_TARGET_MS / 1000} s`,
    mark(preview.ms < STATEMENT_TARGET_MS),
  ]);
  const booked = await timed(() => commitStatement(db, { ...statement, filename: "wachstum.csv" }, ALL, ACTOR));
  rows.push([
    "… buchen",
    `${ms(booked.ms)} (${booked.value.totals.match} gebucht); Speicher-Spitze ${mb(peakKb())}`,
    `< ${STATEMENT_TARGET_MS / 1000} s`,
    mark(booked.ms < STATEMENT_TARGET_MS),
  ]);
  return rows;
}

function printTable(rows: Row[]): void {
  const header: Row = ["Messung", "Ergebnis", "Ziel", "erreicht"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r).trimEnd());
}

export async function runGrowthBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mp-bench-growth-"));
  const pgSchema = await benchSchema("bench_gr");
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-1",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    ...(process.env.BENCH_DATABASE_URL && pgSchema
      ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, DATABASE_SCHEMA: pgSchema.schema }
      : {}),
  });
  const database = openDatabase(config.database);
  const db = database.db;
  try {
    await migrateToLatest(db, pgSchema?.schema);
    console.log(
      `\nGrown portfolio (issue 24) — ${pgSchema ? `PostgreSQL, schema ${pgSchema.schema}` : "SQLite (fresh file)"}, ` +
        `${TENANTS.toLocaleString("en-US")} tenants in ${BUILDINGS} buildings by CSV import`,
    );
    // The first start: the buildings, a few tenants, the statistics taken then.
    for (let b = 0; b < BUILDINGS; b++) await ensureBuilding(db, building(b));
    const few = tenantCsv(TENANTS, TENANTS + 20);
    const first = await importTenants(db, ACTOR, ALL, few, { invite: false, mail: MAIL });
    if (first.kind !== "ok") throw new Error("the first import was refused");
    await analyze(db);
    const rows: Row[] = [["Speicher zu Beginn (Spitze bis hier)", mb(peakKb()), "", ""]];
    if (CASES.has("import") || CASES.has("search") || CASES.has("statement")) rows.push(...(await importPart(db)));
    if (CASES.has("search")) rows.push(...(await searchRows(db, "Statistik vom ersten Start")));
    const refresh = await timed(() => refreshStatisticsAfterImport(db));
    rows.push(["Statistik nach dem Import auffrischen", ms(refresh.ms), "", ""]);
    if (CASES.has("search")) rows.push(...(await searchRows(db, "nach dem Auffrischen")));
    if (CASES.has("statement")) rows.push(...(await statementPart(db)));
    printTable(rows);
  } finally {
    await database.destroy();
    await pgSchema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
