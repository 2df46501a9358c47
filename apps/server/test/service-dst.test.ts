import type { ServicePlanRequest } from "@mieter-portal/contracts/services";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { listMissedVisits, noticeMissedVisits } from "../src/domain/services/missed.js";
import { createServicePlan } from "../src/domain/services/plans.js";
import { serviceProof } from "../src/domain/services/proof.js";
import { runFileAt } from "./clock.js";
import { BUILDING_A, BUILDING_B } from "./factories/staff.js";
import { createStaffMember, createTenant, createTestContext, type TestContext } from "./helpers.js";

// Issue 27 ("Done when": server tests cover time zones): visits keep their Berlin wall-clock window
// across the summer/winter time changes, and a missed visit is noticed when its window ends in
// Berlin — not an hour early or late. Berlin's clocks go back on 25 October 2026 (03:00 → 02:00,
// UTC+2 → UTC+1) and forward on 28 March 2027 (02:00 → 03:00, UTC+1 → UTC+2). Both are Sundays;
// 28 March 2027 is also Easter Sunday, so Ostermontag follows.

// The Friday before the autumn change, 12:00 in Berlin: the plans below start on later days.
runFileAt("2026-10-23T10:00:00Z");

let ctx: TestContext;
let actor: AuditActor;
const buildings: Record<string, string> = {};
const kinds: Record<string, string> = {};

const minutes = (iso: string, delta: number) => new Date(Date.parse(iso) + delta * 60_000);

beforeAll(async () => {
  ctx = await createTestContext();
  await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  const admin = await createStaffMember(ctx.db, "administrator");
  actor = { staffId: admin.id, name: "Ada Admin", ip: null };
  for (const b of await ctx.db.selectFrom("buildings").select(["id", "address"]).execute()) buildings[b.address] = b.id;
  for (const k of await ctx.db.selectFrom("service_kinds").select(["key", "id"]).execute()) kinds[k.key] = k.id;
});
afterAll(() => ctx.close());

/** A plan through the plans' own writer, starting on `from` (also "today" when it is made). */
async function plan(
  address: string,
  serviceKey: string,
  from: string,
  fields: Partial<Omit<ServicePlanRequest, "building_id" | "service_kind_id" | "valid_from">>,
): Promise<string> {
  const made = await createServicePlan(
    ctx.db,
    actor,
    {
      building_id: buildings[address]!,
      service_kind_id: kinds[serviceKey]!,
      recurrence: { kind: "daily" },
      season: null,
      window: { start: "07:00", end: "09:00" },
      rest_day_window: null,
      checklist: [],
      team: null,
      responsible_staff_id: null,
      tenant_visible: true,
      valid_from: from,
      valid_until: null,
      ...fields,
    },
    from,
  );
  if (typeof made === "string") throw new Error(made);
  return made.id;
}

const visitsOf = async (planId: string, from: string, until: string) =>
  (
    await ctx.db
      .selectFrom("service_visits")
      .select(["planned_on", "window_start", "window_end", "moved_from"])
      .where("plan_id", "=", planId)
      .where("planned_on", ">=", from)
      .where("planned_on", "<=", until)
      .orderBy("planned_on")
      .execute()
  ).map((v) => `${v.planned_on} ${v.window_start}–${v.window_end}${v.moved_from ? ` (von ${v.moved_from})` : ""}`);

/** The Leistungsnachweis's status of each visit of a building at `now`. */
const proofStatuses = async (address: string, from: string, until: string, now: Date) =>
  (await serviceProof(ctx.db, buildings[address]!, { from, until }, now))!.rows.map(
    (r) => `${r.date} ${r.serviceKey} ${r.status}`,
  );

describe("autumn: clocks go back in the night of 25 October 2026", () => {
  let stairs: string;
  let winter: string;

  beforeAll(async () => {
    stairs = await plan(BUILDING_A, "treppenhausreinigung", "2026-10-24", {});
    // Winterdienst with an early window, its season starting early enough to hold the change day.
    winter = await plan(BUILDING_A, "winterdienst", "2026-10-24", {
      season: { from: "10-15", until: "04-15" },
      window: { start: "06:00", end: "07:00" },
      rest_day_window: { start: "06:00", end: "07:00" },
    });
  });

  it("visits keep their Berlin window on both sides of the change; Sunday's moves to Monday", async () => {
    expect(await visitsOf(stairs, "2026-10-24", "2026-10-27")).toEqual([
      "2026-10-24 07:00–09:00",
      "2026-10-26 07:00–09:00 (von 2026-10-25)",
      "2026-10-27 07:00–09:00",
    ]);
    // Winterdienst runs every day, the change day included: 06:00 there is 05:00 UTC, the day
    // before 04:00 UTC.
    expect(await visitsOf(winter, "2026-10-24", "2026-10-26")).toEqual([
      "2026-10-24 06:00–07:00",
      "2026-10-25 06:00–07:00",
      "2026-10-26 06:00–07:00",
    ]);
  });

  it("a window has passed when it ends in Berlin: 07:00 is 05:00 UTC before the change, 06:00 UTC on and after it", async () => {
    const statuses = (now: string, delta: number) =>
      proofStatuses(BUILDING_A, "2026-10-24", "2026-10-26", minutes(now, delta));
    // Saturday 24th, summer time: Winterdienst's 07:00 is 05:00 UTC.
    expect(await statuses("2026-10-24T05:00:00Z", -1)).toContain("2026-10-24 winterdienst planned");
    expect(await statuses("2026-10-24T05:00:00Z", 1)).toContain("2026-10-24 winterdienst no_call");
    // Sunday 25th, the change day, winter time from 03:00 summer time on: 07:00 is 06:00 UTC.
    expect(await statuses("2026-10-25T06:00:00Z", -1)).toContain("2026-10-25 winterdienst planned");
    expect(await statuses("2026-10-25T06:00:00Z", 1)).toContain("2026-10-25 winterdienst no_call");
    // Monday 26th: the stairs' 09:00 is 08:00 UTC.
    expect(await statuses("2026-10-26T08:00:00Z", -1)).toEqual([
      "2026-10-24 winterdienst no_call",
      "2026-10-24 treppenhausreinigung missed",
      "2026-10-25 winterdienst no_call",
      "2026-10-26 winterdienst no_call",
      "2026-10-26 treppenhausreinigung planned",
    ]);
    expect(await statuses("2026-10-26T08:00:00Z", 1)).toContain("2026-10-26 treppenhausreinigung missed");
  });

  it("a missed visit is noticed when its window ends in Berlin, before the change and after it", async () => {
    // Saturday 24th, 09:00 summer time = 07:00 UTC.
    expect(await noticeMissedVisits(ctx.db, minutes("2026-10-24T07:00:00Z", -1))).toBe(0);
    expect(await noticeMissedVisits(ctx.db, minutes("2026-10-24T07:00:00Z", 1))).toBe(1);
    // All of the change day: nothing new (no stairs on a Sunday, and Winterdienst is never missed).
    expect(await noticeMissedVisits(ctx.db, new Date("2026-10-25T22:59:00Z"))).toBe(0);
    // Monday 26th, 09:00 winter time = 08:00 UTC: at 07:59 UTC it is 08:59 in Berlin, not 09:59.
    expect(await noticeMissedVisits(ctx.db, minutes("2026-10-26T08:00:00Z", -1))).toBe(0);
    expect(await noticeMissedVisits(ctx.db, minutes("2026-10-26T08:00:00Z", 1))).toBe(1);
    const missed = await listMissedVisits(ctx.db, [buildings[BUILDING_A]!], { open: true });
    expect(missed.map((m) => `${m.planned_on} ${m.service_name} ${m.window.start}–${m.window.end}`)).toEqual([
      "2026-10-26 Treppenhausreinigung 07:00–09:00",
      "2026-10-24 Treppenhausreinigung 07:00–09:00",
    ]);
  });
});

describe("spring: clocks go forward in the night of 28 March 2027 (Easter Sunday)", () => {
  let stairs: string;
  let winter: string;

  beforeAll(async () => {
    stairs = await plan(BUILDING_B, "treppenhausreinigung", "2027-03-27", {});
    winter = await plan(BUILDING_B, "winterdienst", "2027-03-27", {
      season: { from: "11-01", until: "03-31" },
      window: { start: "06:00", end: "07:00" },
      rest_day_window: { start: "06:00", end: "07:00" },
    });
  });

  it("visits keep their Berlin window on both sides of the change; Easter's visits move to Tuesday", async () => {
    expect(await visitsOf(stairs, "2027-03-27", "2027-03-31")).toEqual([
      "2027-03-27 07:00–09:00",
      "2027-03-30 07:00–09:00 (von 2027-03-28)",
      "2027-03-31 07:00–09:00",
    ]);
    expect(await visitsOf(winter, "2027-03-27", "2027-04-01")).toEqual([
      "2027-03-27 06:00–07:00",
      "2027-03-28 06:00–07:00",
      "2027-03-29 06:00–07:00",
      "2027-03-30 06:00–07:00",
      "2027-03-31 06:00–07:00",
    ]);
  });

  it("a window has passed when it ends in Berlin: 07:00 is 06:00 UTC before the change, 05:00 UTC on and after it", async () => {
    const statuses = (now: string, delta: number) =>
      proofStatuses(BUILDING_B, "2027-03-27", "2027-03-30", minutes(now, delta));
    // Saturday 27th, winter time.
    expect(await statuses("2027-03-27T06:00:00Z", -1)).toContain("2027-03-27 winterdienst planned");
    expect(await statuses("2027-03-27T06:00:00Z", 1)).toContain("2027-03-27 winterdienst no_call");
    // Sunday 28th, the change day, summer time from 02:00 winter time on.
    expect(await statuses("2027-03-28T05:00:00Z", -1)).toContain("2027-03-28 winterdienst planned");
    expect(await statuses("2027-03-28T05:00:00Z", 1)).toContain("2027-03-28 winterdienst no_call");
    // Tuesday 30th: the stairs' 09:00 is 07:00 UTC.
    expect(await statuses("2027-03-30T07:00:00Z", -1)).toContain("2027-03-30 treppenhausreinigung planned");
    expect(await statuses("2027-03-30T07:00:00Z", 1)).toContain("2027-03-30 treppenhausreinigung missed");
  });

  it("a missed visit is noticed when its window ends in Berlin, before the change and after it", async () => {
    // The autumn's visits lie outside the look-back by now.
    // Saturday 27th, 09:00 winter time = 08:00 UTC.
    expect(await noticeMissedVisits(ctx.db, minutes("2027-03-27T08:00:00Z", -1))).toBe(0);
    expect(await noticeMissedVisits(ctx.db, minutes("2027-03-27T08:00:00Z", 1))).toBe(1);
    // Easter Sunday and Monday: nothing new.
    expect(await noticeMissedVisits(ctx.db, new Date("2027-03-29T21:59:00Z"))).toBe(0);
    // Tuesday 30th, 09:00 summer time = 07:00 UTC: at 07:01 UTC it is 09:01 in Berlin, not 08:01.
    expect(await noticeMissedVisits(ctx.db, minutes("2027-03-30T07:00:00Z", -1))).toBe(0);
    expect(await noticeMissedVisits(ctx.db, minutes("2027-03-30T07:00:00Z", 1))).toBe(1);
    const missed = await listMissedVisits(ctx.db, [buildings[BUILDING_B]!], { open: true });
    expect(missed.map((m) => `${m.planned_on} ${m.window.start}–${m.window.end}`)).toEqual([
      "2027-03-30 07:00–09:00",
      "2027-03-27 07:00–09:00",
    ]);
  });
});
