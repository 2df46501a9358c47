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

// Issue 28: a charge whose direct debit is at the bank is being collected. The payment reminder
// leaves it out until the money shows (or the debit comes back); a tenant without one is reminded.

// Friday 20 March 2026 in Berlin: March's rent (due on the 3rd) is overdue for both tenants.
runFileAt("2026-03-20T09:00:00Z");

const actor = { staffId: null, name: "Test", ip: null };
let ctx: TestContext;
let verwalter: string;
let collected: TenantFixture;
let other: TenantFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  verwalter = await staffLogin(ctx.app, await createStaffMember(ctx.db, "verwalter", [BUILDING_A]));
  await saveTestCreditor(ctx.db);
  collected = await createTenant(ctx.db, { firstName: "Łukasz", lastName: "Nowak", apartment: "WE 1" });
  other = await createTenant(ctx.db, { firstName: "Ayşe", lastName: "Yılmaz", apartment: "WE 2" });
  for (const t of [collected, other]) await ensureRentCharges(ctx.db, { tenancyId: t.tenancyId });
  await createMandate(
    ctx.db,
    {
      tenancyId: collected.tenancyId,
      signedOn: "2026-03-01",
      debtorName: "Łukasz Nowak",
      iban: "DE02120300000000202051",
    },
    actor,
  );
});
afterAll(() => ctx.close());

const remind = (t: TenantFixture) =>
  api(ctx.app, verwalter).post(`/api/v1/staff/ledger/accounts/${t.tenancyId}/reminders`, {});

describe("payment reminders beside direct debits", () => {
  it("leave out a charge whose direct debit is at the bank, and remind of the same charge without one", async () => {
    const run = await api(ctx.app, verwalter).post("/api/v1/staff/sepa/runs", {
      month: "2026-03",
      collection_date: "2026-03-27",
    });
    expect(run.statusCode, run.body).toBe(201);
    const march = await ctx.db
      .selectFrom("sepa_run_items as i")
      .innerJoin("payments as p", "p.id", "i.charge_id")
      .select(["p.tenancy_id", "p.period", "i.state"])
      .where("i.run_id", "=", run.json().id)
      .execute();
    expect(march).toEqual([{ tenancy_id: collected.tenancyId, period: "2026-03", state: "submitted" }]);

    const none = await remind(collected);
    expect(none.statusCode, none.body).toBe(409);
    const sent = await remind(other);
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it("offer no GiroCode for a charge being collected: a transfer on top would pay it twice", async () => {
    const chargeOf = async (t: TenantFixture) =>
      (
        await ctx.db
          .selectFrom("payments")
          .select("id")
          .where("tenancy_id", "=", t.tenancyId)
          .where("period", "=", "2026-03")
          .executeTakeFirstOrThrow()
      ).id;
    const asTenant = async (t: TenantFixture) => api(ctx.app, await login(ctx.app, t));
    const refused = await (await asTenant(collected)).get(
      `/api/v1/tenant/payments/${await chargeOf(collected)}/girocode`,
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      "Dieser Betrag wird am 27.03.2026 per Lastschrift eingezogen. Bitte überweisen Sie ihn nicht zusätzlich.",
    );
    const code = await (await asTenant(other)).get(`/api/v1/tenant/payments/${await chargeOf(other)}/girocode`);
    expect(code.statusCode, code.body).toBe(200);
  });
});
