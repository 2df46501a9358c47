import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/types.js";
import { listAppointments } from "../src/domain/appointments/appointments.js";
import { listDocuments } from "../src/domain/documents/documents.js";
import { findCurrentPayment } from "../src/domain/ledger/payments.js";
import { listReceived, listThreads } from "../src/domain/messages/thread-reads.js";
import { listMeterReadings } from "../src/domain/meter-readings/meter-readings.js";
import { listRepairs } from "../src/domain/repairs/repairs.js";
import { findSessionState, findUser } from "../src/domain/tenants/auth.js";
import { encodeCursor } from "../src/lib/pagination.js";
import { createTestContext, type TestContext } from "./helpers.js";

// The per-request queries must be answered from indexes, in index order: a plan that scans a
// table or sorts in a temporary b-tree grows with the data (docs/benchmarks.md). SQLite only:
// PostgreSQL plans by statistics and picks differently on tiny test tables.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let ctx: TestContext;
let sqlite: SQLite.Database;
let db: Kysely<Database>;
let logged: CompiledQuery[];

beforeAll(async () => {
  ctx = await createTestContext();
  if (ctx.config.database.kind !== "sqlite") return;
  sqlite = new SQLite(ctx.config.database.file, { readonly: true });
  logged = [];
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      logged.push(event.query);
    },
  });
});
afterAll(async () => {
  await db?.destroy();
  await ctx.close();
});

async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
  logged.length = 0;
  await run();
  expect(logged.length).toBeGreaterThan(0);
  return logged.map((query) =>
    (sqlite.prepare(`explain query plan ${query.sql}`).all(...query.parameters) as { detail: string }[])
      .map((row) => row.detail)
      .join("\n"),
  );
}

const first = { limit: 50 };
const after = (list: string, keys: number) => ({
  limit: 50,
  cursor: encodeCursor(list, [...Array.from({ length: keys - 1 }, () => "2026-01-01T00:00:00.000Z"), "id"]),
});

describe.skipIf(onPostgres)("query plans of the per-request reads (SQLite)", () => {
  const reads: [string, () => Promise<unknown>][] = [
    ["session check", () => findSessionState(db, "t", "j")],
    ["user", () => findUser(db, "t")],
    ["payments/current", () => findCurrentPayment(db, "t")],
    ["messages", () => listThreads(db, "t", false, first)],
    ["unread messages", () => listThreads(db, "t", true, first)],
    ["received messages", () => listReceived(db, "t", { limit: 2 })],
    ["appointments", () => listAppointments(db, "t", first)],
    ["upcoming appointments", () => listAppointments(db, "t", { limit: 2, upcoming: true })],
    ["documents", () => listDocuments(db, "t", first)],
    ["meter readings", () => listMeterReadings(db, "t", first)],
    ["repairs", () => listRepairs(db, "t", first)],
  ];
  // The next pages start behind the cursor's position in the same index (keyset pagination).
  const later: [string, () => Promise<unknown>][] = [
    ["messages, next page", () => listThreads(db, "t", false, after("messages", 2))],
    ["unread messages, next page", () => listThreads(db, "t", true, after("messages", 2))],
    ["received messages, next page", () => listReceived(db, "t", after("received-messages", 2))],
    ["appointments, next page", () => listAppointments(db, "t", after("appointments", 2))],
    [
      "upcoming appointments, next page",
      () => listAppointments(db, "t", { ...after("appointments", 2), upcoming: true }),
    ],
    ["documents, next page", () => listDocuments(db, "t", after("documents", 2))],
    ["meter readings, next page", () => listMeterReadings(db, "t", after("meter-readings", 3))],
    ["repairs, next page", () => listRepairs(db, "t", after("repairs", 2))],
  ];

  it.each(reads)("%s searches indexes and scans no table", async (_name, run) => {
    for (const plan of await plansOf(run)) {
      expect(plan).toContain("SEARCH");
      expect(plan).not.toMatch(/\bSCAN\b/);
    }
  });

  it.each(reads)("%s reads rows in index order (no temporary sort)", async (_name, run) => {
    for (const plan of await plansOf(run)) expect(plan).not.toContain("TEMP B-TREE");
  });

  it.each(later)("%s seeks to the cursor in the list's index and sorts nothing", async (_name, run) => {
    const [list] = await plansOf(run);
    // A range of the index after the tenant: the row value (sort key, id) beyond the cursor, or
    // for upcoming appointments the start after now (then the row value filters the few rows between).
    expect(list).toMatch(/SEARCH \w+( AS \w+)? USING (COVERING )?INDEX \w+ \(tenant_id=\? AND (\(|start_time>)/);
    expect(list).not.toMatch(/\bSCAN\b/);
    expect(list).not.toContain("TEMP B-TREE");
  });

  it("writes the page size into the SQL as a literal, one row more than the page", async () => {
    for (const [limit, literal] of [
      [50, "limit 51"],
      [2, "limit 3"],
    ] as const) {
      logged.length = 0;
      await listDocuments(db, "t", { limit });
      expect(logged[0]?.sql).toContain(literal);
      expect(logged[0]?.parameters).toEqual(["t"]);
    }
  });

  it("counts unread messages, finds received ones and the current payment from the partial indexes", async () => {
    const [messages] = await plansOf(() => listThreads(db, "t", false, first));
    expect(messages).toContain("messages_unread_idx");
    const [unread] = await plansOf(() => listThreads(db, "t", true, first));
    expect(unread?.match(/messages_unread_idx/g)).toHaveLength(2);
    // The received list's counts are the thread's own columns (refreshThreadSummaries).
    const [received] = await plansOf(() => listReceived(db, "t", { limit: 2 }));
    expect(received).toContain("message_threads_received_idx");
    expect(received).toMatch(/SEARCH m USING INDEX sqlite_autoindex_messages_1 \(id=\?\)/);
    const [payment] = await plansOf(() => findCurrentPayment(db, "t"));
    expect(payment).toContain("payments_unpaid_idx");
  });
});
