import { randomUUID } from "node:crypto";
import { addDays } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { createServicePlan } from "../src/domain/services/plans.js";
import { berlinToday, germanDateOf } from "../src/lib/time.js";
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

// Issue 27 §3 (decision 048): a rating per finished visit — 1 to 5 stars and an optional comment,
// at most one per tenant and visit (a second one changes it), only for tenant-visible visits of the
// tenant's house. Staff read averages per service and team and the comments, never who wrote them.

let ctx: TestContext;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
let buildingA: string;
/** Visits of today in building A: the stairwell (visible, team Nord), the lawn (visible, team Süd), the check (hidden). */
const visits: Record<string, string> = {};
let visitB: string;

// A Wednesday, 12:00 in Berlin.
runFileAt("2026-11-25T11:00:00Z");

const rating = (visit: string) => `/api/v1/tenant/services/visits/${visit}/rating`;

beforeAll(async () => {
  ctx = await createTestContext();
  const anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  const carla = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Carla", lastName: "Clausen" });
  const bernd = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  people.hausmeisterB = await createStaffMember(ctx.db, "hausmeister", [BUILDING_B]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.anna = await login(ctx.app, anna);
  tokens.carla = await login(ctx.app, carla);
  tokens.bernd = await login(ctx.app, bernd);
  const kinds = Object.fromEntries(
    (await ctx.db.selectFrom("service_kinds").select(["key", "id"]).execute()).map((k) => [k.key, k.id]),
  );
  const buildingOf = async (address: string) =>
    (await ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow()).id;
  buildingA = await buildingOf(BUILDING_A);
  const buildingB = await buildingOf(BUILDING_B);
  const actor: AuditActor = { staffId: people.admin.id, name: "Ada Admin", ip: null };
  const today = berlinToday();
  const plan = async (building_id: string, service: string, team: string, tenant_visible: boolean) => {
    const created = await createServicePlan(
      ctx.db,
      actor,
      {
        building_id,
        service_kind_id: kinds[service]!,
        recurrence: { kind: "daily" },
        season: null,
        window: { start: "00:00", end: "23:59" },
        rest_day_window: null,
        checklist: [],
        team,
        responsible_staff_id: null,
        tenant_visible,
        valid_from: today,
        valid_until: null,
      },
      today,
    );
    if (typeof created === "string") throw new Error(created);
    return (
      await ctx.db
        .selectFrom("service_visits")
        .select("id")
        .where("plan_id", "=", created.id)
        .where("planned_on", "=", today)
        .executeTakeFirstOrThrow()
    ).id;
  };
  visits.stairs = await plan(buildingA, "treppenhausreinigung", "Reinigung Nord", true);
  visits.lawn = await plan(buildingA, "rasen_maehen", "Grünpflege Süd", true);
  visits.check = await plan(buildingA, "kontrollgang", "Hausmeister", false);
  visits.open = await plan(buildingA, "muelltonnen", "Hausmeister", true);
  visitB = await plan(buildingB, "treppenhausreinigung", "Reinigung Nord", true);
  // The crew finish every visit but the bins (begun, not finished).
  const done = async (visit: string, who: string, finish = true) => {
    const id = randomUUID();
    const started = await api(ctx.app, tokens[who]).post("/api/v1/staff/service-records", {
      id,
      visit_id: visit,
      started_at: new Date(Date.now() - 40 * 60_000).toISOString(),
      photos: [],
    });
    expect(started.statusCode, started.body).toBe(201);
    if (!finish) return;
    const finished = await api(ctx.app, tokens[who]).post(`/api/v1/staff/service-records/${id}/finish`, {
      finished_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      checklist: [],
      photos: [],
    });
    expect(finished.statusCode, finished.body).toBe(200);
  };
  await done(visits.stairs, "hausmeisterA");
  await done(visits.lawn, "hausmeisterA");
  await done(visits.check, "hausmeisterA");
  await done(visits.open, "hausmeisterA", false);
  await done(visitB, "hausmeisterB");
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);

describe("ratings of visits (issue 27 §3)", () => {
  it("one per tenant and visit: the first is created, a second changes it, a retry with its key replays", async () => {
    const key = randomUUID();
    const first = await as("anna").post(
      rating(visits.stairs!),
      { stars: 2, comment: "Ecken nicht gewischt." },
      {
        "idempotency-key": key,
      },
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ visit_id: visits.stairs, stars: 2, comment: "Ecken nicht gewischt." });
    const retry = await as("anna").post(
      rating(visits.stairs!),
      { stars: 2, comment: "Ecken nicht gewischt." },
      {
        "idempotency-key": key,
      },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const changed = await as("anna").post(rating(visits.stairs!), { stars: 4, comment: "Nachgeholt, jetzt gut." });
    expect(changed.statusCode, changed.body).toBe(200);
    const rows = await ctx.db
      .selectFrom("service_ratings")
      .selectAll()
      .where("visit_id", "=", visits.stairs!)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stars: 4, comment: "Nachgeholt, jetzt gut.", team: "Reinigung Nord" });
    // The audit log records both without the tenant's name or address.
    const audit = await auditOf(ctx.db, rows[0]!.id);
    expect(audit.map((a) => a.action)).toEqual(["service_rating.saved", "service_rating.saved"]);
    expect(audit[1]).toMatchObject({ staff_name: "Ein Mieter", ip: null, before: { stars: 2 }, after: { stars: 4 } });
    expect(JSON.stringify(audit)).not.toContain("Anna");
    const log = (await as("admin").get("/api/v1/staff/audit?limit=100")).json().items as {
      action: string;
      action_label: string;
      item: { label: string } | null;
      tenant: unknown;
      changes: { field: string; before: string | null; after: string | null }[];
    }[];
    const entry = log.find((e) => e.action === "service_rating.saved");
    expect(entry).toMatchObject({
      action_label: "hat einen Einsatz bewertet",
      item: { label: `Bewertung: Treppenhausreinigung – Lindenstraße 5, ${germanDateOf(berlinToday())}` },
      tenant: null,
    });
    expect(entry!.changes).toContainEqual({ field: "Sterne", before: "2", after: "4" });
    // The tenant sees the visit with their own rating.
    const list = (await as("anna").get("/api/v1/tenant/services/visits")).json() as {
      visit_id: string;
      my_rating: { stars: number } | null;
    }[];
    expect(list.find((v) => v.visit_id === visits.stairs)?.my_rating).toMatchObject({ stars: 4 });
    expect(list.find((v) => v.visit_id === visits.lawn)?.my_rating).toBeNull();
    // The house's services show the last visit with the tenant's own rating (issue 27 §3).
    const { services } = (await as("anna").get("/api/v1/tenant/services")).json() as {
      services: { name: string; last_done: { visit_id: string; my_rating: unknown } | null }[];
    };
    const byName = Object.fromEntries(services.map((s) => [s.name, s.last_done]));
    expect(byName.Treppenhausreinigung).toMatchObject({
      visit_id: visits.stairs,
      my_rating: { stars: 4, comment: "Nachgeholt, jetzt gut." },
    });
    expect(byName["Rasen mähen"]).toMatchObject({ visit_id: visits.lawn, my_rating: null });
    // Hidden services and unfinished visits are not offered; another house's never.
    expect(list.map((v) => v.visit_id)).not.toContain(visits.check);
    expect(list.map((v) => v.visit_id)).not.toContain(visits.open);
    expect(list.map((v) => v.visit_id)).not.toContain(visitB);
  });

  it("refuses what is not the tenant's to rate, and bad input, in German, storing nothing", async () => {
    const count = async () => (await ctx.db.selectFrom("service_ratings").select("id").execute()).length;
    const before = await count();
    expect((await as("anna").post(rating(visitB), { stars: 5 })).statusCode).toBe(404);
    expect((await as("anna").post(rating(visits.check!), { stars: 5 })).statusCode).toBe(404);
    expect((await as("anna").post(rating(UNKNOWN_ID), { stars: 5 })).statusCode).toBe(404);
    const open = await as("anna").post(rating(visits.open!), { stars: 5 });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe("Diesen Einsatz können Sie bewerten, sobald er erledigt ist.");
    for (const body of [{ stars: 0 }, { stars: 6 }, { stars: 3.5 }, { stars: "5" }, {}]) {
      const res = await as("anna").post(rating(visits.lawn!), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe("Bitte vergeben Sie 1 bis 5 Sterne.");
    }
    const long = await as("anna").post(rating(visits.lawn!), { stars: 3, comment: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("Der Kommentar darf höchstens 500 Zeichen lang sein.");
    expect((await as("anna").post("/api/v1/tenant/services/visits/nicht-da/rating", { stars: 3 })).statusCode).toBe(
      400,
    );
    // A staff token is no tenant's.
    expect((await as("verwalterA").post(rating(visits.lawn!), { stars: 3 })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it("staff read average and count per service and team and the comments, never a tenant's name", async () => {
    await as("carla").post(rating(visits.stairs!), { stars: 5 });
    await as("carla").post(rating(visits.lawn!), { stars: 3, comment: "Schnittgut liegt noch am Weg." });
    await as("bernd").post(rating(visitB), { stars: 1, comment: "Im Haus B nichts gemacht." });
    const today = berlinToday();
    const query = `from=${addDays(today, -7)}&until=${today}`;
    const res = await as("verwalterA").get(`/api/v1/staff/service-ratings?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary.by_service).toEqual([
      expect.objectContaining({ service_name: "Rasen mähen", average: 3, count: 1 }),
      expect.objectContaining({ service_name: "Treppenhausreinigung", average: 4.5, count: 2 }),
    ]);
    expect(summary.by_team).toEqual([
      { team: "Grünpflege Süd", average: 3, count: 1 },
      { team: "Reinigung Nord", average: 4.5, count: 2 },
    ]);
    expect(summary.comments.map((c: { comment: string }) => c.comment).sort()).toEqual([
      "Nachgeholt, jetzt gut.",
      "Schnittgut liegt noch am Weg.",
    ]);
    for (const name of ["Anna", "Alt", "Carla", "Clausen", "Bernd"]) expect(res.body).not.toContain(name);
    // Another house's ratings only for its staff; the whole portfolio for Administrators.
    const b = (await as("verwalterB").get(`/api/v1/staff/service-ratings?${query}`)).json();
    expect(b.by_service).toEqual([expect.objectContaining({ service_name: "Treppenhausreinigung", average: 1 })]);
    const all = (await as("admin").get(`/api/v1/staff/service-ratings?${query}`)).json();
    expect(all.by_team.find((t: { team: string }) => t.team === "Reinigung Nord")).toMatchObject({ count: 3 });
    const onlyA = (await as("admin").get(`/api/v1/staff/service-ratings?${query}&building_id=${buildingA}`)).json();
    expect(onlyA.by_team.find((t: { team: string }) => t.team === "Reinigung Nord")).toMatchObject({ count: 2 });
  });

  it("refuses staff outside the building or without the right, and a bad period", async () => {
    const today = berlinToday();
    const query = `from=${addDays(today, -7)}&until=${today}`;
    expect(
      (await as("verwalterB").get(`/api/v1/staff/service-ratings?${query}&building_id=${buildingA}`)).statusCode,
    ).toBe(404);
    expect((await as("hausmeisterA").get(`/api/v1/staff/service-ratings?${query}`)).statusCode).toBe(403);
    expect((await as("anna").get(`/api/v1/staff/service-ratings?${query}`)).statusCode).toBe(401);
    const reversed = await as("verwalterA").get(
      `/api/v1/staff/service-ratings?from=${today}&until=${addDays(today, -1)}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe("Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.");
    const long = await as("verwalterA").get(
      `/api/v1/staff/service-ratings?from=${addDays(today, -400)}&until=${today}`,
    );
    expect(long.statusCode).toBe(400);
    expect((await as("verwalterA").get("/api/v1/staff/service-ratings?from=gestern&until=heute")).statusCode).toBe(400);
  });
});
