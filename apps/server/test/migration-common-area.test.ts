import { afterAll, beforeAll, expect, it } from "vitest";
import { migrationSchema } from "../src/app.js";
import { createMigrator } from "../src/db/migrate.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  staffLogin,
  type TestContext,
} from "./helpers.js";

/**
 * Migration 0024 (issue 25 §16) rebuilds `repairs` and `inbox_items` on SQLite to let tenant_id be
 * empty. Down and up again over real rows: the tenants' repairs, their history, notes and inbox rows
 * stay as they were; going down removes only the common-area repairs.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it("0024 down and up keeps every tenant repair with its history, notes and inbox row", async () => {
  const address = "Lindenstraße 12, 10969 Berlin";
  const tenant = await createTenant(ctx.db, { address, firstName: "Ayşe", lastName: "Yılmaz" });
  const verwalter = await createStaffMember(ctx.db, "verwalter", [address]);
  const tenantApi = api(ctx.app, await login(ctx.app, tenant));
  const staffApi = api(ctx.app, await staffLogin(ctx.app, verwalter));
  const reported = await tenantApi.post("/api/v1/tenant/repairs", {
    type: "plumbing",
    location: "bathroom",
    description: "Der Abfluss der Dusche ist verstopft.",
    urgency: "high",
  });
  expect(reported.statusCode).toBe(201);
  const repairId = reported.json().id as string;
  expect(
    (
      await staffApi.post(`/api/v1/staff/repairs/${repairId}/status`, {
        status: "scheduled",
        planned_date: "2026-12-02",
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await staffApi.post(`/api/v1/staff/repairs/${repairId}/notes`, { note: "Schlüssel beim Nachbarn" })).statusCode,
  ).toBe(200);
  const buildingId = (
    await ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow()
  ).id;
  const common = await staffApi.post("/api/v1/staff/repairs", {
    building_id: buildingId,
    type: "electrical",
    location: "other",
    urgency: "medium",
    description: "Kellerlicht defekt.",
  });
  expect(common.statusCode).toBe(201);

  const tenantView = async () => (await tenantApi.get(`/api/v1/tenant/repairs/${repairId}`)).json();
  const staffView = async () => (await staffApi.get(`/api/v1/staff/repairs/${repairId}`)).json();
  const inboxRow = () =>
    ctx.db.selectFrom("inbox_items").selectAll().where("item_id", "=", repairId).executeTakeFirstOrThrow();
  const before = { tenant: await tenantView(), staff: await staffView(), inbox: await inboxRow() };
  expect(before.tenant.history).toHaveLength(2);

  const migrator = createMigrator(ctx.db, migrationSchema(ctx.config));
  const down = await migrator.migrateTo("0022_tenant_sort_key");
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toContain("0024_common_area_repairs");
  // Going down removes the common-area repair only.
  expect(await ctx.db.selectFrom("repairs").select("id").execute()).toEqual([{ id: repairId }]);

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  expect({ tenant: await tenantView(), staff: await staffView(), inbox: await inboxRow() }).toEqual(before);
  // The rebuilt tables still cascade: a repair's history goes with it.
  const historyCount = async () =>
    (await ctx.db.selectFrom("repair_status_history").select("id").where("repair_id", "=", repairId).execute()).length;
  expect(await historyCount()).toBe(2);
  await ctx.db.deleteFrom("repairs").where("id", "=", repairId).execute();
  expect(await historyCount()).toBe(0);
});
