import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/connection.js";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { noticeMissedVisits } from "../src/domain/services/missed.js";
import { createServicePlan } from "../src/domain/services/plans.js";
import { berlinToday } from "../src/lib/time.js";
import { runFileAt } from "./clock.js";
import { auditOf, BUILDING_A, BUILDING_B } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  type StaffFixture,
  staffLogin,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";
import { backendPid, waitUntilWaitingOnLock } from "./pg-locks.js";

// Issue 27 §4 (decision 048): a visit whose window passed without a finished Einsatz opens one
// Eingang item "Einsatz verpasst" for those who plan the building's services — once, however often
// the job runs and in however many processes; a record finished late or a staff member's note closes it.

let ctx: TestContext;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
const visitsToday: Record<string, string> = {};

// Wednesday 25 November 2026, 07:00 in Berlin: before the windows (08:00–10:00) of the day.
runFileAt("2026-11-25T06:00:00Z");
const DURING = new Date("2026-11-25T08:30:00Z"); // 09:30 in Berlin
const AFTER = new Date("2026-11-25T09:00:00Z"); // 10:00 in Berlin: the window has ended

beforeAll(async () => {
  ctx = await createTestContext();
  await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  people.hausmeisterB = await createStaffMember(ctx.db, "hausmeister", [BUILDING_B]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  const kinds = Object.fromEntries(
    (await ctx.db.selectFrom("service_kinds").select(["key", "id"]).execute()).map((k) => [k.key, k.id]),
  );
  const buildingOf = async (address: string) =>
    (await ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow()).id;
  const actor: AuditActor = { staffId: people.admin.id, name: "Ada Admin", ip: null };
  const today = berlinToday();
  for (const [name, address, service] of [
    ["stairsA", BUILDING_A, "treppenhausreinigung"],
    ["lawnA", BUILDING_A, "rasen_maehen"],
    ["stairsB", BUILDING_B, "treppenhausreinigung"],
  ] as const) {
    const plan = await createServicePlan(
      ctx.db,
      actor,
      {
        building_id: await buildingOf(address),
        service_kind_id: kinds[service]!,
        recurrence: { kind: "daily" },
        season: null,
        window: { start: "08:00", end: "10:00" },
        rest_day_window: null,
        checklist: [],
        team: null,
        responsible_staff_id: null,
        tenant_visible: true,
        valid_from: today,
        valid_until: null,
      },
      today,
    );
    if (typeof plan === "string") throw new Error(plan);
    visitsToday[name] = (
      await ctx.db
        .selectFrom("service_visits")
        .select("id")
        .where("plan_id", "=", plan.id)
        .where("planned_on", "=", today)
        .executeTakeFirstOrThrow()
    ).id;
  }
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);

async function doVisit(visit: string, who: string) {
  const id = randomUUID();
  const started = await as(who).post("/api/v1/staff/service-records", {
    id,
    visit_id: visit,
    started_at: new Date(Date.now() - 20 * 60_000).toISOString(),
    photos: [],
  });
  expect(started.statusCode, started.body).toBe(201);
  const finished = await as(who).post(`/api/v1/staff/service-records/${id}/finish`, {
    finished_at: new Date(Date.now() - 60_000).toISOString(),
    checklist: [],
    photos: [],
  });
  expect(finished.statusCode, finished.body).toBe(200);
}

type Item = { id: string; title: string; due_at: string; tenant: unknown; building: { id: string } | null };
const missedItems = async (who: string) =>
  ((await as(who).get("/api/v1/staff/inbox?kind=service_missed")).json() as { items: Item[] }).items;

describe("missed visits → Eingang (issue 27 §4)", () => {
  it("nothing while the window runs; once it has ended, one item per visit without a finished Einsatz", async () => {
    await doVisit(visitsToday.lawnA!, "hausmeisterA");
    expect(await noticeMissedVisits(ctx.db, DURING)).toBe(0);
    expect(await noticeMissedVisits(ctx.db, AFTER)).toBe(2);
    // The job again, and again: nothing twice.
    expect(await noticeMissedVisits(ctx.db, AFTER)).toBe(0);
    expect(await noticeMissedVisits(ctx.db, new Date(AFTER.getTime() + 15 * 60_000))).toBe(0);
    const itemsA = await missedItems("verwalterA");
    expect(itemsA).toEqual([
      expect.objectContaining({
        id: visitsToday.stairsA,
        title: "Einsatz verpasst: Treppenhausreinigung am 25.11.2026",
        // One working day later: Thursday, 10:00 in Berlin.
        due_at: "2026-11-26T09:00:00.000Z",
        tenant: null,
      }),
    ]);
    expect((await missedItems("verwalterB")).map((i) => i.id)).toEqual([visitsToday.stairsB]);
    expect((await missedItems("admin")).map((i) => i.id).sort()).toEqual(
      [visitsToday.stairsA, visitsToday.stairsB].sort(),
    );
    // Hausmeister do not plan services: the kind is not theirs.
    expect((await as("hausmeisterA").get("/api/v1/staff/inbox?kind=service_missed")).statusCode).toBe(403);
    const all = (await as("hausmeisterA").get("/api/v1/staff/inbox")).json() as { items: Item[] };
    expect(all.items.map((i) => i.id)).not.toContain(visitsToday.stairsA);
    // It can be assigned like every item.
    const assign = await as("verwalterA").post(`/api/v1/staff/inbox/service_missed/${visitsToday.stairsA}/assign`, {
      assignee_id: people.verwalterA!.id,
    });
    expect(assign.statusCode, assign.body).toBeLessThan(300);
    const open = await as("verwalterA").get("/api/v1/staff/service-missed");
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual([
      expect.objectContaining({
        visit_id: visitsToday.stairsA,
        service_name: "Treppenhausreinigung",
        planned_on: "2026-11-25",
        window: { start: "08:00", end: "10:00" },
        closed_at: null,
      }),
    ]);
  });

  it("a record finished late closes the item", async () => {
    await doVisit(visitsToday.stairsA!, "hausmeisterA");
    expect(await noticeMissedVisits(ctx.db, new Date(AFTER.getTime() + 30 * 60_000))).toBe(0);
    expect(await missedItems("verwalterA")).toEqual([]);
    expect((await as("verwalterA").get("/api/v1/staff/service-missed")).json()).toEqual([]);
    const history = (await as("verwalterA").get("/api/v1/staff/service-missed?open=false")).json();
    expect(history).toEqual([
      expect.objectContaining({ visit_id: visitsToday.stairsA, close_note: "Einsatz nachgetragen" }),
    ]);
    // The Eingang's link opens one visit, open or closed; another building's is not there.
    const one = (await as("verwalterA").get(`/api/v1/staff/service-missed?visit_id=${visitsToday.stairsA}`)).json();
    expect(one).toEqual([expect.objectContaining({ visit_id: visitsToday.stairsA, closed_at: expect.any(String) })]);
    expect((await as("verwalterB").get(`/api/v1/staff/service-missed?visit_id=${visitsToday.stairsA}`)).json()).toEqual(
      [],
    );
  });

  it("a staff member of the building notes what was done: the item closes, audited; others are refused", async () => {
    const visit = visitsToday.stairsB!;
    const close = (who: string, body: Record<string, unknown>) =>
      as(who).post(`/api/v1/staff/service-missed/${visit}/close`, body);
    expect((await close("verwalterA", { note: "Erledigt." })).statusCode).toBe(404);
    expect((await close("hausmeisterB", { note: "Erledigt." })).statusCode).toBe(403);
    expect((await as("verwalterA").get(`/api/v1/staff/service-missed?building_id=${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await as("hausmeisterB").get("/api/v1/staff/service-missed")).statusCode).toBe(403);
    const empty = await close("verwalterB", { note: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Die Notiz ist erforderlich.");
    expect((await close("verwalterB", { note: "Erledigt." })).statusCode).toBe(204);
    // Once more is a conflict.
    const again = await close("verwalterB", { note: "Noch einmal." });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Dieser verpasste Einsatz ist schon erledigt.");
    expect(await missedItems("verwalterB")).toEqual([]);
    const audit = await auditOf(ctx.db, visit);
    expect(audit).toEqual([
      expect.objectContaining({ action: "service_visit.missed_closed", staff_id: people.verwalterB!.id }),
    ]);
    expect(audit[0]!.after).toEqual({ note: "Erledigt." });
    expect(
      (await as("verwalterB").post(`/api/v1/staff/service-missed/${UNKNOWN_ID}/close`, { note: "x" })).statusCode,
    ).toBe(404);
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)("two processes notice at once (PostgreSQL)", () => {
  it("the second waits for the first's open transaction and opens nothing twice", async () => {
    // Thursday 10:00 in Berlin: Thursday's three visits have passed.
    const at = new Date("2026-11-26T09:00:00Z");
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => {
      firstWrote = resolve;
    });
    let firstCount = 0;
    const first = ctx.db.transaction().execute(async (trx: Db) => {
      firstCount = await noticeMissedVisits(trx, at);
      firstWrote();
      await committed;
    });
    await wrote;
    let pid: number | undefined;
    const second = ctx.db.transaction().execute(async (trx: Db) => {
      pid = await backendPid(trx);
      return noticeMissedVisits(trx, at);
    });
    await waitUntilWaitingOnLock(ctx.db, () => pid);
    commit();
    await first;
    expect(firstCount).toBe(3);
    expect(await second).toBe(0);
    const items = await ctx.db
      .selectFrom("inbox_items")
      .select("item_id")
      .where("kind", "=", "service_missed")
      .execute();
    expect(new Set(items.map((i) => i.item_id)).size).toBe(items.length);
    expect(items).toHaveLength(3);
  });
});
