import { randomUUID } from "node:crypto";
import { addDays } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { createServicePlan } from "../src/domain/services/plans.js";
import { berlinToday } from "../src/lib/time.js";
import { runFileAt } from "./clock.js";
import { adminIn } from "./factories/admin-cli.js";
import { BUILDING_A, BUILDING_B } from "./factories/staff.js";
import {
  API_KEY,
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

// Issue 27 §1 (decision 048): the role Dienstleister — a garden or cleaning crew member or an outside
// contractor — works on the Einsätze of their buildings and sees nothing else of the console: every
// other staff route answers 403, walked from the app's own route table so a new route is covered too.

let ctx: TestContext;
let token: string;
let adminToken: string;
let annaToken: string;
let buildingA: string;
let visitA: string;
let visitB: string;

const PASSWORD = "garten-pflege-2026";

runFileAt("2026-11-25T11:00:00Z");

beforeAll(async () => {
  ctx = await createTestContext();
  annaToken = await login(
    ctx.app,
    await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" }),
  );
  await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  const admin: StaffFixture = await createStaffMember(ctx.db, "administrator");
  adminToken = await staffLogin(ctx.app, admin);
  // The admin command line creates the role (as it creates the others), with its buildings.
  const email = `gruen-${randomUUID().slice(0, 8)}@dienstleister.example`;
  const created = await adminIn(
    ctx,
    "create-staff",
    "--email",
    email,
    "--name",
    "Gerd Grün",
    "--role",
    "dienstleister",
    "--buildings",
    BUILDING_A,
    "--password",
    PASSWORD,
  );
  expect(created.code, created.err).toBe(0);
  token = await staffLogin(ctx.app, { id: "", email, password: PASSWORD });
  const buildingOf = async (address: string) =>
    (await ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow()).id;
  buildingA = await buildingOf(BUILDING_A);
  const buildingB = await buildingOf(BUILDING_B);
  const actor: AuditActor = { staffId: admin.id, name: "Ada Admin", ip: null };
  const kinds = Object.fromEntries(
    (await ctx.db.selectFrom("service_kinds").select(["key", "id"]).execute()).map((k) => [k.key, k.id]),
  );
  const today = berlinToday();
  for (const building_id of [buildingA, buildingB]) {
    const plan = await createServicePlan(
      ctx.db,
      actor,
      {
        building_id,
        service_kind_id: kinds.rasen_maehen!,
        recurrence: { kind: "daily" },
        season: null,
        window: { start: "00:00", end: "23:59" },
        rest_day_window: null,
        checklist: ["Rasen gemäht"],
        team: "Grünpflege Süd",
        responsible_staff_id: null,
        tenant_visible: true,
        valid_from: today,
        valid_until: null,
      },
      today,
    );
    if (typeof plan === "string") throw new Error(plan);
  }
  const visitOf = async (building: string) =>
    (
      await ctx.db
        .selectFrom("service_visits")
        .select("id")
        .where("building_id", "=", building)
        .orderBy("planned_on")
        .executeTakeFirstOrThrow()
    ).id;
  visitA = await visitOf(buildingA);
  visitB = await visitOf(buildingB);
});
afterAll(() => ctx.close());

/** Every route of the app with its methods, read from Fastify's route tree (nested lines joined). */
function routeTable(): { path: string; methods: string[] }[] {
  const stack: string[] = [];
  const routes: { path: string; methods: string[] }[] = [];
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (match[3]) routes.push({ path: stack.join(""), methods: match[3].split(", ") });
  }
  return routes;
}

/** Staff routes outside the signed-in scope: sign-in, invitation and password-reset links. */
const SIGNED_OUT = /^\/api\/v1\/staff\/auth\/(login|invitation|password-reset)/;

/** What a Dienstleister may use: the Einsätze and their own account. */
const ALLOWED = /^\/api\/v1\/staff\/(auth\/|service-visits(\/services)?$|service-records($|\/))/;

const as = (who: string | undefined) => api(ctx.app, who);

describe("Dienstleister (issue 27 §1)", () => {
  it("is refused (403) on every other staff route, whatever the method", async () => {
    const routes = routeTable().filter((r) => r.path.startsWith("/api/v1/staff/") && !SIGNED_OUT.test(r.path));
    const refused = routes.filter((r) => !ALLOWED.test(r.path));
    // The walk really covers the console: plans, inbox, tenants, ledger, audit, staff admin and the proof.
    expect(refused.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        "/api/v1/staff/inbox",
        "/api/v1/staff/tenants",
        "/api/v1/staff/service-plans",
        "/api/v1/staff/services/kinds",
        "/api/v1/staff/users",
        "/api/v1/staff/audit",
        "/api/v1/staff/ledger/accounts",
        "/api/v1/staff/buildings/:id/site",
      ]),
    );
    expect(refused.length).toBeGreaterThanOrEqual(60);
    let checked = 0;
    for (const route of refused) {
      const url = route.path
        .replace(/:entity/g, "tenant")
        .replace(/:kind/g, "repair")
        .replace(/:\w+/g, UNKNOWN_ID);
      for (const method of route.methods.filter((m) => m !== "HEAD")) {
        const res = await ctx.app.inject({
          method: method as "GET",
          url: `${url}${method === "GET" ? `?from=${berlinToday()}&until=${berlinToday()}` : ""}`,
          headers: { "x-api-key": API_KEY, authorization: `Bearer ${token}` },
          ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${method} ${route.path}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(refused.length);
  });

  it("uses its own account and sees the Einsätze of its buildings only", async () => {
    const me = await as(token).get("/api/v1/staff/auth/me");
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ role: "dienstleister", name: "Gerd Grün" });
    const today = berlinToday();
    const visits = await as(token).get(`/api/v1/staff/service-visits?from=${today}&until=${addDays(today, 6)}`);
    expect(visits.statusCode, visits.body).toBe(200);
    const list = visits.json() as { id: string; building_id: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((v) => v.building_id === buildingA)).toBe(true);
    expect(list.map((v) => v.id)).toContain(visitA);
    const other = await as(token).get(
      `/api/v1/staff/service-visits?from=${today}&until=${addDays(today, 6)}&building_id=${UNKNOWN_ID}`,
    );
    expect(other.statusCode).toBe(404);
    // What it may record unplanned: the services of its building only.
    const services = await as(token).get("/api/v1/staff/service-visits/services");
    expect(services.statusCode, services.body).toBe(200);
    const offered = services.json() as { building_id: string; service_key: string }[];
    expect(offered.map((s) => s.service_key)).toContain("sonstige");
    expect(offered.every((s) => s.building_id === buildingA)).toBe(true);
  });

  it("begins and finishes an Einsatz of its building; another building's is 404 and stores nothing", async () => {
    const id = randomUUID();
    const started = await as(token).post("/api/v1/staff/service-records", {
      id,
      visit_id: visitA,
      started_at: new Date(Date.now() - 30 * 60_000).toISOString(),
      photos: [],
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ crew: { first_name: "Gerd", team: "Grünpflege Süd" } });
    const finished = await as(token).post(`/api/v1/staff/service-records/${id}/finish`, {
      finished_at: new Date(Date.now() - 60_000).toISOString(),
      checklist: [{ item: "Rasen gemäht", done: true }],
      materials: [],
      conditions: null,
      remark: "",
      photos: [],
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().content_hash).toMatch(/^[0-9a-f]{64}$/);
    const elsewhere = randomUUID();
    const refused = await as(token).post("/api/v1/staff/service-records", {
      id: elsewhere,
      visit_id: visitB,
      started_at: new Date(Date.now() - 30 * 60_000).toISOString(),
      photos: [],
    });
    expect(refused.statusCode).toBe(404);
    const stored = await ctx.db.selectFrom("service_records").select("id").where("id", "=", elsewhere).execute();
    expect(stored).toEqual([]);
  });

  it("is told nothing of tenants' items and cannot be given one", async () => {
    const gerd = await ctx.db
      .selectFrom("staff_users")
      .select("id")
      .where("name", "=", "Gerd Grün")
      .executeTakeFirstOrThrow();
    const verwalter = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
    const verwalterToken = await staffLogin(ctx.app, verwalter);
    const repair = await as(annaToken).post("/api/v1/tenant/repairs", {
      type: "other",
      location: "hallway",
      description: "Licht im Flur flackert",
    });
    expect(repair.statusCode, repair.body).toBe(201);
    const lines = await ctx.db.selectFrom("notification_outbox").select(["recipient_id", "body"]).execute();
    expect(lines.some((l) => l.recipient_id === verwalter.id && l.body.includes("Anna Alt"))).toBe(true);
    expect(lines.filter((l) => l.recipient_id === gerd.id)).toEqual([]);
    const assignees = await as(verwalterToken).get(`/api/v1/staff/inbox/repair/${repair.json().id}/assignees`);
    expect(assignees.statusCode, assignees.body).toBe(200);
    expect(assignees.json().map((p: { id: string }) => p.id)).not.toContain(gerd.id);
    const assign = await as(verwalterToken).post(`/api/v1/staff/inbox/repair/${repair.json().id}/assign`, {
      assignee_id: gerd.id,
    });
    expect(assign.statusCode).toBe(400);
  });

  it("can be invited from the console's staff admin with its German label", async () => {
    const res = await as(adminToken).post("/api/v1/staff/users", {
      email: `team-${randomUUID().slice(0, 8)}@dienstleister.example`,
      name: "Rita Rein",
      role: "dienstleister",
      building_ids: [buildingA],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ role: "dienstleister" });
    const { STAFF_ROLE_LABELS } = await import("@mieter-portal/contracts/staff");
    expect(STAFF_ROLE_LABELS.dienstleister).toBe("Dienstleister");
  });
});
