import { addDays, earliestCollectionDate } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "../src/db/seed/demo.js";
import { seedDemoSepaIfMissing } from "../src/db/seed/demo-sepa.js";
import { DEMO_STAFF_PASSWORD, DEMO_VERWALTER_EMAIL, seedDemoStaffIfMissing } from "../src/db/seed/demo-staff.js";
import { ensureRentCharges } from "../src/domain/ledger/rent-charges.js";
import { berlinToday } from "../src/lib/time.js";
import { api, createTestContext, staffLogin, type TestContext } from "./helpers.js";

// Issue 28 §5: at `npm start` the demo building's tenants who pay by direct debit have signed
// mandates and the company its creditor settings, so the demo Verwalter can preview and make a
// collection at once; seeding again adds nothing.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoIfEmpty(ctx.db, ctx.app.files);
  await seedDemoStaffIfMissing(ctx.db);
  // As at start-up: the ledger's charges first (server.ts), then the direct debit's demo data.
  await ensureRentCharges(ctx.db);
  await seedDemoSepaIfMissing(ctx.db);
  await seedDemoSepaIfMissing(ctx.db);
});
afterAll(() => ctx.close());

describe("demo direct debit", () => {
  it("gives the demo building's direct-debit tenancies one active mandate each, once", async () => {
    const mandates = await ctx.db.selectFrom("sepa_mandates").select(["tenancy_id", "iban", "revoked_at"]).execute();
    expect(mandates.length).toBeGreaterThan(0);
    expect(new Set(mandates.map((m) => m.tenancy_id)).size).toBe(mandates.length);
    expect(mandates.every((m) => m.revoked_at === null)).toBe(true);
  });

  it("lets the demo Verwalter preview next month's collection without problems", async () => {
    const token = await staffLogin(ctx.app, { id: "", email: DEMO_VERWALTER_EMAIL, password: DEMO_STAFF_PASSWORD });
    const today = berlinToday();
    const earliest = earliestCollectionDate(today, 2, 5);
    const month = addDays(`${today.slice(0, 7)}-01`, 32).slice(0, 7);
    const res = await api(ctx.app, token).post("/api/v1/staff/sepa/runs/preview", { month, collection_date: earliest });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.problems).toEqual([]);
    expect(preview.totals.count, JSON.stringify(preview)).toBeGreaterThan(0);
    expect(preview.items.every((i: { problems: string[] }) => i.problems.length === 0)).toBe(true);
  });
});
