import type { AppointmentStatus } from "@mieter-portal/contracts";
import { addDays as addCalendarDays, addMonths, decideTenantStatusChange } from "@mieter-portal/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestAppointment } from "../src/domain/appointments/appointments.js";
import { findInboxItem } from "../src/domain/inbox/inbox.js";
import { berlinToday } from "../src/lib/time.js";
import { hoursFromNow, insertAppointment } from "./factories/appointments.js";
import { nextHoliday, nextPlainSunday, workingDayAhead } from "./factories/dates.js";
import { addDays } from "./factories/payments.js";
import {
  api,
  createTenant,
  createTestContext,
  login,
  type TenantFixture,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

const BASE = "/api/v1/tenant/appointments";
let ctx: TestContext;
let a: TenantFixture;
let tokenA: string;
let b: TenantFixture;
let tokenB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.db, { firstName: "Anna", lastName: "Albers" });
  b = await createTenant(ctx.db, { firstName: "Bernd", lastName: "Brandt" });
  [tokenA, tokenB] = await Promise.all([login(ctx.app, a), login(ctx.app, b)]);
});
afterAll(() => ctx.close());

const appointmentRow = (id: string) =>
  ctx.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const statusChanges = (id: string) =>
  ctx.db
    .selectFrom("appointment_status_changes")
    .select(["status", "actor_kind", "actor_name", "changed_at"])
    .where("appointment_id", "=", id)
    .orderBy("changed_at")
    .execute();
const appointmentCount = async (tenantId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom("appointments")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tenant_id", "=", tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("GET /tenant/appointments", () => {
  it("lists the tenant's appointments earliest start first, with every field", async () => {
    const tenant = await createTenant(ctx.db);
    const token = await login(ctx.app, tenant);
    const later = await insertAppointment(ctx.db, tenant.id, {
      title: "Heizungswartung",
      status: "confirmed",
      startTime: "2030-03-10T08:00:00.000Z",
      endTime: "2030-03-10T10:00:00.000Z",
      type: "repair",
    });
    const past = await insertAppointment(ctx.db, tenant.id, {
      status: "completed",
      startTime: "2024-01-10T08:00:00.000Z",
      endTime: "2024-01-10T09:00:00.000Z",
    });
    const soon = await insertAppointment(ctx.db, tenant.id, { startTime: "2029-12-01T13:00:00.000Z", location: null });
    await insertAppointment(ctx.db, b.id, { startTime: "2029-06-01T13:00:00.000Z" });

    const res = await api(ctx.app, token).get(BASE);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([past, soon, later]);
    expect(list[2]).toEqual({
      id: later,
      type: "repair",
      title: "Heizungswartung",
      status: "confirmed",
      origin: "management",
      start_time: "2030-03-10T08:00:00.000Z",
      end_time: "2030-03-10T10:00:00.000Z",
      requested_date: null,
      time_slot: null,
      notes: null,
      location: "Wohnung",
      management_note: null,
      created_at: expect.any(String),
    });
    expect(list[1].location).toBeNull();
  });

  it("shows an empty list to a tenant without appointments", async () => {
    const fresh = await createTenant(ctx.db);
    expect((await api(ctx.app, await login(ctx.app, fresh)).get(BASE)).json()).toEqual([]);
  });

  it("answers 401 without token and with a bad token", async () => {
    expect((await api(ctx.app).get(BASE)).statusCode).toBe(401);
    expect((await api(ctx.app, "x.y.z").get(BASE)).statusCode).toBe(401);
  });
});

describe("GET /tenant/appointments/{id}", () => {
  it("returns one of the tenant's appointments", async () => {
    const id = await insertAppointment(ctx.db, a.id, { title: "Wohnungsübergabe", type: "other" });
    const res = await api(ctx.app, tokenA).get(`${BASE}/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, title: "Wohnungsübergabe", type: "other", status: "pending" });
  });

  it("answers 404 for an unknown id and for another tenant's appointment", async () => {
    const id = await insertAppointment(ctx.db, a.id);
    const foreign = await api(ctx.app, tokenB).get(`${BASE}/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "not_found", message: "Nicht gefunden." });
    expect((await api(ctx.app, tokenA).get(`${BASE}/${UNKNOWN_ID}`)).statusCode).toBe(404);
  });

  it("answers 400 for an id that is no UUID and 401 without token", async () => {
    const bad = await api(ctx.app, tokenA).get(`${BASE}/termin-1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ id: "Ungültige Kennung." });
    expect((await api(ctx.app).get(`${BASE}/${UNKNOWN_ID}`)).statusCode).toBe(401);
  });
});

/** "YYYY-MM-DD HH:mm" of an instant on Berlin's wall clock, worked out apart from the server's code. */
const berlinWallClock = (instant: string) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(instant));

/** A working day inside the request window (decision 008) for requests that should be accepted. */
const VALID_DATE = workingDayAhead(10);

describe("POST /tenant/appointments", () => {
  // A tenant may request at most 10 appointments an hour (lib/quotas.ts): each test asks as a new Anna.
  beforeEach(async () => {
    a = await createTenant(ctx.db, { firstName: "Anna", lastName: "Albers" });
    tokenA = await login(ctx.app, a);
  });

  it("stores a pending request over the Berlin time slot and records who asked", async () => {
    const date = workingDayAhead(14);
    const res = await api(ctx.app, tokenA).post(BASE, {
      type: "inspection",
      date,
      timeSlot: "morning",
      notes: "  Bitte vorher klingeln.  ",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(berlinWallClock(body.start_time)).toBe(`${date} 08:00`);
    expect(berlinWallClock(body.end_time)).toBe(`${date} 12:00`);
    expect(body).toEqual({
      id: expect.any(String),
      type: "inspection",
      title: "Besichtigung",
      status: "pending",
      origin: "tenant",
      start_time: expect.stringMatching(/Z$/),
      end_time: expect.stringMatching(/Z$/),
      requested_date: date,
      time_slot: "morning",
      notes: "Bitte vorher klingeln.",
      location: null,
      management_note: null,
      created_at: expect.any(String),
    });
    expect(await appointmentRow(body.id)).toMatchObject({
      tenant_id: a.id,
      status: "pending",
      notes: "Bitte vorher klingeln.",
    });
    expect(await statusChanges(body.id)).toEqual([
      { status: "pending", actor_kind: "tenant", actor_name: "Anna Albers", changed_at: body.created_at },
    ]);
    expect((await api(ctx.app, tokenA).get(`${BASE}/${body.id}`)).json()).toEqual(body);
    // The request waits for the management in the inbox.
    expect(await findInboxItem(ctx.db, "appointment", body.id)).toMatchObject({
      tenant_id: a.id,
      state: "new",
      title: "Besichtigung",
      created_at: body.created_at,
    });
  });

  // The request window (6 months) does not always hold a winter and a summer day, so the offsets
  // are checked on the repository, which the route hands the checked date to.
  it("converts summer dates with the summer offset and winter dates with the winter offset", async () => {
    const actor = { tenantId: a.id, name: "Anna Albers" };
    const summer = await requestAppointment(ctx.db, actor, {
      type: "inspection",
      date: "2099-07-15",
      timeSlot: "morning",
    });
    expect(summer).toMatchObject({ start_time: "2099-07-15T06:00:00.000Z", end_time: "2099-07-15T10:00:00.000Z" });
    const winter = await requestAppointment(ctx.db, actor, { type: "repair", date: "2099-01-15", timeSlot: "evening" });
    expect(winter).toMatchObject({
      title: "Reparaturtermin",
      start_time: "2099-01-15T15:00:00.000Z",
      end_time: "2099-01-15T17:00:00.000Z",
      notes: null,
    });
  });

  it.each([
    ["consultation", "Beratungstermin"],
    ["inspection", "Besichtigung"],
    ["repair", "Reparaturtermin"],
    ["other", "Sonstiger Termin"],
  ])("titles type %s as %s", async (type, title) => {
    const res = await api(ctx.app, tokenA).post(BASE, { type, date: VALID_DATE, timeSlot: "afternoon" });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe(title);
  });

  it("accepts the first working day from tomorrow on and stores blank, null or missing notes as null", async () => {
    const earliest = workingDayAhead(1);
    for (const notes of ["   ", "", null, undefined]) {
      const res = await api(ctx.app, tokenA).post(BASE, {
        type: "consultation",
        date: earliest,
        timeSlot: "afternoon",
        notes,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ requested_date: earliest, notes: null });
      expect(berlinWallClock(res.json().start_time)).toBe(`${earliest} 12:00`);
      expect(berlinWallClock(res.json().end_time)).toBe(`${earliest} 16:00`);
    }
  });

  it("answers 400 for a date before today (Berlin) and writes nothing", async () => {
    const before = await appointmentCount(b.id);
    const res = await api(ctx.app, tokenB).post(BASE, {
      type: "consultation",
      date: addDays(berlinToday(), -1),
      timeSlot: "morning",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "validation_failed",
      message: "Das Datum darf nicht in der Vergangenheit liegen.",
      fields: { date: "Das Datum darf nicht in der Vergangenheit liegen." },
    });
    expect(await appointmentCount(b.id)).toBe(before);
  });

  const holiday = nextHoliday();
  const [hy, hm, hd] = holiday.date.split("-");
  it.each([
    ["today", berlinToday(), "Termine können frühestens für morgen angefragt werden."],
    ["a Sunday", nextPlainSunday(), "Bitte wählen Sie einen Werktag (Montag bis Freitag)."],
    [
      `a public holiday in Berlin (${holiday.name})`,
      holiday.date,
      `Am ${hd}.${hm}.${hy} ist ein gesetzlicher Feiertag (${holiday.name}). Bitte wählen Sie einen anderen Tag.`,
    ],
    [
      "6 months and 1 day ahead",
      addCalendarDays(addMonths(berlinToday(), 6), 1),
      "Termine können höchstens 6 Monate im Voraus angefragt werden.",
    ],
    ["the year 2999", "2999-07-15", "Termine können höchstens 6 Monate im Voraus angefragt werden."],
  ])("answers 400 for %s and writes nothing", async (_case, date, message) => {
    const before = await appointmentCount(b.id);
    const res = await api(ctx.app, tokenB).post(BASE, { type: "repair", date, timeSlot: "morning" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "validation_failed", message, fields: { date: message } });
    expect(await appointmentCount(b.id)).toBe(before);
  });

  it.each([
    ["missing type", { date: VALID_DATE, timeSlot: "morning" }, "type", "Bitte wählen Sie eine gültige Terminart."],
    [
      "unknown type",
      { type: "party", date: VALID_DATE, timeSlot: "morning" },
      "type",
      "Bitte wählen Sie eine gültige Terminart.",
    ],
    [
      "unknown slot",
      { type: "other", date: VALID_DATE, timeSlot: "night" },
      "timeSlot",
      "Bitte wählen Sie ein gültiges Zeitfenster.",
    ],
    ["missing slot", { type: "other", date: VALID_DATE }, "timeSlot", "Bitte wählen Sie ein gültiges Zeitfenster."],
    [
      "impossible date",
      { type: "other", date: "2099-02-30", timeSlot: "morning" },
      "date",
      "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).",
    ],
    [
      "German date format",
      { type: "other", date: "05.05.2099", timeSlot: "morning" },
      "date",
      "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).",
    ],
    [
      "date as number",
      { type: "other", date: 20990505, timeSlot: "morning" },
      "date",
      "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).",
    ],
    [
      "oversized notes",
      { type: "other", date: VALID_DATE, timeSlot: "morning", notes: "n".repeat(2001) },
      "notes",
      "Notizen dürfen höchstens 2000 Zeichen lang sein.",
    ],
  ])("answers 400 for %s and writes nothing", async (_case, payload, field, message) => {
    const before = await appointmentCount(b.id);
    const res = await api(ctx.app, tokenB).post(BASE, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "validation_failed", fields: { [field]: message } });
    expect(await appointmentCount(b.id)).toBe(before);
  });

  it("answers 400 for notes of the wrong type and for malformed JSON", async () => {
    const wrongType = await api(ctx.app, tokenB).post(BASE, {
      type: "other",
      date: VALID_DATE,
      timeSlot: "morning",
      notes: 5,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toHaveProperty("notes");
    const malformed = await api(ctx.app, tokenB).inject({
      method: "POST",
      url: BASE,
      payload: "{type:",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("invalid_json");
  });

  it("replays the same request with the same Idempotency-Key and refuses the key for another body", async () => {
    const payload = { type: "consultation", date: workingDayAhead(21), timeSlot: "morning", notes: "Offline angelegt" };
    const headers = { "idempotency-key": "appt-offline-42" };
    const before = await appointmentCount(b.id);
    const first = await api(ctx.app, tokenB).post(BASE, payload, headers);
    const replay = await api(ctx.app, tokenB).post(BASE, payload, headers);
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(first.json());
    expect(replay.body).toBe(first.body);
    expect(await appointmentCount(b.id)).toBe(before + 1);
    expect(await statusChanges(first.json().id)).toHaveLength(1);

    const changed = await api(ctx.app, tokenB).post(BASE, { ...payload, timeSlot: "evening" }, headers);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({
      error: "idempotency_mismatch",
      message: "Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.",
    });
    expect(await appointmentCount(b.id)).toBe(before + 1);

    // The key belongs to the tenant: another tenant using it gets an answer of their own.
    const otherTenant = await api(ctx.app, tokenA).post(BASE, payload, headers);
    expect(otherTenant.statusCode).toBe(201);
    expect(otherTenant.headers["idempotent-replayed"]).toBeUndefined();
    expect(otherTenant.json().id).not.toBe(first.json().id);
  });

  it("answers 401 without token and writes nothing", async () => {
    const before = await appointmentCount(a.id);
    const res = await api(ctx.app).post(BASE, { type: "other", date: VALID_DATE, timeSlot: "morning" });
    expect(res.statusCode).toBe(401);
    expect(await appointmentCount(a.id)).toBe(before);
  });
});

describe("PATCH /tenant/appointments/{id}/status", () => {
  const patchStatus = (token: string, id: string, status: unknown) =>
    api(ctx.app, token).patch(`${BASE}/${id}/status`, { status });

  it("confirms a pending appointment and records the tenant as actor", async () => {
    const id = await insertAppointment(ctx.db, a.id);
    const res = await patchStatus(tokenA, id, "confirmed");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: "confirmed" });
    const row = await appointmentRow(id);
    expect(row.status).toBe("confirmed");
    expect(row.updated_at >= row.created_at).toBe(true);
    expect(Math.abs(Date.parse(row.updated_at) - Date.now())).toBeLessThan(10_000);
    expect(await statusChanges(id)).toEqual([
      { status: "confirmed", actor_kind: "tenant", actor_name: "Anna Albers", changed_at: row.updated_at },
    ]);
  });

  it("refuses to confirm the tenant's own request (it waits for the management) and lets them cancel it", async () => {
    const created = await api(ctx.app, tokenA).post(BASE, {
      type: "consultation",
      date: VALID_DATE,
      timeSlot: "evening",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json().origin).toBe("tenant");
    const refused = await patchStatus(tokenA, id, "confirmed");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: "conflict",
      message: "Ihre Anfrage wartet noch auf die Bestätigung der Hausverwaltung.",
    });
    expect((await appointmentRow(id)).status).toBe("pending");
    expect((await statusChanges(id)).map((c) => c.status)).toEqual(["pending"]);
    expect(await findInboxItem(ctx.db, "appointment", id)).toBeDefined();

    const canceled = await patchStatus(tokenA, id, "canceled");
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ id, status: "canceled", origin: "tenant" });
    expect(await findInboxItem(ctx.db, "appointment", id)).toBeUndefined();
  });

  it("cancels a pending and a confirmed appointment", async () => {
    const pending = await insertAppointment(ctx.db, a.id);
    const confirmed = await insertAppointment(ctx.db, a.id, { status: "confirmed" });
    for (const id of [pending, confirmed]) {
      const res = await patchStatus(tokenA, id, "canceled");
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe("canceled");
      expect((await appointmentRow(id)).status).toBe("canceled");
      expect((await statusChanges(id)).map((c) => c.status)).toEqual(["canceled"]);
    }
  });

  it("treats asking for the current status as a no-op", async () => {
    const confirmed = await insertAppointment(ctx.db, a.id, { status: "confirmed" });
    const canceled = await insertAppointment(ctx.db, a.id, { status: "canceled" });
    for (const [id, status] of [
      [confirmed, "confirmed"],
      [canceled, "canceled"],
    ] as const) {
      const before = await appointmentRow(id);
      const res = await patchStatus(tokenA, id, status);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status });
      expect(await appointmentRow(id)).toEqual(before);
      expect(await statusChanges(id)).toEqual([]);
    }
  });

  it.each<[AppointmentStatus, AppointmentStatus, string]>([
    ["canceled", "confirmed", "Dieser Termin wurde bereits abgesagt."],
    ["completed", "confirmed", "Dieser Termin ist bereits abgeschlossen."],
    ["completed", "canceled", "Dieser Termin ist bereits abgeschlossen."],
  ])("answers 409 when a %s appointment should become %s", async (from, to, message) => {
    const id = await insertAppointment(ctx.db, a.id, { status: from });
    const res = await patchStatus(tokenA, id, to);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "conflict", message });
    expect((await appointmentRow(id)).status).toBe(from);
    expect(await statusChanges(id)).toEqual([]);
  });

  it("answers 409 for an appointment that has already ended", async () => {
    for (const status of ["pending", "confirmed"] as const) {
      const id = await insertAppointment(ctx.db, a.id, {
        status,
        startTime: hoursFromNow(-3),
        endTime: hoursFromNow(-1),
      });
      const res = await patchStatus(tokenA, id, status === "pending" ? "confirmed" : "canceled");
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: "conflict",
        message: "Vergangene Termine können nicht mehr geändert werden.",
      });
      expect((await appointmentRow(id)).status).toBe(status);
    }
    // Still running (ends in the future): may still be canceled.
    const running = await insertAppointment(ctx.db, a.id, { startTime: hoursFromNow(-1), endTime: hoursFromNow(1) });
    expect((await patchStatus(tokenA, running, "canceled")).statusCode).toBe(200);
  });

  it.each([
    ["completed", "completed"],
    ["pending", "pending"],
    ["unknown", "verschoben"],
    ["a number", 1],
    ["missing", undefined],
  ])("answers 400 for a %s status and changes nothing", async (_case, status) => {
    const id = await insertAppointment(ctx.db, a.id);
    const res = await patchStatus(tokenA, id, status);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "validation_failed",
      fields: { status: "Status muss 'confirmed' oder 'canceled' sein." },
    });
    expect((await appointmentRow(id)).status).toBe("pending");
  });

  it("answers 400 for a bad id and for no body", async () => {
    expect((await patchStatus(tokenA, "123", "confirmed")).statusCode).toBe(400);
    const id = await insertAppointment(ctx.db, a.id);
    expect((await api(ctx.app, tokenA).patch(`${BASE}/${id}/status`)).statusCode).toBe(400);
    expect((await appointmentRow(id)).status).toBe("pending");
  });

  it("answers 404 for an unknown id and for another tenant's appointment, which stays unchanged", async () => {
    const id = await insertAppointment(ctx.db, a.id);
    const before = await appointmentRow(id);
    for (const status of ["confirmed", "canceled"]) {
      const res = await patchStatus(tokenB, id, status);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("not_found");
    }
    expect(await appointmentRow(id)).toEqual(before);
    expect(await statusChanges(id)).toEqual([]);
    expect((await patchStatus(tokenA, UNKNOWN_ID, "confirmed")).statusCode).toBe(404);
  });

  it("answers 401 without token and changes nothing", async () => {
    const id = await insertAppointment(ctx.db, a.id);
    expect((await api(ctx.app).patch(`${BASE}/${id}/status`, { status: "confirmed" })).statusCode).toBe(401);
    expect((await appointmentRow(id)).status).toBe("pending");
  });
});

describe("decideTenantStatusChange (packages/contracts)", () => {
  const future = "2100-01-01T00:00:00.000Z";
  const now = "2050-01-01T00:00:00.000Z";
  const proposal = { status: "pending", origin: "management", end_time: future };
  const request = { status: "pending", origin: "tenant", end_time: future };
  it("lets the tenant confirm or cancel a proposal and cancel a confirmed appointment", () => {
    expect(decideTenantStatusChange(proposal, "confirmed", now)).toEqual({
      kind: "change",
      status: "confirmed",
      origin: "management",
    });
    expect(decideTenantStatusChange(proposal, "canceled", now)).toMatchObject({ kind: "change", status: "canceled" });
    expect(decideTenantStatusChange({ ...proposal, status: "confirmed" }, "canceled", now)).toMatchObject({
      kind: "change",
      status: "canceled",
    });
  });
  it("lets the tenant cancel, never confirm, their own request", () => {
    expect(decideTenantStatusChange(request, "confirmed", now)).toEqual({
      kind: "conflict",
      message: "Ihre Anfrage wartet noch auf die Bestätigung der Hausverwaltung.",
    });
    expect(decideTenantStatusChange(request, "canceled", now)).toMatchObject({ kind: "change", status: "canceled" });
  });
  it("refuses unknown stored states with the generic conflict", () => {
    expect(decideTenantStatusChange({ ...proposal, status: "rescheduled" }, "confirmed", now)).toEqual({
      kind: "conflict",
    });
  });
});
