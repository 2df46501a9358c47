import { createHash, randomUUID } from "node:crypto";
import { addDays } from "@mieter-portal/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { createServicePlan } from "../src/domain/services/plans.js";
import { verifyServiceRecord } from "../src/domain/services/record-hash.js";
import { distanceMetres } from "../src/domain/services/site-check.js";
import { setBuildingSite } from "../src/domain/staff/buildings.js";
import { berlinToday } from "../src/lib/time.js";
import { runFileAt } from "./clock.js";
import { fixture } from "./factories/documents.js";
import { photo } from "./factories/repairs.js";
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

// Issue 27 §2 (decision 042): the crew's records of an Einsatz — Beginn with an optional position fix
// (only the result is kept), Ende with checklist and photos sealed by a SHA-256, exactly once through
// retries, append-only with corrections, scoped by role and building.

const RECORDS = "/api/v1/staff/service-records";

let ctx: TestContext;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
let buildingA: string;
let buildingB: string;
let visitA: string;
let visitB: string;
let winterKind: string;

// Lindenstraße 5 in Kreuzberg, roughly; the test only needs a fixed point.
const SITE = { latitude: 52.5003, longitude: 13.4001, tolerance_m: 80 };

// A Wednesday, 12:00 in Berlin: "today" is the same day in the set-up and in every request.
runFileAt("2026-11-25T11:00:00Z");

beforeAll(async () => {
  ctx = await createTestContext();
  const anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  people.hausmeisterA2 = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  people.hausmeisterB = await createStaffMember(ctx.db, "hausmeister", [BUILDING_B]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.anna = await login(ctx.app, anna);
  const buildingOf = (address: string) =>
    ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow();
  buildingA = (await buildingOf(BUILDING_A)).id;
  buildingB = (await buildingOf(BUILDING_B)).id;
  const actor: AuditActor = { staffId: people.admin.id, name: "Ada Admin", ip: null };
  await setBuildingSite(ctx.db, actor, buildingA, SITE);
  const kinds = Object.fromEntries(
    (await ctx.db.selectFrom("service_kinds").select(["key", "id"]).execute()).map((k) => [k.key, k.id]),
  );
  winterKind = kinds.winterdienst!;
  const today = berlinToday();
  const daily = (building_id: string) => ({
    building_id,
    service_kind_id: kinds.treppenhausreinigung!,
    recurrence: { kind: "daily" as const },
    season: null,
    window: { start: "00:00", end: "23:59" },
    rest_day_window: null,
    checklist: ["Treppen gewischt", "Handläufe abgewischt"],
    team: "Reinigung Nord",
    responsible_staff_id: null,
    tenant_visible: true,
    valid_from: today,
    valid_until: null,
  });
  for (const building of [buildingA, buildingB]) {
    const plan = await createServicePlan(ctx.db, actor, daily(building), today);
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

const as = (who: string) => api(ctx.app, tokens[who]);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function start(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    visit_id: visitA,
    started_at: minutesAgo(40),
    // 30 m north-east of the house, 12 m accuracy.
    position: { latitude: SITE.latitude + 0.0002, longitude: SITE.longitude + 0.0002, accuracy_m: 12 },
    photos: [photo("sample.jpg")],
    ...overrides,
  };
}

function finish(overrides: Record<string, unknown> = {}) {
  return {
    finished_at: minutesAgo(5),
    checklist: [
      { item: "Treppen gewischt", done: true },
      { item: "Handläufe abgewischt", done: true },
    ],
    materials: [],
    remark: "Keller war offen, abgeschlossen.",
    photos: [photo("sample.jpg"), photo("sample.png", { mime: "image/png" })],
    ...overrides,
  };
}

const recordRows = (id: string) => ctx.db.selectFrom("service_records").selectAll().where("id", "=", id).execute();

describe("Beginn and Ende", () => {
  it("keeps device and server time, checks the position and stores only the result", async () => {
    const body = start();
    const res = await as("hausmeisterA").post(RECORDS, body);
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json();
    expect(record.started_at).toBe(body.started_at);
    expect(Date.parse(record.started_at_server)).toBeGreaterThan(Date.parse(body.started_at));
    const expected = distanceMetres(body.position, SITE);
    expect(record.location).toEqual({ on_site: true, distance_m: Math.round(expected), accuracy_m: 12 });
    // Tenants may see the crew by first name and team only: nothing more is kept on the record.
    const { name } = await ctx.db
      .selectFrom("staff_users")
      .select("name")
      .where("id", "=", people.hausmeisterA!.id)
      .executeTakeFirstOrThrow();
    expect(record.crew).toEqual({ first_name: name.split(" ")[0], team: "Reinigung Nord" });
    expect(record.photos.map((p: { kind: string }) => p.kind)).toEqual(["before"]);
    // No coordinate of the crew member is stored anywhere in the record's rows.
    const [row] = await recordRows(body.id);
    const stored = JSON.stringify([row, await auditOf(ctx.db, body.id)]);
    expect(stored).not.toContain(String(body.position.latitude).slice(0, 7));
    expect(stored).not.toContain(String(body.position.longitude).slice(0, 7));
    expect(Object.keys(row!)).not.toEqual(expect.arrayContaining(["latitude"]));
  });

  it("a fix far from the house says so; no fix, or a house without a position, is 'not checked'", async () => {
    const far = await as("hausmeisterA").post(
      RECORDS,
      start({ position: { latitude: SITE.latitude + 0.01, longitude: SITE.longitude, accuracy_m: 20 } }),
    );
    expect(far.json().location.on_site).toBe(false);
    expect(far.json().location.distance_m).toBeGreaterThan(1000);
    const none = await as("hausmeisterA").post(RECORDS, start({ position: null }));
    expect(none.json().location).toEqual({ on_site: null, distance_m: null, accuracy_m: null });
    const noSite = await as("hausmeisterB").post(RECORDS, start({ visit_id: visitB }));
    expect(noSite.statusCode, noSite.body).toBe(201);
    expect(noSite.json().location.on_site).toBeNull();
  });

  it("Ende seals the record: a SHA-256 over its data and photos that anyone can recompute", async () => {
    const body = start();
    await as("hausmeisterA").post(RECORDS, body);
    const res = await as("hausmeisterA").post(`${RECORDS}/${body.id}/finish`, finish());
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json();
    expect(record.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(record.checklist).toHaveLength(2);
    expect(record.photos.map((p: { kind: string }) => p.kind)).toEqual(["before", "after", "after"]);
    // The photos' hashes are the SHA-256 of the bytes as sent.
    expect(record.photos[0].sha256).toBe(createHash("sha256").update(fixture("sample.jpg")).digest("hex"));
    expect(await verifyServiceRecord(ctx.db, body.id)).toBe(true);
    // The photos themselves, for those who may read the record: the bytes as sent; another house's staff: 404.
    const first = await as("hausmeisterA").get(`${RECORDS}/${body.id}/photos/${record.photos[0].id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/jpeg");
    expect(createHash("sha256").update(first.rawPayload).digest("hex")).toBe(record.photos[0].sha256);
    expect((await as("hausmeisterB").get(`${RECORDS}/${body.id}/photos/${record.photos[0].id}`)).statusCode).toBe(404);
    expect((await as("hausmeisterA").get(`${RECORDS}/${body.id}/photos/${body.id}`)).statusCode).toBe(404);
    expect((await api(ctx.app).get(`${RECORDS}/${body.id}/photos/${record.photos[0].id}`)).statusCode).toBe(401);
    expect((await auditOf(ctx.db, body.id)).map((e) => e.action)).toEqual([
      "service_record.started",
      "service_record.finished",
    ]);

    const log = (await as("admin").get("/api/v1/staff/audit?entity_type=service_record&limit=50")).json() as {
      items: {
        entity_id: string;
        action_label: string;
        item: { label: string } | null;
        changes: { field: string }[];
      }[];
    };
    const finished = log.items.find(
      (e) => e.entity_id === body.id && e.action_label === "hat einen Einsatz abgeschlossen",
    );
    expect(finished?.item?.label).toMatch(/^Treppenhausreinigung – /);
    expect(finished?.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(["Ende", "Bemerkung", "Prüfsumme (SHA-256)"]),
    );

    // Altering the sealed data, or swapping a photo, breaks the seal.
    await ctx.db.updateTable("service_records").set({ remark: "nichts" }).where("id", "=", body.id).execute();
    expect(await verifyServiceRecord(ctx.db, body.id)).toBe(false);
    await ctx.db.updateTable("service_records").set({ remark: record.remark }).where("id", "=", body.id).execute();
    expect(await verifyServiceRecord(ctx.db, body.id)).toBe(true);
    await ctx.db
      .updateTable("service_record_photos")
      .set({ sha256: "0".repeat(64) })
      .where("record_id", "=", body.id)
      .where("kind", "=", "after")
      .where("position", "=", 1)
      .execute();
    expect(await verifyServiceRecord(ctx.db, body.id)).toBe(false);
  });

  it("an unplanned Einsatz (snow at 5:30) names house and service; Winterdienst keeps conditions and material", async () => {
    const body = start({ visit_id: null, building_id: buildingA, service_kind_id: winterKind, photos: [] });
    const res = await as("hausmeisterA").post(RECORDS, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ visit_id: null, service_name: "Winterdienst (Räumen und Streuen)" });
    const done = await as("hausmeisterA").post(
      `${RECORDS}/${body.id}/finish`,
      finish({
        checklist: [{ item: "Gehweg geräumt", done: true }],
        materials: [{ name: "Streusplitt", amount: 12.5, unit: "kg" }],
        conditions: { snow: true, ice: true, temperature_c: -4 },
        photos: [],
      }),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      materials: [{ name: "Streusplitt", amount: 12.5, unit: "kg" }],
      conditions: { snow: true, ice: true, temperature_c: -4 },
    });
  });
});

describe("what a crew member may record unplanned", () => {
  it("lists the services planned in their houses today with the plan's checklist and team, and 'Sonstige Leistung'", async () => {
    const res = await as("hausmeisterA").get("/api/v1/staff/service-visits/services");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        building_id: buildingA,
        service_kind_id: expect.any(String),
        service_key: "treppenhausreinigung",
        service_name: "Treppenhausreinigung",
        checklist: ["Treppen gewischt", "Handläufe abgewischt"],
        team: "Reinigung Nord",
      },
      {
        building_id: buildingA,
        service_kind_id: expect.any(String),
        service_key: "sonstige",
        service_name: "Sonstige Leistung",
        checklist: [],
        team: null,
      },
    ]);
    // The other house's Hausmeister sees theirs only; the admin both.
    const other = (await as("hausmeisterB").get("/api/v1/staff/service-visits/services")).json() as {
      building_id: string;
    }[];
    expect(new Set(other.map((s) => s.building_id))).toEqual(new Set([buildingB]));
    const all = (await as("admin").get("/api/v1/staff/service-visits/services")).json() as { building_id: string }[];
    expect(all.map((s) => s.building_id)).toEqual(expect.arrayContaining([buildingA, buildingB]));
  });

  it("an unplanned Einsatz of a planned service is done by the plan's team; one of another service by none", async () => {
    const planned = start({
      visit_id: null,
      building_id: buildingA,
      service_kind_id: (
        await ctx.db
          .selectFrom("service_kinds")
          .select("id")
          .where("key", "=", "treppenhausreinigung")
          .executeTakeFirstOrThrow()
      ).id,
      photos: [],
    });
    expect((await as("hausmeisterA").post(RECORDS, planned)).statusCode).toBe(201);
    const unplanned = start({ visit_id: null, building_id: buildingA, service_kind_id: winterKind, photos: [] });
    expect((await as("hausmeisterA").post(RECORDS, unplanned)).statusCode).toBe(201);
    expect((await recordRows(planned.id)).map((r) => r.team)).toEqual(["Reinigung Nord"]);
    expect((await recordRows(unplanned.id)).map((r) => r.team)).toEqual([null]);
  });
});

describe("the week's unplanned Einsätze", () => {
  it("lists those begun in the period in the houses in scope, with the newest correction's times", async () => {
    const today = berlinToday();
    const body = start({ visit_id: null, building_id: buildingA, service_kind_id: winterKind, photos: [] });
    expect((await as("hausmeisterA").post(RECORDS, body)).statusCode).toBe(201);
    const open = await as("admin").get(`${RECORDS}?from=${today}&until=${today}&building_id=${buildingA}`);
    expect(open.statusCode, open.body).toBe(200);
    expect((open.json() as { id: string }[]).find((r) => r.id === body.id)).toMatchObject({
      building_id: buildingA,
      service_key: "winterdienst",
      service_name: "Winterdienst (Räumen und Streuen)",
      state: "open",
      finished_at: null,
    });
    const done = finish({ photos: [], checklist: [], conditions: { snow: true, ice: false, temperature_c: -1 } });
    expect((await as("hausmeisterA").post(`${RECORDS}/${body.id}/finish`, done)).statusCode).toBe(200);
    const fixedStart = minutesAgo(50);
    for (const target of [body.id, null]) {
      // A correction, then a correction of that correction: the list shows the newest's times.
      const corrects =
        target ??
        (
          await ctx.db
            .selectFrom("service_records")
            .select("id")
            .where("corrects_record_id", "=", body.id)
            .executeTakeFirstOrThrow()
        ).id;
      const res = await as("hausmeisterA").post(`${RECORDS}/${corrects}/corrections`, {
        ...done,
        id: randomUUID(),
        started_at: target ? minutesAgo(45) : fixedStart,
        reason: "Uhrzeit korrigiert",
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = (await as("hausmeisterA").get(`${RECORDS}?from=${today}&until=${today}`)).json() as {
      id: string;
      started_at: string;
      state: string;
    }[];
    const mine = list.filter((r) => r.id === body.id);
    expect(mine).toEqual([expect.objectContaining({ state: "finished", started_at: fixedStart })]);
    // Only unplanned ones, each once (corrections are not listed of their own).
    const plannedOrCorrections = await ctx.db
      .selectFrom("service_records")
      .select("id")
      .where((eb) => eb.or([eb("visit_id", "is not", null), eb("corrects_record_id", "is not", null)]))
      .execute();
    expect(list.map((r) => r.id)).not.toEqual(expect.arrayContaining([plannedOrCorrections[0]!.id]));
    expect(new Set(list.map((r) => r.id)).size).toBe(list.length);
  });

  it("shows another house's to nobody outside it, and refuses a reversed period in German", async () => {
    const today = berlinToday();
    const theirs = (await as("hausmeisterB").get(`${RECORDS}?from=${today}&until=${today}`)).json() as {
      building_id: string;
    }[];
    expect(theirs.every((r) => r.building_id === buildingB)).toBe(true);
    expect(
      (await as("hausmeisterB").get(`${RECORDS}?from=${today}&until=${today}&building_id=${buildingA}`)).statusCode,
    ).toBe(404);
    const reversed = await as("admin").get(`${RECORDS}?from=${today}&until=${addDays(today, -1)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      fields: { until: "Das Ende des Zeitraums darf nicht vor seinem Beginn liegen." },
    });
    expect((await as("anna").get(`${RECORDS}?from=${today}&until=${today}`)).statusCode).toBe(401);
  });
});

describe("the crew's list of Einsätze", () => {
  it("gives each visit its plan's checklist", async () => {
    const today = berlinToday();
    const res = await as("hausmeisterA").get(`/api/v1/staff/service-visits?from=${today}&until=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const visits = res.json() as { building_id: string; checklist: string[] }[];
    expect(visits.length).toBeGreaterThan(0);
    for (const visit of visits) expect(visit.checklist).toEqual(["Treppen gewischt", "Handläufe abgewischt"]);
  });

  it("shows a visit's record as open after Beginn and finished after Ende", async () => {
    // A visit some days ahead that no other test touches (which day depends on Sundays and holidays).
    const from = addDays(berlinToday(), 3);
    const until = addDays(berlinToday(), 10);
    const visitsOn = async () =>
      (await as("hausmeisterA").get(`/api/v1/staff/service-visits?from=${from}&until=${until}`)).json() as {
        id: string;
        service_key: string;
        record: { id: string; state: string; finished_at: string | null; crew_first_name: string } | null;
      }[];
    const visit = (await visitsOn())[0]!;
    const again = async () => (await visitsOn()).find((v) => v.id === visit.id)!;
    expect(visit.record).toBeNull();
    const body = start({ visit_id: visit.id });
    await as("hausmeisterA").post(RECORDS, body);
    expect((await again()).record).toMatchObject({ id: body.id, state: "open", finished_at: null });
    await as("hausmeisterA").post(`${RECORDS}/${body.id}/finish`, finish());
    expect((await again()).record).toMatchObject({ id: body.id, state: "finished" });
    // The week overview needs no read per record: the crew's first name and the service's key come along.
    const done = await again();
    expect(done.service_key).toBe("treppenhausreinigung");
    expect(done.record?.crew_first_name).toBe(
      (
        await ctx.db
          .selectFrom("service_records")
          .select("crew_first_name")
          .where("id", "=", body.id)
          .executeTakeFirstOrThrow()
      ).crew_first_name,
    );
    expect(done.record?.crew_first_name).not.toBe("");
  });
});

describe("exactly once", () => {
  it("the same Beginn and the same Ende sent again change nothing; other data under the same id is refused", async () => {
    const body = start();
    const first = await as("hausmeisterA").post(RECORDS, body);
    const again = await as("hausmeisterA").post(RECORDS, body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    const other = await as("hausmeisterA").post(RECORDS, { ...body, started_at: minutesAgo(90) });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe("Dieser Einsatz wurde bereits mit anderen Angaben begonnen.");

    const end = finish();
    const sealed = await as("hausmeisterA").post(`${RECORDS}/${body.id}/finish`, end);
    const resent = await as("hausmeisterA").post(`${RECORDS}/${body.id}/finish`, end);
    expect([sealed.statusCode, resent.statusCode]).toEqual([200, 200]);
    expect(resent.json().content_hash).toBe(sealed.json().content_hash);
    const changed = await as("hausmeisterA").post(`${RECORDS}/${body.id}/finish`, finish({ remark: "anders" }));
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toMatch(/^Dieser Einsatz ist bereits abgeschlossen/);
    expect(await recordRows(body.id)).toHaveLength(1);
    const photos = await ctx.db
      .selectFrom("service_record_photos")
      .select("id")
      .where("record_id", "=", body.id)
      .execute();
    expect(photos).toHaveLength(3);
  });
});

describe("append-only", () => {
  it("a correction is a new sealed record pointing at the old one, which stays as it was", async () => {
    const body = start();
    await as("hausmeisterA").post(RECORDS, body);
    const sealed = (await as("hausmeisterA").post(`${RECORDS}/${body.id}/finish`, finish())).json();
    const correction = {
      ...finish({ remark: "Handläufe doch nicht geschafft.", photos: [] }),
      checklist: [
        { item: "Treppen gewischt", done: true },
        { item: "Handläufe abgewischt", done: false },
      ],
      id: randomUUID(),
      started_at: body.started_at,
      reason: "Falsch abgehakt",
    };
    const res = await as("hausmeisterA").post(`${RECORDS}/${body.id}/corrections`, correction);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ corrects_record_id: body.id, correction_reason: "Falsch abgehakt" });
    expect(res.json().content_hash).not.toBe(sealed.content_hash);
    expect(await verifyServiceRecord(ctx.db, correction.id)).toBe(true);
    // The old record is unchanged.
    const old = (await as("admin").get(`${RECORDS}/${body.id}`)).json();
    expect(old).toEqual(sealed);
    // Sent again: the same correction, not a second one.
    const again = await as("hausmeisterA").post(`${RECORDS}/${body.id}/corrections`, correction);
    expect(again.statusCode).toBe(201);
    const chain = await ctx.db
      .selectFrom("service_records")
      .select("id")
      .where("corrects_record_id", "=", body.id)
      .execute();
    expect(chain).toHaveLength(1);
  });

  it("an open record cannot be corrected; a colleague cannot finish someone else's", async () => {
    const body = start();
    await as("hausmeisterA").post(RECORDS, body);
    const early = await as("hausmeisterA").post(`${RECORDS}/${body.id}/corrections`, {
      ...finish(),
      id: randomUUID(),
      started_at: body.started_at,
      reason: "zu früh",
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Nur ein abgeschlossener Einsatz kann korrigiert werden.");
    const colleague = await as("hausmeisterA2").post(`${RECORDS}/${body.id}/finish`, finish());
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().message).toBe("Diesen Einsatz hat ein Kollege begonnen; nur er kann ihn abschließen.");
  });
});

describe("bad input is refused in German and stores nothing", () => {
  const count = async () =>
    Number(
      (
        await ctx.db
          .selectFrom("service_records")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    [
      "an unplanned Einsatz without house and service",
      { visit_id: null },
      "Bitte wählen Sie für einen ungeplanten Einsatz",
    ],
    ["an unknown visit", { visit_id: UNKNOWN_ID }, "Diesen Einsatz gibt es nicht (mehr)."],
    ["four photos", { photos: [photo(), photo(), photo(), photo()] }, "Höchstens 3 Fotos je Einsatzteil."],
    [
      "a photo that is not an image",
      { photos: [{ dataUrl: "data:image/jpeg;base64,aGFsbG8=", format: "jpeg", filename: "x.jpg" }] },
      "JPEG-, PNG- oder WebP-Bild",
    ],
    ["a latitude off the globe", { position: { latitude: 123, longitude: 13, accuracy_m: 5 } }, ""],
  ])("%s", async (_name, overrides, message) => {
    const before = await count();
    const res = await as("hausmeisterA").post(RECORDS, start(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
    expect(await count()).toBe(before);
  });

  it("an Ende before the Beginn", async () => {
    const body = start();
    await as("hausmeisterA").post(RECORDS, body);
    const res = await as("hausmeisterA").post(`${RECORDS}/${body.id}/finish`, finish({ finished_at: minutesAgo(60) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.finished_at).toBe("Das Ende darf nicht vor dem Beginn liegen.");
    expect((await recordRows(body.id))[0]?.content_hash).toBeNull();
  });
});

describe("who may do what", () => {
  it("tenants and no token: 401 on every route", async () => {
    const body = start();
    await as("hausmeisterA").post(RECORDS, body);
    for (const client of [as("anna"), api(ctx.app)]) {
      for (const res of [
        await client.post(RECORDS, start()),
        await client.post(`${RECORDS}/${body.id}/finish`, finish()),
        await client.post(`${RECORDS}/${body.id}/corrections`, {}),
        await client.get(`${RECORDS}/${body.id}`),
      ]) {
        expect(res.statusCode).toBe(401);
      }
    }
  });

  it("another building's crew: 404 for its visits and records; nothing stored", async () => {
    const body = start();
    await as("hausmeisterA").post(RECORDS, body);
    const other = start();
    for (const res of [
      await as("hausmeisterB").post(RECORDS, other),
      await as("hausmeisterB").post(RECORDS, {
        ...other,
        visit_id: null,
        building_id: buildingA,
        service_kind_id: winterKind,
      }),
      await as("hausmeisterB").post(`${RECORDS}/${body.id}/finish`, finish()),
      await as("hausmeisterB").post(`${RECORDS}/${body.id}/corrections`, {
        ...finish(),
        id: randomUUID(),
        started_at: body.started_at,
        reason: "x",
      }),
      await as("hausmeisterB").get(`${RECORDS}/${body.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await recordRows(other.id)).toEqual([]);
    expect((await recordRows(body.id))[0]?.content_hash).toBeNull();
  });

  it("Administrators read every record", async () => {
    const body = start();
    await as("hausmeisterA").post(RECORDS, body);
    expect((await as("admin").get(`${RECORDS}/${body.id}`)).statusCode).toBe(200);
    expect((await as("admin").get(`${RECORDS}/${UNKNOWN_ID}`)).statusCode).toBe(404);
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)("two Enden of one record at once (PostgreSQL)", () => {
  it("the second waits for the first's row lock and then finds the record sealed", async () => {
    const body = start({ photos: [] });
    await as("hausmeisterA").post(RECORDS, body);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = ctx.db.transaction().execute(async (trx) => {
      await sql`select id from service_records where id = ${body.id} for update`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    const a = as("hausmeisterA").post(`${RECORDS}/${body.id}/finish`, finish({ photos: [] }));
    const b = as("hausmeisterA").post(`${RECORDS}/${body.id}/finish`, finish({ photos: [], remark: "zweiter" }));
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%update "service_records"%'`.execute(ctx.db)
          ).rows[0]?.n,
        { timeout: 20_000 },
      )
      .toBe(2);
    release();
    await holder;
    const statuses = [(await a).statusCode, (await b).statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    expect(await verifyServiceRecord(ctx.db, body.id)).toBe(true);
    const audit = (await auditOf(ctx.db, body.id)).map((e) => e.action);
    expect(audit.filter((a) => a === "service_record.finished")).toHaveLength(1);
  });
});
