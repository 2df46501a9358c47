import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/connection.js";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { commitStatement } from "../src/domain/ledger/bank-import.js";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import { assignUnmatched, changeRent, recordManualPayment } from "../src/domain/ledger/staff-ledger-work.js";
import type { StatementLine } from "../src/lib/bank-statement.js";
import { BUILDING_A } from "./factories/staff.js";
import { createStaffMember, createTenant, createTestContext, type TestContext } from "./helpers.js";
import { backendPid, waitUntilWaitingOnLock } from "./pg-locks.js";

// Issue 24 item 13 (decision 027): two bookings of one tenancy at once, on PostgreSQL under READ
// COMMITTED. Each test holds the first booking's transaction open, waits until the second is
// blocked on a lock (never a sleep), then commits the first and checks the ledger.

let ctx: TestContext;
let actor: AuditActor;
const ALL = { allBuildings: true, buildingIds: [] };
const TODAY = "2026-11-10"; // charges for November and December, 750 € each

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createStaffMember(ctx.db, "administrator");
  actor = { staffId: admin.id, name: "Ada Admin", ip: null };
});
afterAll(() => ctx.close());

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A tenancy of 750 € a month with open charges for November and December 2026. */
async function tenancy() {
  const tenant = await createTenant(ctx.db, { address: BUILDING_A });
  await ensureRentCharges(ctx.db, { tenancyId: tenant.tenancyId, today: TODAY });
  return tenant.tenancyId;
}

/** Runs `work` in a transaction that stays open until `commit` is called. */
function heldOpen(work: (trx: Db) => Promise<unknown>) {
  let commit!: () => void;
  const committed = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let worked!: () => void;
  const done = new Promise<void>((resolve) => {
    worked = resolve;
  });
  const finished = ctx.db.transaction().execute(async (trx) => {
    await work(trx);
    worked();
    await committed;
  });
  return { done, commit, finished };
}

/** Runs `work` in a transaction of its own; resolves once it is blocked on a lock (with its outcome to await). */
async function blockedSecond<T>(work: (db: Db) => Promise<T>): Promise<{ outcome: Promise<T> }> {
  let pid: number | undefined;
  const running = ctx.db.transaction().execute(async (trx) => {
    pid = await backendPid(trx);
    return work(trx);
  });
  await waitUntilWaitingOnLock(ctx.db, () => pid);
  return { outcome: running };
}

async function ledgerOf(tenancyId: string) {
  const charges = await ctx.db
    .selectFrom("payments")
    .select(["period", "amount_cents", "paid_cents", "status"])
    .where("tenancy_id", "=", tenancyId)
    .orderBy("period")
    .execute();
  const money = await ctx.db
    .selectFrom("bank_transactions")
    .select(["id", "amount_cents", "allocated_cents"])
    .where("tenancy_id", "=", tenancyId)
    .execute();
  const allocations = await ctx.db
    .selectFrom("payment_allocations")
    .select("amount_cents")
    .where(
      "transaction_id",
      "in",
      money.map((m) => m.id),
    )
    .execute();
  return {
    charges: charges.map((c) => [c.period, c.paid_cents, c.status]),
    received: money.reduce((s, m) => s + m.amount_cents, 0),
    allocated: allocations.reduce((s, a) => s + a.amount_cents, 0),
    credit: money.reduce((s, m) => s + m.amount_cents - m.allocated_cents, 0),
  };
}

const THREE_PAID = {
  charges: [
    ["2026-11", 75_000, "paid"],
    ["2026-12", 75_000, "paid"],
  ],
  received: 225_000,
  allocated: 150_000,
  credit: 75_000,
};

const manual = (db: Db, tenancyId: string) =>
  recordManualPayment(db, tenancyId, { amountCents: 75_000, bookedOn: "2026-11-05" }, actor, null);

function line(n: number, remittance: string, bookedOn = "2026-11-05"): StatementLine {
  return {
    line: n,
    bookedOn,
    amountCents: 75_000,
    payerName: "Erika Mustermann",
    payerIban: null,
    remittance,
    bankRef: `CONC-${remittance}-${n}`,
    dedupeKey: `camt:ref:CONC-${remittance}-${n}`,
    valueOn: null,
    currency: "EUR",
    endToEndId: null,
    accountIban: null,
    pending: false,
    batchCount: null,
    refusal: null,
  };
}
const referenceOf = async (tenancyId: string) =>
  (
    await ctx.db
      .selectFrom("rent_accounts")
      .select("reference")
      .where("tenancy_id", "=", tenancyId)
      .executeTakeFirstOrThrow()
  ).reference;
const statement = (lines: StatementLine[]) => ({
  format: "camt" as const,
  layoutLabel: "CAMT.053",
  warnings: [],
  lines,
  filename: "auszug.xml",
});

describe.skipIf(!onPostgres)("bookings of one tenancy at once (PostgreSQL)", () => {
  it("two manual payments: the second waits for the first and pays December; a third is credit", async () => {
    const id = await tenancy();
    const first = heldOpen((trx) => manual(trx, id));
    await first.done;
    const second = await blockedSecond((db) => manual(db, id));
    first.commit();
    await first.finished;
    await second.outcome;
    await manual(ctx.db, id);
    expect(await ledgerOf(id)).toEqual(THREE_PAID);
  });

  it("a statement line while a manual payment is open, then the assignment of a waiting line", async () => {
    const id = await tenancy();
    const reference = await referenceOf(id);
    // A line nobody could match (no reference) waits for the assignment below (a week later: not
    // a possible duplicate of the line booked next).
    await commitStatement(ctx.db, statement([line(1, "Miete November", "2026-11-12")]), ALL, actor);
    const waiting = await ctx.db
      .selectFrom("bank_transactions")
      .select("id")
      .where("bank_ref", "=", "camt:ref:CONC-Miete November-1")
      .executeTakeFirstOrThrow();

    const first = heldOpen((trx) => manual(trx, id));
    await first.done;
    const second = await blockedSecond((db) =>
      commitStatement(db, statement([line(1, `Miete ${reference}`)]), ALL, actor),
    );
    first.commit();
    await first.finished;
    expect((await second.outcome).totals.match).toBe(1);

    const third = heldOpen((trx) => manual(trx, id));
    await third.done;
    const assigning = await blockedSecond((db) =>
      assignUnmatched(db, waiting.id, [{ tenancyId: id, amountCents: null, buildingId: null }], actor),
    );
    third.commit();
    await third.finished;
    expect(await assigning.outcome).toBe("done");
    expect(await ledgerOf(id)).toEqual({ ...THREE_PAID, received: 300_000, credit: 150_000 });
  });

  it("two identical rent changes at once: both succeed, one change is kept", async () => {
    const id = await tenancy();
    const change = { effectiveFrom: "2026-12-01", baseRentCents: 70_000, utilitiesCents: 10_000 };
    const first = heldOpen((trx) => changeRent(trx, id, change, actor, null));
    await first.done;
    const second = await blockedSecond((db) => changeRent(db, id, change, actor, null));
    first.commit();
    await first.finished;
    await second.outcome;
    const changes = await ctx.db.selectFrom("rent_changes").selectAll().where("tenancy_id", "=", id).execute();
    expect(changes.map((c) => [c.effective_from, c.base_rent_cents, c.utilities_cents])).toEqual([
      ["2026-12-01", 70_000, 10_000],
    ]);
  });

  it("the same statement imported twice at once: the second reports duplicates, its import counts none booked", async () => {
    const id = await tenancy();
    const reference = await referenceOf(id);
    const lines = [line(1, `Miete ${reference} Nov`, "2026-11-19"), line(2, `Miete ${reference} Dez`, "2026-11-19")];
    const first = heldOpen((trx) => commitStatement(trx, statement(lines), ALL, actor));
    await first.done;
    const second = await blockedSecond((db) => commitStatement(db, statement(lines), ALL, actor));
    first.commit();
    await first.finished;
    const result = await second.outcome;
    expect(result.totals).toMatchObject({ match: 0, duplicate: 2 });
    const counts = await ctx.db
      .selectFrom("bank_imports")
      .select(["matched_count", "duplicate_count"])
      .where("id", "=", result.import_id)
      .executeTakeFirstOrThrow();
    expect(counts).toEqual({ matched_count: 0, duplicate_count: 2 });
    const ledger = await ledgerOf(id);
    expect(ledger).toMatchObject({ received: 150_000, allocated: 150_000, credit: 0 });
  });
});
