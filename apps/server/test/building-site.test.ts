import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServicePlan } from "../src/domain/services/plans.js";
import { berlinToday } from "../src/lib/time.js";
import { runFileAt } from "./clock.js";
import { auditOf, BUILDING_A, BUILDING_B } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  type StaffFixture,
  staffLogin,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

// Issue 27 §2: a house's position, set by whoever plans its services, is what a crew's Beginn is
// checked against ("am Objekt"); scope per role and building; bad input refused in German.

let ctx: TestContext;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
let buildingA: string;
let visitA: string;

// A Wednesday, 12:00 in Berlin: the visit of today exists from set-up to request.
runFileAt("2026-11-25T11:00:00Z");

beforeAll(async () => {
  ctx = await createTestContext();
  const anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.anna = await login(ctx.app, anna);
  buildingA = (
    await ctx.db.selectFrom("buildings").select("id").where("address", "=", BUILDING_A).executeTakeFirstOrThrow()
  ).id;
  const kind = await ctx.db
    .selectFrom("service_kinds")
    .select("id")
    .where("key", "=", "treppenhausreinigung")
    .executeTakeFirstOrThrow();
  const today = berlinToday();
  const plan = await createServicePlan(
    ctx.db,
    { staffId: people.admin.id, name: "Ada Admin", ip: null },
    {
      building_id: buildingA,
      service_kind_id: kind.id,
      recurrence: { kind: "daily" },
      season: null,
      window: { start: "00:00", end: "23:59" },
      rest_day_window: null,
      checklist: ["Treppen gewischt"],
      team: "Reinigung Nord",
      responsible_staff_id: null,
      tenant_visible: true,
      valid_from: today,
      valid_until: null,
    },
    today,
  );
  if (typeof plan === "string") throw new Error(plan);
  visitA = (
    await ctx.db
      .selectFrom("service_visits")
      .select("id")
      .where("plan_id", "=", plan.id)
      .orderBy("planned_on")
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => ctx.close());

const as = (who?: string) => api(ctx.app, who ? tokens[who] : undefined);
const put = (who: string | undefined, url: string, payload: Record<string, unknown>) =>
  as(who).inject({ method: "PUT", url, payload });
const siteOf = (id: string) => `/api/v1/staff/buildings/${id}/site`;
const SITE = { latitude: 52.5301, longitude: 13.4102, tolerance_m: 60 };

const beginNear = (offset: number) =>
  as("hausmeisterA").post("/api/v1/staff/service-records", {
    id: randomUUID(),
    visit_id: visitA,
    started_at: new Date(Date.now() - 60_000).toISOString(),
    position: { latitude: SITE.latitude + offset, longitude: SITE.longitude, accuracy_m: 10 },
    photos: [],
  });

describe("a house's position", () => {
  it("a Verwalter sets it; a crew's Beginn is then checked against it, and the Protokoll says so in German", async () => {
    const before = await beginNear(0.0003);
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json().location.on_site).toBeNull();

    const res = await put("verwalterA", siteOf(buildingA), SITE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ building_id: buildingA, ...SITE });

    // 33 m north of the entrance: inside 60 m.
    const near = await beginNear(0.0003);
    expect(near.json().location.on_site).toBe(true);
    // 333 m north: outside.
    const far = await beginNear(0.003);
    expect(far.json().location.on_site).toBe(false);

    const audit = await auditOf(ctx.db, buildingA);
    expect(audit.map((e) => e.action)).toContain("building.site_set");
  });

  it("without a radius the default (100 m) applies", async () => {
    const res = await put("admin", siteOf(buildingA), { latitude: SITE.latitude, longitude: SITE.longitude });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tolerance_m).toBe(100);
  });

  it("bad input is refused in German beside its field, and nothing changes", async () => {
    await put("admin", siteOf(buildingA), SITE);
    const res = await put("verwalterA", siteOf(buildingA), { latitude: 91, longitude: "13,4", tolerance_m: 5 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(JSON.stringify(body)).toMatch(/Breite liegt zwischen -90 und 90 Grad/);
    expect(JSON.stringify(body)).toMatch(/Länge als Zahl/);
    expect(JSON.stringify(body)).toMatch(/mindestens 10 m/);
    const row = await ctx.db
      .selectFrom("buildings")
      .select(["latitude", "site_tolerance_m"])
      .where("id", "=", buildingA)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ latitude: SITE.latitude, site_tolerance_m: SITE.tolerance_m });
  });

  it("refuses: no token or a tenant 401, a Hausmeister 403, another building's Verwalter and an unknown house 404", async () => {
    expect((await put(undefined, siteOf(buildingA), SITE)).statusCode).toBe(401);
    expect((await put("anna", siteOf(buildingA), SITE)).statusCode).toBe(401);
    expect((await put("hausmeisterA", siteOf(buildingA), SITE)).statusCode).toBe(403);
    expect((await put("verwalterB", siteOf(buildingA), SITE)).statusCode).toBe(404);
    expect((await put("admin", siteOf(UNKNOWN_ID), SITE)).statusCode).toBe(404);
  });
});
