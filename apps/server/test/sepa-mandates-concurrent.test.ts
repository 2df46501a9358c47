import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveTestCreditor } from "./factories/sepa.js";
import { BUILDING_A } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  staffLogin,
  type TenantFixture,
  type TestContext,
} from "./helpers.js";

// Issue 28: two staff sessions record a mandate for the same tenancy at the same moment. One is
// recorded; the other is told in German that an active mandate exists (409), never a 500 from the
// unique index (PostgreSQL runs both at once; SQLite writes one after the other).

let ctx: TestContext;
let tenant: TenantFixture;
let sessions: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  await saveTestCreditor(ctx.db);
  tenant = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Łukasz", lastName: "Nowak" });
  sessions = [
    await staffLogin(ctx.app, await createStaffMember(ctx.db, "verwalter", [BUILDING_A])),
    await staffLogin(ctx.app, await createStaffMember(ctx.db, "verwalter", [BUILDING_A])),
  ];
});
afterAll(() => ctx.close());

describe("a mandate recorded twice at once", () => {
  it("is recorded once; the other session gets 409 in German", async () => {
    const answers = await Promise.all(
      sessions.map((token) =>
        api(ctx.app, token).post("/api/v1/staff/sepa/mandates", {
          tenancy_id: tenant.tenancyId,
          signed_on: "2026-03-01",
          debtor_name: "Łukasz Nowak",
          iban: "DE02120300000000202051",
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().message).toMatch(/Mandat/);
    const rows = await ctx.db
      .selectFrom("sepa_mandates")
      .select("id")
      .where("tenancy_id", "=", tenant.tenancyId)
      .where("revoked_at", "is", null)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
