import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentBuildingOf, unitsOf } from "../src/domain/inbox/inbox.js";
import { currentTenancyIdFor, currentTenancyOf } from "../src/domain/tenants/current-tenancy.js";
import { insertTenancy } from "../src/domain/tenants/rows.js";
import { findTenantPlace } from "../src/domain/tenants/tenant-contact.js";
import { findCurrentTenancy } from "../src/domain/tenants/tenants.js";
import { createTenant, createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const tenancy = (apartmentNumber: string, startDate: string, createdAt: string, id?: string) => ({
  ...(id ? { id } : {}),
  address: "Lindenstraße 5, 10969 Berlin",
  apartmentNumber,
  startDate,
  baseRentCents: 55_000,
  utilitiesCents: 20_000,
  paymentMethod: "bank_transfer" as const,
  dueDay: 3,
  createdAt,
});

/** What every reader of the current tenancy says: the direct query, the correlated subquery, the callers. */
async function currentOf(tenantId: string) {
  const direct = await currentTenancyOf(ctx.db, tenantId).select("apartment_number").executeTakeFirst();
  const joined = await ctx.db
    .selectFrom("tenants")
    .innerJoin("tenancies as current", (join) => join.on("current.id", "=", currentTenancyIdFor(ctx.db, "tenants.id")))
    .select("current.apartment_number")
    .where("tenants.id", "=", tenantId)
    .executeTakeFirst();
  const found = await findCurrentTenancy(ctx.db, tenantId);
  const place = await findTenantPlace(ctx.db, tenantId);
  const units = await unitsOf(ctx.db, [tenantId]);
  return [
    direct?.apartment_number,
    joined?.apartment_number,
    found?.apartment_number,
    place?.unit,
    units.get(tenantId),
  ];
}

// Issue 26 §1, decision 037: one rule — latest start date, then latest created_at, then greatest id.
describe("the tenant's current tenancy", () => {
  it("is the one that starts last, even when it was recorded before the others", async () => {
    const tenant = await createTenant(ctx.db, { apartment: "Alt" });
    await insertTenancy(ctx.db, tenant.id, tenancy("Neu", "2030-06-01", "2019-01-01T00:00:00.000Z"));
    expect(await currentOf(tenant.id)).toEqual(Array(5).fill("Neu"));
    expect(await currentBuildingOf(ctx.db, tenant.id)).not.toBeNull();
  });

  it("of two starting the same day, is the one recorded last; of two recorded at once, the greater id", async () => {
    const tenant = await createTenant(ctx.db, { apartment: "Alt" });
    await insertTenancy(ctx.db, tenant.id, tenancy("Später erfasst", "2030-06-01", "2026-02-01T00:00:00.000Z"));
    await insertTenancy(ctx.db, tenant.id, tenancy("Früher erfasst", "2030-06-01", "2026-01-01T00:00:00.000Z"));
    expect(await currentOf(tenant.id)).toEqual(Array(5).fill("Später erfasst"));

    const twin = await createTenant(ctx.db, { apartment: "Alt" });
    const at = "2026-03-01T00:00:00.000Z";
    await insertTenancy(
      ctx.db,
      twin.id,
      tenancy("Größere Id", "2030-06-01", at, "ffffffff-ffff-4fff-bfff-ffffffffffff"),
    );
    await insertTenancy(
      ctx.db,
      twin.id,
      tenancy("Kleinere Id", "2030-06-01", at, "00000000-0000-4000-8000-000000000000"),
    );
    expect(await currentOf(twin.id)).toEqual(Array(5).fill("Größere Id"));
  });
});
