import { addDays } from "@mieter-portal/contracts";
import { HEDGE_CUT_TEXTS, plannedVisitSlots, servicePlanRequest } from "@mieter-portal/contracts/services";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/connection.js";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { changeServicePlan, createServicePlan, ensureServiceVisits, scheduleOf } from "../src/domain/services/plans.js";
import { generateVisitsForPlan, VISIT_HORIZON_DAYS } from "../src/domain/services/visits.js";
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
import { backendPid, waitUntilWaitingOnLock } from "./pg-locks.js";

// Issue 27 §1: service plans and their planned visits — generated ahead and idempotently, a change
// applies to future visits only, scope per role and building, bad input refused in German.

const PLANS = "/api/v1/staff/service-plans";
const KINDS = "/api/v1/staff/services/kinds";
const VISITS = "/api/v1/staff/service-visits";

let ctx: TestContext;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
let buildingA: string;
let buildingB: string;
let kinds: Record<string, string>;
let actor: AuditActor;

// A Wednesday, 12:00 in Berlin: "today" is the same day in the set-up and in every request.
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
  const buildingOf = (address: string) =>
    ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow();
  buildingA = (await buildingOf(BUILDING_A)).id;
  buildingB = (await buildingOf(BUILDING_B)).id;
  kinds = Object.fromEntries(
    (await ctx.db.selectFrom("service_kinds").select(["key", "id"]).execute()).map((k) => [k.key, k.id]),
  );
  actor = { staffId: people.admin.id, name: "Ada Admin", ip: null };
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);

function stairwell(overrides: Record<string, unknown> = {}) {
  return {
    building_id: buildingA,
    service_kind_id: kinds.treppenhausreinigung,
    recurrence: { kind: "weekly", weekdays: [1, 4] },
    window: { start: "08:00", end: "12:00" },
    checklist: ["Treppen gewischt", "Handläufe abgewischt"],
    team: "Reinigung Nord",
    tenant_visible: true,
    valid_from: berlinToday(),
    ...overrides,
  };
}

/** A running stairwell plan from `start` (given as "today"), through the plans module. */
async function stairwellPlanFrom(start: string, overrides: Record<string, unknown> = {}) {
  const request = servicePlanRequest.parse(stairwell({ valid_from: start, ...overrides }));
  const plan = await createServicePlan(ctx.db, actor, request, start);
  if (typeof plan === "string") throw new Error(plan);
  return plan;
}

const visitsOf = (planId: string) =>
  ctx.db
    .selectFrom("service_visits")
    .select(["planned_on", "window_start", "moved_from"])
    .where("plan_id", "=", planId)
    .orderBy("planned_on")
    .execute();

const counts = async () => ({
  plans: Number(
    (
      await ctx.db
        .selectFrom("service_plans")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  kinds: Number(
    (
      await ctx.db
        .selectFrom("service_kinds")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe("the catalogue", () => {
  it("starts with the German defaults and their BetrKV category, once however often the server starts", async () => {
    const res = await as("verwalterA").get(KINDS);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { key: string; name: string; category: string }[];
    expect(list.slice(0, 3).map((k) => k.name)).toEqual([
      "Treppenhausreinigung",
      "Fenster im Treppenhaus",
      "Rasen mähen",
    ]);
    expect(list.find((k) => k.key === "winterdienst")?.category).toBe("nr8");
    await ctx.app.ready();
    const { ensureDefaultServiceKinds } = await import("../src/domain/services/catalogue.js");
    await ensureDefaultServiceKinds(ctx.db);
    expect((await as("admin").get(KINDS)).json()).toHaveLength(list.length);
  });

  it("a manager adds a service of the company's own; a second with the same name is refused", async () => {
    const body = { name: "Dachrinne reinigen", category: "nr9", checklist: ["Laub entfernt"] };
    const created = await as("verwalterA").post(KINDS, body);
    expect(created.statusCode, created.body).toBe(201);
    expect((await auditOf(ctx.db, created.json().id)).map((e) => e.action)).toEqual(["service_kind.created"]);
    const again = await as("admin").post(KINDS, { ...body, name: "dachrinne reinigen" });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.name).toBe("Eine Leistung mit diesem Namen gibt es schon.");
  });
});

describe("a plan makes its visits", () => {
  it("eight weeks ahead, exactly the plan's days, with an audit entry", async () => {
    const res = await as("verwalterA").post(PLANS, stairwell());
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    const today = berlinToday();
    const expected = plannedVisitSlots(
      {
        recurrence: { kind: "weekly", weekdays: [1, 4], every_weeks: 1 },
        window: { start: "08:00", end: "12:00" },
        valid_from: today,
      },
      today,
      addDays(today, VISIT_HORIZON_DAYS),
    ).map((s) => s.date);
    expect(expected.length).toBeGreaterThanOrEqual(14);
    expect((await visitsOf(id)).map((v) => v.planned_on)).toEqual(expected);
    expect((await auditOf(ctx.db, id)).map((e) => e.action)).toEqual(["service_plan.created"]);

    // The daily job adds nothing twice.
    await ensureServiceVisits(ctx.db);
    expect((await visitsOf(id)).map((v) => v.planned_on)).toEqual(expected);

    const listed = await as("hausmeisterA").get(`${VISITS}?from=${today}&until=${addDays(today, 13)}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const mine = (listed.json() as { plan_id: string; service_name: string }[]).filter((v) => v.plan_id === id);
    expect(mine.length).toBe(expected.filter((d) => d <= addDays(today, 13)).length);
    expect(mine[0]?.service_name).toBe("Treppenhausreinigung");
  });

  it("the daily job extends the horizon as days pass (clock given)", async () => {
    const start = "2030-01-07"; // a Monday
    const result = await stairwellPlanFrom(start);
    const before = (await visitsOf(result.id)).at(-1)?.planned_on;
    await ensureServiceVisits(ctx.db, "2030-01-21");
    const after = (await visitsOf(result.id)).at(-1)?.planned_on;
    expect(after! > before!).toBe(true);
    expect(after! <= addDays("2030-01-21", VISIT_HORIZON_DAYS)).toBe(true);
  });

  it("the start and the daily job write many plans' visits in a few multi-row inserts, and nothing on a restart", async () => {
    const start = "2031-03-03"; // a Monday
    for (let i = 0; i < 30; i++) {
      await stairwellPlanFrom(start, { team: `Team ${i}` });
    }
    let inserts = 0;
    const counting = ctx.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === "InsertQueryNode") inserts += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const threeWeeksOn = addDays(start, 21);
    const created = await ensureServiceVisits(counting, threeWeeksOn);
    expect(created).toBeGreaterThanOrEqual(30 * 3);
    expect(inserts).toBeLessThanOrEqual(Math.ceil(created / 400));
    // A restart on the same day: every plan already reaches the horizon, so nothing is sent.
    inserts = 0;
    expect(await ensureServiceVisits(counting, threeWeeksOn)).toBe(0);
    expect(inserts).toBe(0);
  });

  it("Winterdienst runs every day of its season, later on Sundays and public holidays", async () => {
    const result = await createServicePlan(
      ctx.db,
      actor,
      {
        building_id: buildingA,
        service_kind_id: kinds.winterdienst!,
        recurrence: { kind: "daily" },
        season: { from: "11-01", until: "03-31" },
        window: { start: "07:00", end: "20:00" },
        rest_day_window: null,
        checklist: ["Gehweg geräumt", "Gestreut"],
        team: null,
        responsible_staff_id: null,
        tenant_visible: true,
        valid_from: "2030-12-20",
        valid_until: null,
      },
      "2030-12-20",
    );
    if (typeof result === "string") throw new Error(result);
    const days = (await visitsOf(result.id)).filter(
      (v) => v.planned_on >= "2030-12-24" && v.planned_on <= "2030-12-27",
    );
    // 25 and 26 December are holidays; 2030-12-24 is a Tuesday.
    expect(days.map((v) => `${v.planned_on} ${v.window_start}`)).toEqual([
      "2030-12-24 07:00",
      "2030-12-25 09:00",
      "2030-12-26 09:00",
      "2030-12-27 07:00",
    ]);
  });

  it("hedges warn about the protected months and tell the crew so on each visit in them", async () => {
    const res = await as("verwalterA").post(
      PLANS,
      stairwell({ service_kind_id: kinds.hecke_schneiden, recurrence: { kind: "monthly", day_of_month: 15 } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const plans = (await as("verwalterA").get(`${PLANS}?building_id=${buildingA}`)).json() as {
      id: string;
      warnings: string[];
    }[];
    expect(plans.find((p) => p.id === res.json().id)?.warnings).toEqual([HEDGE_CUT_TEXTS.planWarning]);
    const autumn = await createServicePlan(
      ctx.db,
      actor,
      {
        building_id: buildingB,
        service_kind_id: kinds.hecke_schneiden!,
        recurrence: { kind: "monthly", day_of_month: 15 },
        season: { from: "10-01", until: "02-28" },
        window: { start: "08:00", end: "16:00" },
        rest_day_window: null,
        checklist: [],
        team: null,
        responsible_staff_id: null,
        tenant_visible: false,
        valid_from: "2031-08-01",
        valid_until: null,
      },
      "2031-08-01",
    );
    if (typeof autumn === "string") throw new Error(autumn);
    const listed = (await as("admin").get(`${PLANS}?building_id=${buildingB}`)).json() as {
      id: string;
      warnings: string[];
    }[];
    expect(listed.find((p) => p.id === autumn.id)?.warnings).toEqual([]);
  });
});

describe("a change applies to future visits only", () => {
  it("the plan ends the day before, its earlier visits stay, the successor makes the new ones", async () => {
    const start = "2030-03-04"; // Monday
    const first = await stairwellPlanFrom(start);
    const today = "2030-03-12";
    // From Monday 18 March: Tuesdays only, 9–11.
    const changed = await changeServicePlan(
      ctx.db,
      actor,
      first.id,
      {
        recurrence: { kind: "weekly", weekdays: [2], every_weeks: 1 },
        season: null,
        window: { start: "09:00", end: "11:00" },
        rest_day_window: null,
        checklist: ["Treppen gewischt"],
        team: "Reinigung Süd",
        responsible_staff_id: null,
        tenant_visible: true,
        valid_until: null,
        effective_from: "2030-03-18",
      },
      today,
    );
    if (typeof changed === "string") throw new Error(changed);
    const old = await visitsOf(first.id);
    expect(old.map((v) => v.planned_on)).toEqual(["2030-03-04", "2030-03-07", "2030-03-11", "2030-03-14"]);
    const next = await visitsOf(changed.id);
    expect(next[0]).toEqual({ planned_on: "2030-03-19", window_start: "09:00", moved_from: null });
    expect(next.every((v) => new Date(`${v.planned_on}T12:00:00Z`).getUTCDay() === 2)).toBe(true);
    const plans = await ctx.db
      .selectFrom("service_plans")
      .select(["id", "valid_from", "valid_until", "predecessor_id"])
      .where("id", "in", [first.id, changed.id])
      .orderBy("valid_from")
      .execute();
    expect(plans).toEqual([
      { id: first.id, valid_from: start, valid_until: "2030-03-17", predecessor_id: null },
      { id: changed.id, valid_from: "2030-03-18", valid_until: null, predecessor_id: first.id },
    ]);
    expect((await auditOf(ctx.db, changed.id)).map((e) => e.action)).toEqual(["service_plan.changed"]);
    // The log says it in German: what, which plan, Vorher/nachher.
    const log = await as("admin").get("/api/v1/staff/audit?entity_type=service_plan&limit=50");
    expect(log.statusCode, log.body).toBe(200);
    const entry = (
      log.json() as {
        items: {
          entity_id: string;
          action_label: string;
          item: { label: string } | null;
          changes: { field: string; before: string | null; after: string | null }[];
        }[];
      }
    ).items.find((e) => e.entity_id === changed.id);
    expect(entry?.action_label).toBe("hat einen Leistungsplan geändert");
    expect(entry?.item?.label).toMatch(/^Treppenhausreinigung – /);
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: "Rhythmus", before: "wöchentlich Mo, Do", after: "wöchentlich Di" },
        { field: "Zeitfenster", before: "08:00–12:00 Uhr", after: "09:00–11:00 Uhr" },
        { field: "Team", before: "Reinigung Nord", after: "Reinigung Süd" },
        { field: "Gültig ab", before: "04.03.2030", after: "18.03.2030" },
      ]),
    );
  });

  it("refuses a change from today or earlier, and a start in the past, in German; nothing stored", async () => {
    const created = (await as("verwalterA").post(PLANS, stairwell())).json() as { id: string };
    const before = await counts();
    const today = berlinToday();
    const change = await as("verwalterA").post(`${PLANS}/${created.id}/change`, {
      ...stairwell(),
      building_id: undefined,
      service_kind_id: undefined,
      valid_from: undefined,
      effective_from: today,
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().fields.effective_from).toBe(
      "Eine Änderung gilt frühestens ab morgen; die Einsätze bis heute bleiben, wie sie waren.",
    );
    const past = await as("verwalterA").post(PLANS, stairwell({ valid_from: addDays(today, -1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.valid_from).toMatch(/^Ein Plan gilt frühestens ab heute/);
    expect(await counts()).toEqual(before);
  });

  it("ending a plan withdraws its visits after the last day", async () => {
    const created = (await as("verwalterA").post(PLANS, stairwell())).json() as { id: string };
    const lastDay = addDays(berlinToday(), 7);
    const res = await as("verwalterA").post(`${PLANS}/${created.id}/end`, { last_day: lastDay });
    expect(res.statusCode, res.body).toBe(204);
    const left = await visitsOf(created.id);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((v) => v.planned_on <= lastDay)).toBe(true);
    const again = await as("verwalterA").post(`${PLANS}/${created.id}/end`, { last_day: addDays(lastDay, -8) });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/^Ein Plan endet frühestens heute/);
  });
});

describe("bad input is refused in German and stores nothing", () => {
  it.each([
    [
      "a window ending before it starts",
      { window: { start: "12:00", end: "08:00" } },
      "Das Ende muss nach dem Beginn liegen.",
    ],
    [
      "a weekly plan without weekdays",
      { recurrence: { kind: "weekly", weekdays: [] } },
      "Bitte mindestens einen Wochentag wählen.",
    ],
    ["a season day that does not exist", { season: { from: "02-30", until: "03-31" } }, "Diesen Tag gibt es nicht."],
    [
      "an end before the start",
      { valid_until: "2020-01-01" },
      "Das Ende des Plans darf nicht vor seinem Beginn liegen.",
    ],
    ["an unknown service", { service_kind_id: UNKNOWN_ID }, "Diese Leistung gibt es nicht."],
  ])("%s", async (_name, overrides, message) => {
    const before = await counts();
    const res = await as("verwalterA").post(PLANS, stairwell(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it("a visit period that is reversed or longer than a year", async () => {
    const reversed = await as("admin").get(`${VISITS}?from=2030-02-01&until=2030-01-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe("Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.");
    const long = await as("admin").get(`${VISITS}?from=2030-01-01&until=2031-06-01`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("Bitte höchstens 366 Tage auf einmal abfragen.");
  });
});

describe("who may do what", () => {
  it("every route refuses a tenant token (401) and no token (401)", async () => {
    const plan = (await as("verwalterA").post(PLANS, stairwell())).json() as { id: string };
    const routes = [
      ["GET", KINDS],
      ["POST", KINDS],
      ["GET", PLANS],
      ["POST", PLANS],
      ["POST", `${PLANS}/${plan.id}/change`],
      ["POST", `${PLANS}/${plan.id}/end`],
      ["GET", `${VISITS}?from=2030-01-01&until=2030-01-31`],
    ] as const;
    for (const [method, url] of routes) {
      for (const client of [as("anna"), api(ctx.app)]) {
        const res = method === "GET" ? await client.get(url) : await client.post(url, {});
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });

  it("a Hausmeister sees the visits of their building but no plans or catalogue (403)", async () => {
    const plan = (await as("verwalterA").post(PLANS, stairwell())).json() as { id: string };
    const before = await counts();
    for (const res of [
      await as("hausmeisterA").get(KINDS),
      await as("hausmeisterA").post(KINDS, { name: "Neu", category: "none" }),
      await as("hausmeisterA").get(PLANS),
      await as("hausmeisterA").post(PLANS, stairwell()),
      await as("hausmeisterA").post(`${PLANS}/${plan.id}/change`, { ...stairwell(), effective_from: "2099-01-01" }),
      await as("hausmeisterA").post(`${PLANS}/${plan.id}/end`, { last_day: "2099-01-01" }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await counts()).toEqual(before);
    const today = berlinToday();
    const visits = (await as("hausmeisterA").get(`${VISITS}?from=${today}&until=${addDays(today, 30)}`)).json() as {
      building_id: string;
    }[];
    expect(visits.length).toBeGreaterThan(0);
    expect(visits.every((v) => v.building_id === buildingA)).toBe(true);
  });

  it("another building's Verwalter gets 404 for its plans and sees none of its visits", async () => {
    const plan = (await as("verwalterA").post(PLANS, stairwell())).json() as { id: string };
    const before = await counts();
    for (const res of [
      await as("verwalterB").get(`${PLANS}?building_id=${buildingA}`),
      await as("verwalterB").post(PLANS, stairwell()),
      await as("verwalterB").post(`${PLANS}/${plan.id}/change`, {
        ...stairwell({ building_id: undefined, service_kind_id: undefined, valid_from: undefined }),
        effective_from: "2099-01-01",
      }),
      await as("verwalterB").post(`${PLANS}/${plan.id}/end`, { last_day: "2099-01-01" }),
      await as("verwalterB").get(`${VISITS}?building_id=${buildingA}&from=2030-01-01&until=2030-01-31`),
      await as("verwalterB").post(`${PLANS}/${UNKNOWN_ID}/end`, { last_day: "2099-01-01" }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await counts()).toEqual(before);
    const listed = (await as("verwalterB").get(PLANS)).json() as { building_id: string }[];
    expect(listed.every((p) => p.building_id === buildingB)).toBe(true);
    const today = berlinToday();
    const visits = (await as("verwalterB").get(`${VISITS}?from=${today}&until=${addDays(today, 30)}`)).json() as {
      building_id: string;
    }[];
    expect(visits.every((v) => v.building_id === buildingB)).toBe(true);
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)("two processes plan at once (PostgreSQL)", () => {
  it("the second waits for the first's open transaction and adds nothing twice", async () => {
    const start = "2032-05-03";
    const created = await stairwellPlanFrom(start);
    const row = await ctx.db
      .selectFrom("service_plans")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    const later = "2032-06-14"; // the horizon moved on: both runs add the same new days
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
      firstCount = await generateVisitsForPlan(trx, row, scheduleOf(row, "treppenhausreinigung"), later);
      firstWrote();
      await committed;
    });
    await wrote;
    let pid: number | undefined;
    const second = ctx.db.transaction().execute(async (trx: Db) => {
      pid = await backendPid(trx);
      return generateVisitsForPlan(trx, row, scheduleOf(row, "treppenhausreinigung"), later);
    });
    await waitUntilWaitingOnLock(ctx.db, () => pid);
    commit();
    await first;
    expect(firstCount).toBeGreaterThan(0);
    expect(await second).toBe(0);
    const days = (await visitsOf(created.id)).map((v) => v.planned_on);
    expect(new Set(days).size).toBe(days.length);
  });
});
