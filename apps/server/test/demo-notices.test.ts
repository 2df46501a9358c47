import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, NEIGHBOUR_EMAIL, seedDemoIfEmpty } from "../src/db/seed/demo.js";
import { seedDemoNoticesIfMissing } from "../src/db/seed/demo-notices.js";
import { DEMO_STAFF_PASSWORD, DEMO_VERWALTER_EMAIL, seedDemoStaffIfMissing } from "../src/db/seed/demo-staff.js";
import { api, createTestContext, login, staffLogin, type TestContext } from "./helpers.js";

// Issue 14 §4: a fresh demo shows a current information notice and an outage on the demo tenants'
// dashboard and in the console, without mailing anybody at start.

let ctx: TestContext;
const MAIL = { company: "Hausverwaltung Test", publicUrl: "http://localhost:3000" };

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoIfEmpty(ctx.db, ctx.app.files);
  await seedDemoStaffIfMissing(ctx.db);
});
afterAll(() => ctx.close());

describe("the demo notices", () => {
  it("seed an information and an outage for the demo building, once, audited, with no mail", async () => {
    expect(await seedDemoNoticesIfMissing(ctx.db, MAIL)).toBe(true);
    expect(await seedDemoNoticesIfMissing(ctx.db, MAIL)).toBe(false);

    for (const email of [DEMO_EMAIL, NEIGHBOUR_EMAIL]) {
      const token = await login(ctx.app, { email, password: DEMO_PASSWORD });
      const res = await api(ctx.app, token).get("/api/v1/tenant/notices");
      expect(res.statusCode).toBe(200);
      const notices = res.json() as { kind: string; emergency_type: string | null; affected: boolean }[];
      expect(notices.map((n) => [n.kind, n.emergency_type]).sort()).toEqual([
        ["emergency", "lift_out_of_order"],
        ["information", null],
      ]);
      expect(notices.every((n) => !n.affected)).toBe(true);
    }

    const staff = await staffLogin(ctx.app, { id: "", email: DEMO_VERWALTER_EMAIL, password: DEMO_STAFF_PASSWORD });
    const list = (await api(ctx.app, staff).get("/api/v1/staff/notices?status=current")).json();
    expect(list.items).toHaveLength(2);
    for (const notice of list.items) {
      expect(notice.building?.name).toBe("Lindenstraße 5");
      expect(notice.created_by?.name).toBe("Sabine Krüger");
    }
    // The outage counts as mailed when it was published: nothing goes out at start.
    expect(list.items.find((n: { kind: string }) => n.kind === "emergency").mailed_at).toEqual(expect.any(String));
    // Its window (issue 25 item 21): since this morning's full hour, until the part is fitted.
    const outage = list.items.find((n: { kind: string }) => n.kind === "emergency");
    expect(outage.outage_from).toMatch(/T\d{2}:00:00\.000Z$/);
    expect(outage.outage_until).toMatch(/T\d{2}:00:00\.000Z$/);
    expect(Date.parse(outage.outage_from)).toBeLessThan(Date.now());
    expect(Date.parse(outage.outage_until)).toBeGreaterThan(Date.now());
    expect(Date.parse(outage.outage_until)).toBeLessThanOrEqual(Date.parse(outage.valid_until));
    const mails = await ctx.db
      .selectFrom("notification_outbox")
      .select("id")
      .where("kind", "=", "notice_emergency")
      .execute();
    expect(mails).toEqual([]);
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "=", "notice.created")
      .execute();
    expect(audit).toHaveLength(2);
  });
});
