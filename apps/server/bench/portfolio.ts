/**
 * Issue 14 §6, the portfolio bench: with 10,000 tenants, 120,000 rent charges and 100,000
 * payments, do the staff console's ledger pages and the import of a 5,000-line bank statement stay
 * interactive? `runPortfolioBench()` (wired into bench/run.ts as a part) seeds a fresh SQLite
 * database — or, with BENCH_DATABASE_URL, a schema of its own in that PostgreSQL database, dropped
 * afterwards — by bulk inserts, then:
 *
 * - ledger pages: the console's API reads as a Verwalter of every building (the scoped path, the
 *   heavier one) under autocannon (BENCH_PORTFOLIO_CONNECTIONS, default 10; BENCH_DURATION s,
 *   default 5): p50, p99 and req/s. Every tenant owes one or two months, so the overdue list is at
 *   its longest (10,000 tenancies).
 * - statement import: a 5,000-line CSV (4,000 lines with a tenant's payment reference, 500 with an
 *   unknown reference, 500 without one) — preview, booking, the same file again (all duplicates) —
 *   and the same lines as CAMT.053 (preview), each timed once through the HTTP route.
 *
 * Targets (docs/benchmarks.md): ledger pages p99 < 200 ms; statement preview and booking < 10 s.
 * A measurement, not a test: it prints a table and does not fail on targets.
 * BENCH_PORTFOLIO_TENANTS (default 10000) scales the portfolio (12 charges, 10 payments each).
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_CLIENT_API_KEY } from "@mieter-portal/contracts";
import autocannon from "autocannon";
import type { FastifyInstance } from "fastify";
import type { Insertable } from "kysely";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { analyze, type Db, openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import type { Database } from "../src/db/types.js";
import { addPeriods, chargeFor, newReference, periodOf } from "../src/domain/ledger/rent-ledger.js";
import { insertLedgerRows, insertPaymentRows, type PaymentRowSeed } from "../src/domain/ledger/rows.js";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { createStaff } from "../src/domain/staff/staff-members.js";
import { insertTenancies, insertTenants, type TenantSeed } from "../src/domain/tenants/rows.js";
import { hashPassword } from "../src/lib/passwords.js";
import { berlinToday, berlinToUtc, nowIso } from "../src/lib/time.js";
import { meterCampaignRows } from "./meter-campaign-export.js";
import { benchSchema } from "./pg-schema.js";

const bounded = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};
const TENANTS = bounded(process.env.BENCH_PORTFOLIO_TENANTS, 10_000, 100, 100_000);
const DURATION = bounded(process.env.BENCH_DURATION, 5, 1, 120);
const CONNECTIONS = bounded(process.env.BENCH_PORTFOLIO_CONNECTIONS, 10, 1, 200);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const BUILDINGS = 20;
const MONTHS = 12;
const PAID_MONTHS = 10;
const STATEMENT_LINES = 5_000;
const STAFF_PASSWORD = "bench-verwaltung-1";
const PAGE_TARGET_P99_MS = 200;
const IMPORT_TARGET_MS = 10_000;

/** What every part of the portfolio bench gets: the seeded app and who may read it. */
export interface PortfolioContext {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** A Verwalter of every building (their reads take the building-scoped path). */
  staffToken: string;
  buildingIds: string[];
  tenancyIds: string[];
  references: string[];
}

/** One line of the result table: what, figure, target, met. */
type Row = [string, string, string, string];

/**
 * Tenants, tenancies, accounts, 12 monthly charges each (the last two open) and 10 payments paying
 * the others, through the modules' row writers (domain/<module>/rows.ts) and ensureBuilding.
 */
export async function seedPortfolio(
  db: Db,
): Promise<{ buildingIds: string[]; tenancyIds: string[]; references: string[] }> {
  const now = nowIso();
  const today = berlinToday();
  const first = addPeriods(periodOf(today), -(MONTHS - 1));
  const buildingIds: string[] = [];
  for (let i = 0; i < BUILDINGS; i++) buildingIds.push(await ensureBuilding(db, `Benchstraße ${i + 1}, 10000 Berlin`));
  const tenancyIds: string[] = [];
  const references: string[] = [];
  const tenants: TenantSeed[] = [];
  const tenancies: Parameters<typeof insertTenancies>[1] = [];
  const accounts: Insertable<Database["rent_accounts"]>[] = [];
  const charges: PaymentRowSeed[] = [];
  const transactions: Insertable<Database["bank_transactions"]>[] = [];
  const allocations: Insertable<Database["payment_allocations"]>[] = [];
  for (let i = 0; i < TENANTS; i++) {
    const tenantId = randomUUID();
    const tenancyId = randomUUID();
    const reference = newReference();
    const building = buildingIds[i % BUILDINGS]!;
    const rent = 60_000 + (i % 40) * 500;
    tenancyIds.push(tenancyId);
    references.push(reference);
    tenants.push({
      id: tenantId,
      email: `bench-${i}@example.com`,
      passwordHash: "bench",
      firstName: `Vorname${i}`,
      lastName: `Nachname${String(i).padStart(5, "0")}`,
      createdAt: now,
    });
    const terms = {
      id: tenancyId,
      tenant_id: tenantId,
      start_date: "2015-01-01",
      end_date: null,
      base_rent_cents: rent - 15_000,
      utilities_cents: 15_000,
      due_day: 3,
    };
    tenancies.push({
      id: tenancyId,
      tenantId,
      address: `Benchstraße ${(i % BUILDINGS) + 1}, 10000 Berlin`,
      buildingId: building,
      apartmentNumber: `${(i % 50) + 1}. Whg.`,
      startDate: terms.start_date,
      endDate: null,
      baseRentCents: terms.base_rent_cents,
      utilitiesCents: terms.utilities_cents,
      paymentMethod: "bank_transfer",
      dueDay: terms.due_day,
      ibanLast4: String(1000 + (i % 9000)),
      createdAt: now,
    });
    accounts.push({
      tenancy_id: tenancyId,
      reference,
      ledger_from: `${first}-01`,
      last_reminder_at: null,
      created_at: now,
    });
    for (let m = 0; m < MONTHS; m++) {
      const period = addPeriods(first, m);
      const charge = chargeFor(terms, [], period)!;
      const paid = m < PAID_MONTHS;
      const chargeId = randomUUID();
      charges.push({
        id: chargeId,
        tenantId,
        tenancyId,
        amountCents: charge.amountCents,
        status: paid ? "paid" : "pending",
        dueDate: charge.dueDate,
        paidAt: paid ? berlinToUtc(charge.dueDate, 12).toISOString() : null,
        description: charge.description,
        createdAt: now,
        period,
        paidCents: paid ? charge.amountCents : 0,
      });
      if (!paid) continue;
      const transactionId = randomUUID();
      transactions.push({
        id: transactionId,
        source: "csv",
        import_id: null,
        bank_ref: `bench:${transactionId}`,
        booked_on: charge.dueDate,
        amount_cents: charge.amountCents,
        allocated_cents: charge.amountCents,
        payer_name: `Vorname${i} Nachname${i}`,
        payer_iban: `DE${String(10 + (i % 89))}1203000000${String(i).padStart(10, "0")}`,
        remittance: `Miete ${reference}`,
        tenancy_id: tenancyId,
        match_reason: "Zahlungsreferenz im Verwendungszweck.",
        created_by: null,
        created_at: now,
      });
      allocations.push({
        id: randomUUID(),
        transaction_id: transactionId,
        charge_id: chargeId,
        amount_cents: charge.amountCents,
        created_at: now,
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertTenants(trx, tenants);
    await insertTenancies(trx, tenancies);
    await insertLedgerRows(trx, { accounts });
    await insertPaymentRows(trx, charges);
    await insertLedgerRows(trx, { transactions, allocations });
  });
  return { buildingIds, tenancyIds, references };
}

async function staffToken(app: FastifyInstance, buildingIds: string[]): Promise<string> {
  const email = `bench-verwalter-${randomUUID().slice(0, 8)}@verwaltung.example`;
  await createStaff(app.db, {
    email,
    name: "Bench Verwalter",
    role: "verwalter",
    buildingIds,
    passwordHash: await hashPassword(STAFF_PASSWORD),
    totpSecret: null,
    totpEnabled: false,
  });
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/staff/auth/login",
    headers: { "x-api-key": DEFAULT_CLIENT_API_KEY },
    payload: { email, password: STAFF_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const mark = (ok: boolean) => (ok ? "ja" : "NEIN");

/** The console's ledger reads under load: p50/p99 and req/s. */
async function ledgerPages(ctx: PortfolioContext): Promise<Row[]> {
  const tenancy = ctx.tenancyIds[Math.floor(ctx.tenancyIds.length / 2)]!;
  const routes = [
    ["Überfällig, erste Seite", "/api/v1/staff/ledger/overdue"],
    ["Überfällig, ein Gebäude", `/api/v1/staff/ledger/overdue?building=${ctx.buildingIds[3]}`],
    ["Mietkonten, erste Seite", "/api/v1/staff/ledger/accounts"],
    ["Mietkonten, Suche nach Name", "/api/v1/staff/ledger/accounts?q=nachname04711"],
    [
      "Mietkonten, Suche nach Referenz",
      `/api/v1/staff/ledger/accounts?q=${ctx.references[4242 % ctx.references.length]}`,
    ],
    ["Mietkonto eines Mieters (Jahr)", `/api/v1/staff/ledger/accounts/${tenancy}`],
    ["Nicht zugeordnet, erste Seite", "/api/v1/staff/ledger/unmatched"],
  ] as const;
  const headers = { "x-api-key": DEFAULT_CLIENT_API_KEY, authorization: `Bearer ${ctx.staffToken}` };
  const rows: Row[] = [];
  for (const [label, route] of routes) {
    const check = await ctx.app.inject({ method: "GET", url: route, headers });
    if (check.statusCode !== 200) throw new Error(`${route}: ${check.statusCode} ${check.body}`);
    await autocannon({
      url: ctx.url,
      connections: CONNECTIONS,
      duration: 1,
      requests: [{ method: "GET", path: route, headers }],
    });
    const r = await autocannon({
      url: ctx.url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [{ method: "GET", path: route, headers }],
      workers: 1,
    });
    const bad = r.non2xx + r.errors + r.timeouts;
    rows.push([
      `${label} (GET)`,
      `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.requests.average.toFixed(0)} req/s${bad ? `, ${bad} Fehler` : ""}`,
      `p99 < ${PAGE_TARGET_P99_MS} ms`,
      mark(r.latency.p99 < PAGE_TARGET_P99_MS && bad === 0),
    ]);
  }
  return rows;
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** "MP-ZZZZ-…": well-formed, but no tenancy's (the random references never start with ZZZZ here). */
const unknownReference = (i: number) =>
  `MP-ZZZZ-${[0, 1, 2, 3].map((d) => ALPHABET[Math.floor(i / 32 ** d) % 32]).join("")}`;

function statementLines(ctx: PortfolioContext, run: string) {
  const today = berlinToday();
  return Array.from({ length: STATEMENT_LINES }, (_, i) => {
    const tenant = (i * 7919) % ctx.references.length;
    const kind = i % 10;
    // 8 of 10 name a tenant's reference, 1 a reference nobody has, 1 none.
    const remittance =
      kind < 8 ? `Miete ${ctx.references[tenant]}` : kind === 8 ? `Miete ${unknownReference(i)}` : "Miete November";
    return {
      date: today,
      amount: kind < 8 ? (60_000 + (tenant % 40) * 500) / 100 : 750,
      remittance,
      name: `Zahler ${i}`,
      iban: `DE${String(10 + (i % 89))}5001051754${String(i).padStart(10, "0")}`,
      ref: `${run}-${i}`,
    };
  });
}

function asCsv(lines: ReturnType<typeof statementLines>): string {
  return [
    "Buchungstag;Betrag;Verwendungszweck;Name;IBAN;Referenz",
    ...lines.map((l) => [l.date, l.amount.toFixed(2).replace(".", ","), l.remittance, l.name, l.iban, l.ref].join(";")),
  ].join("\n");
}

function asCamt(lines: ReturnType<typeof statementLines>): string {
  const entries = lines
    .map(
      (l) =>
        `<Ntry><Amt Ccy="EUR">${l.amount.toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
        `<BookgDt><Dt>${l.date}</Dt></BookgDt><AcctSvcrRef>${l.ref}</AcctSvcrRef><NtryDtls><TxDtls>` +
        `<RltdPties><Dbtr><Pty><Nm>${l.name}</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>${l.iban}</IBAN></Id></DbtrAcct></RltdPties>` +
        `<RmtInf><Ustrd>${l.remittance}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>bench</Id>\n${entries}\n</Stmt></BkToCstmrStmt></Document>`;
}

/** A 5,000-line statement: preview, booking, the same again (duplicates), and CAMT.053's preview. */
async function statementImport(ctx: PortfolioContext): Promise<Row[]> {
  const headers = { "x-api-key": DEFAULT_CLIENT_API_KEY, authorization: `Bearer ${ctx.staffToken}` };
  const lines = statementLines(ctx, `bench-${randomUUID().slice(0, 8)}`);
  const csv = asCsv(lines);
  const camt = asCamt(statementLines(ctx, `bench-camt-${randomUUID().slice(0, 8)}`));
  const timed = async (label: string, url: string, content: string, filename: string): Promise<Row> => {
    const started = performance.now();
    const res = await ctx.app.inject({ method: "POST", url, headers, payload: { filename, content } });
    const elapsed = performance.now() - started;
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const t = res.json().totals as { match: number; unmatched: number; duplicate: number };
    return [
      label,
      `${ms(elapsed)} (${t.match} zugeordnet, ${t.unmatched} offen, ${t.duplicate} doppelt)`,
      `< ${IMPORT_TARGET_MS / 1000} s`,
      mark(elapsed < IMPORT_TARGET_MS),
    ];
  };
  const size = (text: string) => `${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB`;
  return [
    await timed(
      `CSV ${STATEMENT_LINES} Zeilen (${size(csv)}): Vorschau`,
      "/api/v1/staff/ledger/imports/preview",
      csv,
      "bench.csv",
    ),
    await timed(`CSV ${STATEMENT_LINES} Zeilen: buchen`, "/api/v1/staff/ledger/imports", csv, "bench.csv"),
    await timed(
      `CSV ${STATEMENT_LINES} Zeilen: noch einmal (alles doppelt)`,
      "/api/v1/staff/ledger/imports",
      csv,
      "bench.csv",
    ),
    await timed(
      `CAMT.053 ${STATEMENT_LINES} Buchungen (${size(camt)}): Vorschau`,
      "/api/v1/staff/ledger/imports/preview",
      camt,
      "bench.xml",
    ),
  ];
}

function printTable(rows: Row[]): void {
  const header: Row = ["Messung", "Ergebnis", "Ziel", "erreicht"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

export async function runPortfolioBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "mp-bench-portfolio-"));
  const pgSchema = await benchSchema("bench_pf");
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-1",
    LOG_LEVEL: "silent",
    RATE_LIMIT_IP_PER_MINUTE: "0",
    RATE_LIMIT_TENANT_PER_MINUTE: "0",
    SEED_DEMO: "false",
    NOTIFY_INTERVAL_MS: "0",
    WEB_DIST: path.join(dataDir, "no-web"),
    CONSOLE_DIST: path.join(dataDir, "no-console"),
    ...(DATABASE_URL && pgSchema ? { DATABASE_URL, DATABASE_SCHEMA: pgSchema.schema } : {}),
  });
  const database = openDatabase(config.database);
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db, pgSchema?.schema);
    console.log(
      `\nPortfolio (issue 14 §6) — ${pgSchema ? `PostgreSQL, schema ${pgSchema.schema}` : "SQLite (fresh file)"}`,
    );
    let started = performance.now();
    const seeded = await seedPortfolio(database.db);
    await analyze(database.db);
    const count = async (table: "payments" | "bank_transactions" | "tenants") =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ).toLocaleString("en-US");
    console.log(
      `Seeded ${await count("tenants")} tenants, ${await count("payments")} charges, ${await count("bank_transactions")} payments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    started = performance.now();
    // Start-up makes the missing charges (this month's and next month's are new for everyone).
    app = await buildApp(config, { database, logger: false });
    await app.listen({ host: "127.0.0.1", port: 0 });
    console.log(
      `Server ready (rent charges made at start-up) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const address = app.server.address();
    const ctx: PortfolioContext = {
      app,
      db: database.db,
      url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
      staffToken: await staffToken(app, seeded.buildingIds),
      ...seeded,
    };
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${DURATION} s per page, as a Verwalter of ${BUILDINGS} buildings\n`,
    );
    const rows: Row[] = [...(await ledgerPages(ctx)), ...(await statementImport(ctx))];
    // Further portfolio measurements get the same seeded portfolio through `ctx` and add their rows
    // here, before the table is printed: the meter campaign export (issue 14 §5, bench/meter-campaign-export.ts).
    rows.push(...(await meterCampaignRows(ctx)));
    printTable(rows);
  } finally {
    await app?.close();
    await database.destroy();
    await pgSchema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
