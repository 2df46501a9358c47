import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/types.js";
import { listAppointments } from "../src/repositories/appointments.js";
import { findSessionState, findUser } from "../src/repositories/auth.js";
import { listDocuments } from "../src/repositories/documents.js";
import { listThreads } from "../src/repositories/messages.js";
import { findCurrentPayment } from "../src/repositories/payments.js";
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

describe.skipIf(onPostgres)("query plans of the per-request reads (SQLite)", () => {
  const reads: [string, () => Promise<unknown>][] = [
    ["session check", () => findSessionState(db, "t", "j")],
    ["user", () => findUser(db, "t")],
    ["payments/current", () => findCurrentPayment(db, "t")],
    ["messages", () => listThreads(db, "t", false)],
    ["unread messages", () => listThreads(db, "t", true)],
    ["appointments", () => listAppointments(db, "t")],
    ["documents", () => listDocuments(db, "t")],
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

  it("counts unread messages and finds the current payment from the partial indexes", async () => {
    const [messages] = await plansOf(() => listThreads(db, "t", false));
    expect(messages).toContain("messages_unread_idx");
    const [unread] = await plansOf(() => listThreads(db, "t", true));
    expect(unread?.match(/messages_unread_idx/g)).toHaveLength(2);
    const [payment] = await plansOf(() => findCurrentPayment(db, "t"));
    expect(payment).toContain("payments_unpaid_idx");
  });
});
