import type { KyselyPlugin, OperationNode, PluginTransformResultArgs, QueryResult, UnknownRow } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/connection.js";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { commitStatement } from "../src/domain/ledger/bank-import.js";
import { ensureBuilding } from "../src/domain/staff/buildings.js";
import { importTenants } from "../src/domain/tenants/tenant-import.js";
import { readStatement } from "../src/lib/bank-statement.js";
import { createTestContext, type TestContext } from "./helpers.js";

// Issue 24's bench (5,000-row import, 10,020-line statement): the bulk paths write with a few
// statements per chunk of rows, not a dozen per row. What must hold is the mechanism — the number
// of SQL statements does not grow with the rows (only the audit log's one entry per tenant) — not
// a time. Counted through a Kysely plugin on the real database, every statement the code sends.

const TODAY = "2026-11-10";
const ALL = { allBuildings: true, buildingIds: [] };
const ACTOR: AuditActor = { staffId: null, name: "Massentest", ip: null };
const MAIL = { publicUrl: "http://localhost", company: "Test GmbH" };
const BUILDINGS = ["Zählweg 1, 10115 Berlin", "Zählweg 2, 10115 Berlin"];
let ctx: TestContext;

class Counter implements KyselyPlugin {
  statements = 0;
  auditInserts = 0;
  transformQuery(args: { node: OperationNode }) {
    const node = args.node as { kind: string; into?: { table: { identifier: { name: string } } } };
    this.statements++;
    if (node.kind === "InsertQueryNode" && node.into?.table.identifier.name === "audit_log") this.auditInserts++;
    return args.node as never;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

async function counted<T>(run: (db: Db) => Promise<T>): Promise<{ value: T; statements: number; audit: number }> {
  const counter = new Counter();
  const value = await run(ctx.db.withPlugin(counter));
  return { value, statements: counter.statements, audit: counter.auditInserts };
}

/** Rows `from`..`to`: every third with credit carried over, every third with arrears. */
function tenantCsv(from: number, to: number): string {
  const rows = ["Vorname;Nachname;E-Mail;Gebäude;Wohnung;Beginn;Kaltmiete;Nebenkosten;Saldo"];
  for (let i = from; i < to; i++) {
    const balance = i % 3 === 0 ? "-700,00" : i % 3 === 1 ? "120,50" : "0";
    rows.push(
      `Vorname${i};Nachname${i};mieter${i}@zaehlen.example;${BUILDINGS[i % 2]};W ${i};01.01.2024;500,00;150,00;${balance}`,
    );
  }
  return rows.join("\n");
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const b of BUILDINGS) await ensureBuilding(ctx.db, b);
});
afterAll(() => ctx.close());

describe("bulk writes with a bounded number of statements", () => {
  const imported: Record<number, number> = {};

  it("imports 40 and 200 tenants with the same statements apart from one audit entry each", async () => {
    for (const [from, to] of [
      [0, 40],
      [1000, 1200],
    ] as const) {
      const run = await counted((db) =>
        importTenants(db, ACTOR, ALL, tenantCsv(from, to), { invite: false, mail: MAIL, today: TODAY }),
      );
      expect(run.value).toMatchObject({ kind: "ok", created: to - from, refused: 0 });
      // One tenant.create per tenant and the import's own entry.
      expect(run.audit).toBe(to - from + 1);
      imported[to - from] = run.statements - run.audit;
    }
    expect(imported[200]).toBe(imported[40]);
    expect(imported[200]).toBeLessThan(30);

    // Same results as one at a time: the credit paid the charges, the arrears are a charge of their own.
    const accounts = await ctx.db
      .selectFrom("tenants")
      .innerJoin("tenancies", "tenancies.tenant_id", "tenants.id")
      .innerJoin("rent_accounts", "rent_accounts.tenancy_id", "tenancies.id")
      .select(["tenants.email", "tenancies.id", "rent_accounts.open_since", "rent_accounts.ledger_from"])
      .where("tenants.email", "in", ["mieter1002@zaehlen.example", "mieter1003@zaehlen.example"])
      .orderBy("tenants.email")
      .execute();
    expect(accounts.map((a) => a.ledger_from)).toEqual(["2026-12-01", "2026-12-01"]);
    const [credit, owes] = accounts;
    expect(owes!.open_since).toBe(TODAY);
    expect(credit!.open_since).toBeNull();
    const charges = await ctx.db
      .selectFrom("payments")
      .select(["tenancy_id", "amount_cents", "paid_cents", "status", "period"])
      .where("tenancy_id", "in", [owes!.id, credit!.id])
      .orderBy("tenancy_id")
      .orderBy("due_date")
      .execute();
    expect(charges.filter((c) => c.tenancy_id === credit!.id)).toEqual([
      { tenancy_id: credit!.id, amount_cents: 65000, paid_cents: 65000, status: "paid", period: "2026-12" },
    ]);
    expect(charges.filter((c) => c.tenancy_id === owes!.id).map((c) => [c.amount_cents, c.status])).toEqual([
      [12050, "pending"],
      [65000, "pending"],
    ]);
    const money = await ctx.db
      .selectFrom("bank_transactions")
      .select(["amount_cents", "allocated_cents"])
      .where("tenancy_id", "=", credit!.id)
      .execute();
    expect(money).toEqual([{ amount_cents: 70000, allocated_cents: 65000 }]);
  });

  it("books statements of 40 and 200 lines with the same number of statements", async () => {
    const accounts = await ctx.db
      .selectFrom("rent_accounts")
      .innerJoin("tenancies", "tenancies.id", "rent_accounts.tenancy_id")
      .innerJoin("tenants", "tenants.id", "tenancies.tenant_id")
      .select(["rent_accounts.reference", "rent_accounts.tenancy_id", "tenants.email"])
      .where("tenants.email", "like", "mieter1___@zaehlen.example")
      .orderBy("tenants.email")
      .execute();
    expect(accounts).toHaveLength(200);
    const runs: Record<number, number> = {};
    for (const [from, to] of [
      [0, 40],
      [40, 200],
    ] as const) {
      const part = accounts.slice(from, to);
      const csv = [
        "Buchungstag;Betrag;Verwendungszweck;Name;IBAN;Referenz",
        // 650,00 a line: next month's charge paid in full where nothing was carried over.
        ...part.map((a, i) =>
          [
            "09.11.2026",
            "650,00",
            `Miete ${a.reference}`,
            `Zahler ${from + i}`,
            `DE${String(10 + ((from + i) % 89))}5001051754${String(from + i).padStart(10, "0")}`,
            `zaehlen-${from + i}`,
          ].join(";"),
        ),
      ].join("\n");
      const statement = readStatement(csv);
      const run = await counted((db) => commitStatement(db, { ...statement, filename: "zaehlen.csv" }, ALL, ACTOR));
      expect(run.value.totals.match).toBe(to - from);
      runs[to - from] = run.statements;
    }
    expect(runs[160]).toBe(runs[40]);
    expect(runs[160]).toBeLessThan(30);

    // Applied as one at a time would: a tenant without balance paid December, one in arrears the
    // carried-over balance first (oldest due) and part of December.
    const byEmail = new Map(accounts.map((a) => [a.email, a.tenancy_id]));
    const charges = await ctx.db
      .selectFrom("payments")
      .select(["tenancy_id", "amount_cents", "paid_cents", "status", "paid_at"])
      .where("tenancy_id", "in", [
        byEmail.get("mieter1003@zaehlen.example")!,
        byEmail.get("mieter1001@zaehlen.example")!,
      ])
      .orderBy("due_date")
      .execute();
    const of = (email: string) =>
      charges.filter((c) => c.tenancy_id === byEmail.get(email)).map((c) => [c.amount_cents, c.paid_cents, c.status]);
    expect(of("mieter1001@zaehlen.example")).toEqual([[65000, 65000, "paid"]]);
    expect(of("mieter1003@zaehlen.example")).toEqual([
      [12050, 12050, "paid"],
      [65000, 52950, "pending"],
    ]);
    expect(charges.find((c) => c.status === "paid")!.paid_at).toMatch(/^2026-11-09T/);
  });
});
