import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import { createMandate } from "../src/domain/sepa/mandates.js";
import { runFileAt } from "./clock.js";
import { saveTestCreditor } from "./factories/sepa.js";
import { BUILDING_A } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  staffLogin,
  type TenantFixture,
  type TestContext,
} from "./helpers.js";

// Issue 28: the bank's statement after a collection — three debits credited one by one, then one
// returned (AM04, 3 € fee). Each collection pays the charge it was made for; the return reopens
// exactly that charge, is never booked as money received, opens a conversation with the tenant (the
// Eingang's item) and leaves the fee to the manager; importing the same statement again changes nothing.

// Friday 20 March 2026 in Berlin: March is due already, April's rent is charged.
runFileAt("2026-03-20T09:00:00Z");

const IBANS = ["DE02120300000000202051", "DE02500105170137075030", "DE02100500000054540402"];
const actor = { staffId: null, name: "Test", ip: null };

let ctx: TestContext;
let verwalter: string;
const tenants: TenantFixture[] = [];
let statement: string;
let runId: string;

const as = (token: string) => api(ctx.app, token);
const chargeOf = (t: TenantFixture, period: string) =>
  ctx.db
    .selectFrom("payments")
    .select(["id", "status", "paid_cents", "amount_cents"])
    .where("tenancy_id", "=", t.tenancyId)
    .where("period", "=", period)
    .executeTakeFirstOrThrow();
const importStatement = () =>
  as(verwalter).post("/api/v1/staff/ledger/imports", { filename: "auszug.xml", format: "camt", content: statement });

beforeAll(async () => {
  ctx = await createTestContext();
  verwalter = await staffLogin(ctx.app, await createStaffMember(ctx.db, "verwalter", [BUILDING_A]));
  await saveTestCreditor(ctx.db);
  for (let i = 0; i < 3; i++) {
    const t = await createTenant(ctx.db, {
      firstName: `Mieter${i}`,
      lastName: `Lastschrift${i}`,
      apartment: `WE ${i}`,
    });
    tenants.push(t);
    await ensureRentCharges(ctx.db, { tenancyId: t.tenancyId });
    const m = await createMandate(
      ctx.db,
      { tenancyId: t.tenancyId, signedOn: "2026-03-01", debtorName: `Mieter${i} Lastschrift${i}`, iban: IBANS[i]! },
      actor,
    );
    expect(m).toHaveProperty("reference");
  }
  const made = await as(verwalter).post("/api/v1/staff/sepa/runs", { month: "2026-04", collection_date: "2026-04-01" });
  expect(made.statusCode, made.body).toBe(201);
  const run = made.json();
  runId = run.id;
  let xml = await readFile(path.join(import.meta.dirname, "fixtures", "sepa", "camt053-collection-return.xml"), "utf8");
  for (const [i, t] of tenants.entries()) {
    const item = run.items.find((x: { tenancy_id: string }) => x.tenancy_id === t.tenancyId);
    const ref = item.end_to_end_id.split("-").slice(0, 3).join("-");
    xml = xml
      .replaceAll(`{{E2E_${i + 1}}}`, item.end_to_end_id)
      .replaceAll(`{{MANDATE_${i + 1}}}`, item.mandate_reference)
      .replaceAll(`{{REF_${i + 1}}}`, ref);
  }
  statement = xml;
});
afterAll(() => ctx.close());

describe("a statement with the collection and one return", () => {
  it("books the three debits to their April charges and the return as reopening exactly one", async () => {
    const res = await importStatement();
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().lines as { status: string; amount: number; reason: string; tenancy_id: string }[];
    expect(lines.map((l) => [l.status, l.amount])).toEqual([
      ["match", 750],
      ["match", 750],
      ["match", 750],
      ["match", -753],
    ]);
    expect(lines[0]!.reason).toContain("Lastschrift eingezogen");
    // The collection pays the charge it was made for: no word of March's rent, which stays open.
    expect(lines[0]!.reason).toMatch(/750,00\s€\sfür genau diese Forderung\.$/);
    expect(lines[0]!.reason).not.toMatch(/Teilzahlung|fällig|Guthaben/);
    expect(lines[3]!.reason).toContain("Rücklastschrift (AM04 – Keine ausreichende Deckung)");
    expect(lines[3]!.tenancy_id).toBe(tenants[1]!.tenancyId);
    expect(res.json().totals.amount_matched).toBe(2250);

    expect(await chargeOf(tenants[0]!, "2026-04")).toMatchObject({ status: "paid", paid_cents: 75_000 });
    expect(await chargeOf(tenants[2]!, "2026-04")).toMatchObject({ status: "paid", paid_cents: 75_000 });
    expect(await chargeOf(tenants[1]!, "2026-04")).toMatchObject({ status: "pending", paid_cents: 0 });
    // The older March charges were not touched by the collection's money.
    for (const t of tenants) expect((await chargeOf(t, "2026-03")).paid_cents).toBe(0);
  });

  it("never books the return as money received: no credit, the ledger shows +750 and -750", async () => {
    const ledger = await as(verwalter).get(`/api/v1/staff/ledger/accounts/${tenants[1]!.tenancyId}?year=2026`);
    const body = ledger.json();
    expect(body.account.credit).toBe(0);
    expect(body.payments.map((p: { amount: number }) => p.amount).sort()).toEqual([-750, 750]);
    const april = body.charges.find((c: { period: string }) => c.period === "2026-04");
    expect(april.direct_debit).toMatchObject({ state: "returned", return_reason: "AM04 – Keine ausreichende Deckung" });
  });

  it("marks the run's debits collected and returned", async () => {
    const run = (await as(verwalter).get(`/api/v1/staff/sepa/runs/${runId}`)).json();
    const state = (t: TenantFixture) => run.items.find((i: { tenancy_id: string }) => i.tenancy_id === t.tenancyId);
    expect(state(tenants[0]!).state).toBe("collected");
    expect(state(tenants[1]!)).toMatchObject({ state: "returned", return_reason: "AM04 – Keine ausreichende Deckung" });
    expect(run.returned_count).toBe(1);
  });

  it("tells the tenant in plain German and puts the conversation into the Eingang", async () => {
    const inbox = await as(verwalter).get("/api/v1/staff/inbox?kind=message");
    const item = inbox.json().items.find((i: { tenant: { id: string } | null }) => i.tenant?.id === tenants[1]!.id);
    expect(item.title).toBe("Rücklastschrift: Miete April 2026 – AM04 – Keine ausreichende Deckung");
    const token = await login(ctx.app, tenants[1]!);
    const threads = await api(ctx.app, token).get("/api/v1/tenant/messages?filter=all");
    const text = JSON.stringify(threads.json());
    expect(text).toContain("zurückgegeben");
    const mails = await ctx.db
      .selectFrom("notification_outbox")
      .select(["subject", "body"])
      .where("recipient_id", "=", tenants[1]!.id)
      .execute();
    expect(
      mails.some((m) => m.body.includes("Keine ausreichende Deckung") || m.subject.includes("zurückgegeben")),
    ).toBe(true);
  });

  it("leaves the fee to the manager: passed on as a charge of its own, decided once", async () => {
    const list = await as(verwalter).get("/api/v1/staff/sepa/returns?fee_open=true");
    const [ret] = list.json().items;
    expect(ret).toMatchObject({ fee: 3, fee_decision: "open", reason_code: "AM04", amount: 750 });
    const decided = await as(verwalter).post(`/api/v1/staff/sepa/returns/${ret.id}/fee`, { pass_on: true });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().fee_decision).toBe("passed_on");
    const fee = await ctx.db
      .selectFrom("payments")
      .select(["amount_cents", "description"])
      .where("tenancy_id", "=", tenants[1]!.tenancyId)
      .where("period", "is", null)
      .executeTakeFirstOrThrow();
    expect(fee).toEqual({ amount_cents: 300, description: "Rücklastschriftgebühr (Miete April 2026)" });
    const again = await as(verwalter).post(`/api/v1/staff/sepa/returns/${ret.id}/fee`, { pass_on: false });
    expect(again.statusCode).toBe(409);
  });

  it("changes nothing when the same statement is imported again", async () => {
    const before = await Promise.all([
      ctx.db
        .selectFrom("bank_transactions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
      ctx.db
        .selectFrom("sepa_returns")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
      chargeOf(tenants[1]!, "2026-04"),
    ]);
    const res = await importStatement();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines.every((l: { status: string }) => l.status === "duplicate")).toBe(true);
    const after = await Promise.all([
      ctx.db
        .selectFrom("bank_transactions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
      ctx.db
        .selectFrom("sepa_returns")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
      chargeOf(tenants[1]!, "2026-04"),
    ]);
    expect(after).toEqual(before);
  });

  it("shows the tenant the reopened charge with its reason, a GiroCode for it, and the mandate masked", async () => {
    const token = await login(ctx.app, tenants[1]!);
    const tenant = api(ctx.app, token);
    const finances = (await tenant.get("/api/v1/tenant/finances?year=2026")).json();
    const april = finances.payments.find((p: { description: string }) => p.description === "Miete April 2026");
    expect(april.direct_debit).toMatchObject({ state: "returned", return_reason: "AM04 – Keine ausreichende Deckung" });
    const code = await tenant.get(`/api/v1/tenant/payments/${april.id}/girocode`);
    expect(code.statusCode, code.body).toBe(200);
    const lines = code.json().payload.split("\n");
    expect(lines.slice(0, 8)).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "",
      "Grünfeld Hausverwaltung GmbH",
      "DE89370400440532013000",
      "EUR750.00",
    ]);
    expect(lines[10]).toMatch(/^MP-[A-Z0-9]{4}-[A-Z0-9]{4} Miete April 2026$/);
    expect(code.json().svg).toContain("<svg");
    const paid = await chargeOf(tenants[0]!, "2026-04");
    const other = await tenant.get(`/api/v1/tenant/payments/${paid.id}/girocode`);
    expect(other.statusCode).toBe(404);

    const view = (await tenant.get("/api/v1/tenant/finances/direct-debit")).json();
    expect(view.mandate).toMatchObject({ iban_masked: "DE02 •••• •••• •••• ••50 30", state: "active" });
    expect(view.mandate.creditor_id).toBe("DE98ZZZ09999999999");
    expect(view.change_requested_at).toBeNull();
    const asked = await tenant.post(
      "/api/v1/tenant/finances/direct-debit/change-request",
      { note: "Neues Konto bei der Sparkasse." },
      { "idempotency-key": "change-1" },
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const inbox = (await as(verwalter).get("/api/v1/staff/inbox?kind=message")).json();
    expect(
      inbox.items.some(
        (i: { id: string; title: string }) =>
          i.id === asked.json().thread_id && i.title === "Lastschrift: neue Bankverbindung",
      ),
    ).toBe(true);
    expect((await tenant.get("/api/v1/tenant/finances/direct-debit")).json().change_requested_at).not.toBeNull();
  });
});
