import { randomUUID } from "node:crypto";
import { addDays } from "@mieter-portal/contracts";
import { plannedVisitSlots } from "@mieter-portal/contracts/services";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { createServicePlan } from "../src/domain/services/plans.js";
import {
  type Crew,
  correctServiceRecord,
  finishServiceRecord,
  startServiceRecord,
} from "../src/domain/services/records.js";
import { berlinToday } from "../src/lib/time.js";
import { checkPhoto } from "../src/lib/uploads.js";
import { runFileAt } from "./clock.js";
import { fixture } from "./factories/documents.js";
import { photo } from "./factories/repairs.js";
import { BUILDING_A, BUILDING_B } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  staffLogin,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

// Issue 27 §3: what a tenant sees of the house's services — zuletzt erledigt (crew by first name and
// team, the after-photo), nächster Termin — only for services the management made visible, only in
// the tenant's own house.

let ctx: TestContext;
const tokens: Record<string, string> = {};
let crew: Crew;
let kinds: Record<string, string>;
let buildingA: string;
let doneRecord: string;
let beforePhotoId: string;
let hedgePhotoId: string;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

// A Wednesday, 12:00 in Berlin: "today" is the same day in the set-up and in every request.
runFileAt("2026-11-25T11:00:00Z");

beforeAll(async () => {
  ctx = await createTestContext();
  const anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  const bernd = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  const admin = await createStaffMember(ctx.db, "administrator");
  const hausmeister = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  tokens.anna = await login(ctx.app, anna);
  tokens.bernd = await login(ctx.app, bernd);
  tokens.hausmeister = await staffLogin(ctx.app, hausmeister);
  buildingA = (
    await ctx.db.selectFrom("buildings").select("id").where("address", "=", BUILDING_A).executeTakeFirstOrThrow()
  ).id;
  kinds = Object.fromEntries(
    (await ctx.db.selectFrom("service_kinds").select(["key", "id"]).execute()).map((k) => [k.key, k.id]),
  );
  const actor: AuditActor = { staffId: admin.id, name: "Ada Admin", ip: null };
  crew = { staffId: hausmeister.id, name: "Hannes Meister", ip: null, firstName: "Hannes" };
  const today = berlinToday();
  const plan = (service: string, visible: boolean) => ({
    building_id: buildingA,
    service_kind_id: kinds[service]!,
    recurrence: { kind: "daily" as const },
    season: null,
    window: { start: "00:00", end: "23:59" },
    rest_day_window: null,
    checklist: ["Erledigt"],
    team: "Grün & Sauber",
    responsible_staff_id: null,
    tenant_visible: visible,
    valid_from: today,
    valid_until: null,
  });
  for (const [service, visible] of [
    ["treppenhausreinigung", true],
    ["hecke_schneiden", false],
  ] as const) {
    const created = await createServicePlan(ctx.db, actor, plan(service, visible), today);
    if (typeof created === "string") throw new Error(created);
  }
  const visitOf = async (service: string) =>
    (
      await ctx.db
        .selectFrom("service_visits")
        .select("id")
        .where("service_kind_id", "=", kinds[service]!)
        .orderBy("planned_on")
        .executeTakeFirstOrThrow()
    ).id;
  const jpeg = await checkPhoto(photo("sample.jpg"), "photos.0", "x");
  const png = await checkPhoto(photo("sample.png", { mime: "image/png" }), "photos.0", "x");
  const record = async (service: string) => {
    const id = randomUUID();
    const started = await startServiceRecord(
      ctx.db,
      ctx.app.files,
      crew,
      {
        id,
        visit_id: await visitOf(service),
        building_id: null,
        service_kind_id: null,
        started_at: minutesAgo(50),
        position: null,
        photos: [],
      },
      [jpeg],
      () => true,
    );
    if (typeof started === "string") throw new Error(started);
    const finished = await finishServiceRecord(
      ctx.db,
      ctx.app.files,
      crew,
      id,
      {
        finished_at: minutesAgo(20),
        checklist: [{ item: "Erledigt", done: true }],
        materials: [],
        conditions: null,
        remark: "",
        photos: [],
      },
      [png],
    );
    if (finished !== "ok") throw new Error(finished);
    return id;
  };
  doneRecord = await record("treppenhausreinigung");
  const hedge = await record("hecke_schneiden");
  const photoOf = (recordId: string, kind: "before" | "after") =>
    ctx.db
      .selectFrom("service_record_photos")
      .select("id")
      .where("record_id", "=", recordId)
      .where("kind", "=", kind)
      .executeTakeFirstOrThrow();
  beforePhotoId = (await photoOf(doneRecord, "before")).id;
  hedgePhotoId = (await photoOf(hedge, "after")).id;
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);

describe("the tenant's view of the house's services", () => {
  it("shows the visible services: last done by first name and team, with the after-photo, and the next date", async () => {
    const res = await as("anna").get("/api/v1/tenant/services");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.services.map((s: { name: string }) => s.name)).toEqual(["Treppenhausreinigung"]);
    const stairwell = body.services[0];
    expect(stairwell.last_done).toMatchObject({ crew: { first_name: "Hannes", team: "Grün & Sauber" } });
    expect(JSON.stringify(body)).not.toContain("Meister");
    // The first visit is done (today's, or Monday's on a Sunday), so the next is the plan's second day.
    const today = berlinToday();
    const [, nextDay] = plannedVisitSlots(
      { recurrence: { kind: "daily" }, window: { start: "00:00", end: "23:59" }, valid_from: today },
      today,
      addDays(today, 14),
    );
    expect(stairwell.next_planned).toEqual({ date: nextDay!.date, window: { start: "00:00", end: "23:59" } });
    const image = await as("anna").get(`/api/v1/tenant/service-photos/${stairwell.last_done.photo_id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.equals(fixture("sample.png"))).toBe(true);
  });

  it("a correction replaces what was done; the corrected record no longer counts", async () => {
    const correction = randomUUID();
    const result = await correctServiceRecord(
      ctx.db,
      ctx.app.files,
      crew,
      doneRecord,
      {
        id: correction,
        started_at: minutesAgo(45),
        finished_at: minutesAgo(10),
        checklist: [{ item: "Erledigt", done: true }],
        materials: [],
        conditions: null,
        remark: "",
        reason: "Uhrzeit korrigiert",
        photos: [],
      },
      [],
    );
    expect(result).toEqual({ id: correction });
    const stairwell = (await as("anna").get("/api/v1/tenant/services")).json().services[0];
    expect(Date.parse(stairwell.last_done.finished_at)).toBeGreaterThan(Date.now() - 11 * 60_000);
    expect(stairwell.last_done.photo_id).toBeNull();
  });

  it("another house, a before-photo, an invisible service's photo: 404; staff tokens: 401", async () => {
    expect((await as("bernd").get("/api/v1/tenant/services")).json()).toMatchObject({ services: [] });
    const annaView = (await as("anna").get("/api/v1/tenant/services")).json();
    expect(annaView.building_name).toBeTruthy();
    for (const id of [beforePhotoId, hedgePhotoId, UNKNOWN_ID]) {
      expect((await as("anna").get(`/api/v1/tenant/service-photos/${id}`)).statusCode).toBe(404);
    }
    const visible = await ctx.db
      .selectFrom("service_record_photos")
      .select("id")
      .where("record_id", "=", doneRecord)
      .where("kind", "=", "after")
      .executeTakeFirstOrThrow();
    expect((await as("bernd").get(`/api/v1/tenant/service-photos/${visible.id}`)).statusCode).toBe(404);
    expect((await as("hausmeister").get("/api/v1/tenant/services")).statusCode).toBe(401);
    expect((await api(ctx.app).get("/api/v1/tenant/services")).statusCode).toBe(401);
  });
});
