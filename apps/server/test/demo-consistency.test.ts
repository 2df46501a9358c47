import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "../src/db/seed/demo.js";
import { seedDemoNoticesIfMissing } from "../src/db/seed/demo-notices.js";
import { seedDemoStaffIfMissing } from "../src/db/seed/demo-staff.js";
import { berlinToday } from "../src/lib/time.js";
import { createTestContext, type TestContext } from "./helpers.js";

// Issue 25 item 8: the demo reads like one consistent building — whatever day it is seeded on
// (its dates are relative to today).

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoIfEmpty(ctx.db, ctx.app.files);
  await seedDemoStaffIfMissing(ctx.db);
  await seedDemoNoticesIfMissing(ctx.db, { company: "Hausverwaltung Test", publicUrl: "http://localhost:3000" });
});
afterAll(() => ctx.close());

describe("the demo content", () => {
  it("names one cleaning firm for the stairwell in every message and notice", async () => {
    const messages = await ctx.db.selectFrom("messages").select("content").execute();
    const notices = await ctx.db.selectFrom("notices").select(["title", "body"]).execute();
    const texts = [...messages.map((m) => m.content), ...notices.map((n) => `${n.title} ${n.body}`)];
    const stairwell = texts.filter((t) => /Treppenhaus/.test(t) && /Firma/.test(t));
    expect(stairwell.length).toBeGreaterThanOrEqual(2);
    const firms = new Set(stairwell.map((t) => /Firma (\S+)/.exec(t)?.[1]));
    expect([...firms]).toHaveLength(1);
    const days = new Set(stairwell.map((t) => /jeden (\w+)/.exec(t)?.[1]));
    expect([...days]).toEqual(["Dienstag"]);
  });

  it("has no repair scheduled or in progress whose planned date has passed", async () => {
    const today = berlinToday();
    const open = await ctx.db
      .selectFrom("repairs")
      .select(["description", "status", "planned_date"])
      .where("status", "in", ["scheduled", "in_progress"])
      .execute();
    expect(open.length).toBeGreaterThan(0);
    const stale = open.filter((r) => r.planned_date !== null && r.planned_date < today);
    expect(stale).toEqual([]);
  });
});
