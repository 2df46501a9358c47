import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoIfEmpty } from "../src/db/seed/demo.js";
import { demoAccountLines } from "../src/db/seed/demo-banner.js";
import { seedDemoServicesIfMissing } from "../src/db/seed/demo-services.js";
import {
  DEMO_DIENSTLEISTER_EMAIL,
  DEMO_STAFF_PASSWORD,
  DEMO_VERWALTER_EMAIL,
  seedDemoStaffIfMissing,
} from "../src/db/seed/demo-staff.js";
import { noticeMissedVisits } from "../src/domain/services/missed.js";
import { verifyServiceRecord } from "../src/domain/services/record-hash.js";
import { runFileAt } from "./clock.js";
import { api, createTestContext, login, staffLogin, type TestContext } from "./helpers.js";

// Issue 27 §5: a fresh demo shows the house's services with eight weeks of history — plans, the
// crews' sealed Einsätze, missed visits, a winter morning, one "Leistung fehlt" — and a demo
// Dienstleister account printed at start.

// Saturday 28 November 2026, 11:00 in Berlin: in the Winterdienst season (from 15 November).
const NOW = "2026-11-28T10:00:00Z";
runFileAt(NOW);

let ctx: TestContext;
const MAIL = { company: "Hausverwaltung Test", publicUrl: "http://localhost:3000" };

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoIfEmpty(ctx.db, ctx.app.files);
  await seedDemoStaffIfMissing(ctx.db);
});
afterAll(() => ctx.close());

describe("the demo services", () => {
  it("seed plans with eight weeks of sealed history, once", async () => {
    expect(await seedDemoServicesIfMissing(ctx.db, ctx.app.files, MAIL)).toBe(true);
    expect(await seedDemoServicesIfMissing(ctx.db, ctx.app.files, MAIL)).toBe(false);

    const plans = await ctx.db.selectFrom("service_plans").select(["valid_from", "tenant_visible"]).execute();
    expect(plans).toHaveLength(6);
    expect(new Set(plans.map((p) => p.valid_from))).toEqual(new Set(["2026-10-03"]));
    const records = await ctx.db.selectFrom("service_records").select(["id", "started_at", "content_hash"]).execute();
    expect(records.length).toBeGreaterThan(30);
    expect(records.every((r) => r.content_hash !== null)).toBe(true);
    expect(records.every((r) => r.started_at >= "2026-10-03" && r.started_at < NOW)).toBe(true);
    for (const record of records.slice(0, 10)) expect(await verifyServiceRecord(ctx.db, record.id)).toBe(true);
    // Visits exist ahead as well, from the plans module (eight weeks).
    const ahead = await ctx.db
      .selectFrom("service_visits")
      .select("id")
      .where("planned_on", ">", "2027-01-15")
      .execute();
    expect(ahead.length).toBeGreaterThan(0);
  });

  it("the demo tenant sees this morning's Winterdienst with its photo and the stairwell's last cleaning, not the missed one", async () => {
    const token = await login(ctx.app, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const res = await api(ctx.app, token).get("/api/v1/tenant/services");
    expect(res.statusCode).toBe(200);
    const { building_name, services } = res.json() as {
      building_name: string;
      services: { key: string; last_done: { finished_at: string; photo_id: string | null } | null }[];
    };
    expect(building_name).toBe("Lindenstraße 5");
    const byKey = new Map(services.map((s) => [s.key, s]));
    // The bins are not shown to tenants.
    expect([...byKey.keys()].sort()).toEqual([
      "kontrollgang",
      "laub_entfernen",
      "treppenhausreinigung",
      "winterdienst",
    ]);
    const winter = byKey.get("winterdienst")?.last_done;
    // This morning, finished before 7:00 in Berlin, with its photo.
    expect(winter?.finished_at).toMatch(/^2026-11-28T0[45]:/);
    expect(winter?.photo_id).toEqual(expect.any(String));
    // Tuesday 24 November was missed: the last cleaning shown is Tuesday 17 November.
    expect(byKey.get("treppenhausreinigung")?.last_done?.finished_at.slice(0, 10)).toBe("2026-11-17");
  });

  it("the tenant's 'Leistung fehlt' for the missed cleaning waits in the Eingang", async () => {
    const reports = await ctx.db.selectFrom("service_reports").select(["occurred_on", "tenant_id"]).execute();
    expect(reports.map((r) => r.occurred_on)).toEqual(["2026-11-24"]);
    const staff = await staffLogin(ctx.app, { id: "", email: DEMO_VERWALTER_EMAIL, password: DEMO_STAFF_PASSWORD });
    const inbox = (await api(ctx.app, staff).get("/api/v1/staff/inbox")).json() as { items: { title: string }[] };
    expect(inbox.items.map((i) => i.title)).toContain("Leistung fehlt: Treppenhausreinigung am 24.11.2026");
  });

  it("the missed visits are the stairwell cleaning and a Kontrollgang, never a dry winter day", async () => {
    await noticeMissedVisits(ctx.db, new Date(NOW));
    const missed = await ctx.db
      .selectFrom("service_missed_visits as m")
      .innerJoin("service_visits as v", "v.id", "m.visit_id")
      .innerJoin("service_kinds as k", "k.id", "v.service_kind_id")
      .select(["k.key", "v.planned_on"])
      .orderBy("v.planned_on")
      .execute();
    // Winterdienst runs daily in season, but a day without snow or ice needs no Einsatz: the
    // Streuprotokoll says "kein Einsatz" for it; it is not a missed visit (decision 049).
    expect(missed).toEqual([
      { key: "kontrollgang", planned_on: "2026-11-16" },
      { key: "treppenhausreinigung", planned_on: "2026-11-24" },
    ]);
  });

  it("a demo Dienstleister signs in and is printed at start", async () => {
    await staffLogin(ctx.app, { id: "", email: DEMO_DIENSTLEISTER_EMAIL, password: DEMO_STAFF_PASSWORD });
    const lines = await demoAccountLines(ctx.db, "http://localhost:3000");
    expect(lines).toContain(`Dienstleister:     ${DEMO_DIENSTLEISTER_EMAIL} / ${DEMO_STAFF_PASSWORD}`);
    // The crews' app has an address of its own; the staff's accounts sign in there too.
    expect(lines).toContain("Einsätze (Crews):  http://localhost:3000/einsatz/");
  });
});
