import { addDays } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { berlinToday } from "../src/lib/time.js";
import { addPeriods, chargeFor, ensureRentCharges, periodOf, referencesIn } from "../src/repositories/rent-ledger.js";
import { insertPayment } from "./factories/payments.js";
import { auditOf, BUILDING_A, BUILDING_B, collectingMailer, outboxTo } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  type StaffFixture,
  staffLogin,
  type TenantFixture,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

// Issue 14 §2: rent charges, payments by hand and from bank statements, overdue list, reminders.

const LEDGER = "/api/v1/staff/ledger";
const { mailer } = collectingMailer();
let ctx: TestContext;
const tenants: Record<string, TenantFixture> = {};
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
const today = berlinToday();
const current = periodOf(today);
const next = addPeriods(current, 1);

beforeAll(async () => {
  ctx = await createTestContext({}, { mailer });
  tenants.anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  tenants.otto = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Otto", lastName: "Offen" });
  tenants.bernd = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  // Otto owes last month's rent: a charge entered before the ledger, 40 days overdue.
  await insertPayment(ctx.db, tenants.otto, { status: "pending", dueDate: addDays(today, -40), amountCents: 75_000 });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  for (const name of ["anna", "otto", "bernd"]) tokens[name] = await login(ctx.app, tenants[name]!);
  await ensureRentCharges(ctx.db);
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);
const referenceOf = async (t: TenantFixture) =>
  (
    await ctx.db
      .selectFrom("rent_accounts")
      .select("reference")
      .where("tenancy_id", "=", t.tenancyId)
      .executeTakeFirstOrThrow()
  ).reference;
const chargesOf = (t: TenantFixture) =>
  ctx.db.selectFrom("payments").selectAll().where("tenancy_id", "=", t.tenancyId).orderBy("due_date").execute();

describe("rent charges", () => {
  it("are made for this month and next from the tenancy, once (unique per tenancy and month)", async () => {
    const charges = await chargesOf(tenants.anna!);
    expect(charges.map((c) => [c.period, c.due_date, c.amount_cents, c.status])).toEqual([
      [current, `${current}-03`, 75_000, "pending"],
      [next, `${next}-03`, 75_000, "pending"],
    ]);
    expect(await ensureRentCharges(ctx.db)).toBe(0);
    expect(await ensureRentCharges(ctx.db, { tenancyId: tenants.anna!.tenancyId })).toBe(0);
    expect(await chargesOf(tenants.anna!)).toHaveLength(2);
    // Otto's ledger continues after the charge he already had.
    const otto = await chargesOf(tenants.otto!);
    expect(otto.at(-1)!.period).toBe(next);
  });

  it("charge a month the tenancy starts or ends in by days, due on the due day (or the start)", () => {
    const terms = {
      id: "t",
      tenant_id: "p",
      start_date: "2026-02-15",
      end_date: "2026-06-10",
      base_rent_cents: 56_000,
      utilities_cents: 0,
      due_day: 31,
    };
    expect(chargeFor(terms, [], "2026-01")).toBeNull();
    expect(chargeFor(terms, [], "2026-02")).toEqual({
      amountCents: 28_000,
      dueDate: "2026-02-28",
      description: "Miete Februar 2026 (anteilig)",
    });
    expect(chargeFor(terms, [], "2026-04")!.dueDate).toBe("2026-04-30");
    expect(chargeFor(terms, [{ effective_from: "2026-04-01", cents: 60_000 }], "2026-04")!.amountCents).toBe(60_000);
    expect(chargeFor(terms, [{ effective_from: "2026-04-01", cents: 60_000 }], "2026-03")!.amountCents).toBe(56_000);
    expect(chargeFor(terms, [], "2026-06")!.amountCents).toBe(18_667);
    expect(chargeFor(terms, [], "2026-07")).toBeNull();
  });

  it("finds a payment reference whatever the bank did to spaces, dashes and case", () => {
    expect(referencesIn("Miete mp k7q2 x9m4 Nov")).toEqual(["MP-K7Q2-X9M4"]);
    expect(referencesIn("MP-K7Q2-X9M4")).toEqual(["MP-K7Q2-X9M4"]);
    expect(referencesIn("Miete November")).toEqual([]);
  });

  it("follow a rent change from the first of a month; the tenant sees the charge as before", async () => {
    const res = await as("verwalterA").post(`${LEDGER}/accounts/${tenants.anna!.tenancyId}/rent-changes`, {
      effective_from: `${next}-01`,
      base_rent: 600,
      utilities: 210,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().account.rent).toBe(750);
    const charges = await chargesOf(tenants.anna!);
    expect(charges.map((c) => c.amount_cents)).toEqual([75_000, 81_000]);
    expect((await auditOf(ctx.db, tenants.anna!.tenancyId)).map((a) => a.action)).toContain("ledger.rent_changed");
    const bad = await as("verwalterA").post(`${LEDGER}/accounts/${tenants.anna!.tenancyId}/rent-changes`, {
      effective_from: `${next}-15`,
      base_rent: 600,
      utilities: 210,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Ersten eines Monats");
  });
});

describe("payments by hand", () => {
  it("keeps a partial payment as such and an overpayment as credit for the next charge", async () => {
    const url = `${LEDGER}/accounts/${tenants.anna!.tenancyId}/payments`;
    const partial = await as("verwalterA").post(url, { amount: 500, booked_on: today, note: "Bar bezahlt" });
    expect(partial.statusCode).toBe(201);
    const thisMonth = partial.json().charges.find((c: { period: string }) => c.period === current);
    expect(thisMonth).toMatchObject({ amount: 750, paid: 500 });
    expect(thisMonth.status).not.toBe("paid");

    const over = await as("verwalterA").post(url, { amount: 1100, booked_on: today });
    expect(over.statusCode).toBe(201);
    // 500 + 1100 = 1600: this month's 750, next month's 810 (the raised rent), 40 left as credit.
    const charges = await chargesOf(tenants.anna!);
    expect(charges.map((c) => [c.status, c.paid_cents])).toEqual([
      ["paid", 75_000],
      ["paid", 81_000],
    ]);
    expect(over.json().account.credit).toBe(40);
    expect(
      over
        .json()
        .payments.map((p: { allocated: number }) => p.allocated)
        .sort(),
    ).toEqual([1060, 500]);
    const audit = await auditOf(ctx.db, tenants.anna!.tenancyId);
    expect(audit.filter((a) => a.action === "ledger.payment_recorded")).toHaveLength(2);
    // The credit pays the month after next when it is charged.
    await ensureRentCharges(ctx.db, { tenancyId: tenants.anna!.tenancyId, today: `${next}-01` });
    const after = await chargesOf(tenants.anna!);
    expect(after.at(-1)).toMatchObject({ period: addPeriods(next, 1), paid_cents: 4_000, status: "pending" });
  });
});
