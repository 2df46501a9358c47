import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestAppointment } from "../src/domain/appointments/appointments.js";
import { findInboxItem } from "../src/domain/inbox/inbox.js";
import { berlinToUtc, germanDateOf } from "../src/lib/time.js";
import { workingDayAhead } from "./factories/dates.js";
import {
  auditOf,
  BUILDING_A,
  BUILDING_B,
  COMPANY,
  collectingMailer,
  outboxTo,
  writeCounts,
} from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  type StaffFixture,
  staffLogin,
  type TenantFixture,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

const STAFF = "/api/v1/staff/appointments";
const TENANT = "/api/v1/tenant/appointments";

const { mailer, sent } = collectingMailer();
let ctx: TestContext;
let tenantA: TenantFixture;
let tenantB: TenantFixture;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({}, { mailer });
  tenantA = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  tenantB = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  people.hausmeisterB = await createStaffMember(ctx.db, "hausmeister", [BUILDING_B]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.tenantA = await login(ctx.app, tenantA);
  tokens.tenantB = await login(ctx.app, tenantB);
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);
const nameOf = async (staff: StaffFixture) =>
  (await ctx.db.selectFrom("staff_users").select("name").where("id", "=", staff.id).executeTakeFirstOrThrow()).name;
const row = (id: string) =>
  ctx.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const trail = (id: string) =>
  ctx.db
    .selectFrom("appointment_status_changes")
    .select(["status", "actor_kind", "actor_name"])
    .where("appointment_id", "=", id)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
/** A Berlin wall-clock time on a date, as the ISO instant the console sends. */
const berlin = (date: string, hour: number, minute = 0) => berlinToUtc(date, hour, minute).toISOString();

let dayOffset = 5;
/**
 * Anna's request for a working day ahead (each call another day), in the morning slot (8–12 Uhr).
 * The first test sends it through the tenant API; the others call the same repository function
 * the route calls, so that the tenant's hourly request quota does not limit the test.
 */
async function tenantRequest(viaApi = false) {
  const date = workingDayAhead(dayOffset++);
  const input = { type: "consultation" as const, date, timeSlot: "morning" as const, notes: "Bitte vormittags." };
  if (viaApi) {
    const res = await as("tenantA").post(TENANT, input);
    expect(res.statusCode).toBe(201);
    return { id: res.json().id as string, date };
  }
  const mail = { company: COMPANY, publicUrl: ctx.config.publicUrl };
  const created = await requestAppointment(ctx.db, { tenantId: tenantA.id, name: "Anna Alt" }, input, mail);
  return { id: created.id, date };
}

describe("a tenant's request reaches the management", () => {
  it("opens an inbox item for the building's staff only and adds a line to their digest", async () => {
    const { id, date } = await tenantRequest(true);
    expect(await findInboxItem(ctx.db, "appointment", id)).toMatchObject({ state: "new", tenant_id: tenantA.id });
    const inboxOf = async (who: string) =>
      ((await as(who).get("/api/v1/staff/inbox?kind=appointment")).json().items as { id: string }[]).map((i) => i.id);
    expect(await inboxOf("verwalterA")).toContain(id);
    expect(await inboxOf("hausmeisterA")).toContain(id);
    expect(await inboxOf("admin")).toContain(id);
    expect(await inboxOf("verwalterB")).not.toContain(id);

    const line = `Terminanfrage: Beratungstermin am ${germanDateOf(date)}, Vormittag (8–12 Uhr) – Anna Alt`;
    for (const who of ["admin", "verwalterA", "hausmeisterA"]) {
      const lines = (await outboxTo(ctx.db, people[who]!.id)).filter((m) => m.kind === "staff_new_item");
      expect(lines.map((m) => m.body)).toContain(line);
    }
    for (const who of ["verwalterB", "hausmeisterB"]) {
      expect((await outboxTo(ctx.db, people[who]!.id)).map((m) => m.body)).not.toContain(line);
    }
  });
});

describe("GET /staff/appointments/{id}", () => {
  it("shows the request with tenant, slot and origin to the staff of its building", async () => {
    const { id, date } = await tenantRequest();
    for (const who of ["verwalterA", "hausmeisterA", "admin"]) {
      const res = await as(who).get(`${STAFF}/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        status: "pending",
        origin: "tenant",
        requested_date: date,
        time_slot: "morning",
        notes: "Bitte vormittags.",
        decline_reason: null,
        tenant: { id: tenantA.id, name: "Anna Alt", email: tenantA.email, unit: "2. OG links" },
      });
    }
  });

  it("answers 404 to staff of another building, 401 to tenant tokens; staff tokens open no tenant route", async () => {
    const { id } = await tenantRequest();
    for (const who of ["verwalterB", "hausmeisterB"]) {
      const res = await as(who).get(`${STAFF}/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "not_found", message: "Nicht gefunden." });
    }
    expect((await as("verwalterA").get(`${STAFF}/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await as("tenantA").get(`${STAFF}/${id}`)).statusCode).toBe(401);
    expect((await api(ctx.app).get(`${STAFF}/${id}`)).statusCode).toBe(401);
    expect((await as("verwalterA").get(`${TENANT}/${id}`)).statusCode).toBe(401);
    expect((await as("verwalterA").get(`${STAFF}/kein-termin`)).json().fields).toEqual({ id: "Ungültige Kennung." });
  });
});

describe("POST /staff/appointments/{id}/accept", () => {
  it("confirms the request at a time inside the slot: trail, inbox, audit, mail; the tenant sees it", async () => {
    const { id, date } = await tenantRequest();
    const start = berlin(date, 9);
    const end = berlin(date, 10, 30);
    const res = await as("verwalterA").post(`${STAFF}/${id}/accept`, {
      start,
      end,
      location: "Wohnung 2. OG links",
      note_to_tenant: "Der Techniker klingelt zweimal.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: "confirmed", origin: "tenant", start_time: start, end_time: end });

    const signature = `${await nameOf(people.verwalterA!)}, ${COMPANY}`;
    expect(await trail(id)).toEqual([
      { status: "pending", actor_kind: "tenant", actor_name: "Anna Alt" },
      { status: "confirmed", actor_kind: "staff", actor_name: signature },
    ]);
    expect(await findInboxItem(ctx.db, "appointment", id)).toBeUndefined();
    const [audit] = await auditOf(ctx.db, id);
    expect(audit).toMatchObject({
      staff_id: people.verwalterA!.id,
      action: "appointment.accepted",
      entity_type: "appointment",
      before: { status: "pending", start_time: berlin(date, 8), end_time: berlin(date, 12) },
      after: { status: "confirmed", start_time: start, end_time: end, location: "Wohnung 2. OG links" },
    });
    expect(audit!.ip).toBeTruthy();

    // The tenant sees it confirmed at the chosen time.
    const seen = (await as("tenantA").get(`${TENANT}/${id}`)).json();
    expect(seen).toMatchObject({
      status: "confirmed",
      start_time: start,
      end_time: end,
      location: "Wohnung 2. OG links",
    });

    const mail = (await outboxTo(ctx.db, tenantA.id)).find((m) => m.kind === "appointment_accepted");
    expect(mail).toBeDefined();
    expect(mail!.to_email).toBe(tenantA.email);
    expect(mail!.body).toContain(`Ihr Termin wurde bestätigt: ${germanDateOf(date)}, 09:00–10:30 Uhr`);
    expect(mail!.body).toContain("Der Techniker klingelt zweimal.");
    expect(mail!.body).toContain(`/appointments/${id}`);
    expect(mail!.body).not.toContain(people.verwalterA!.email);
    await ctx.app.notifications.runOnce();
    expect(sent.some((m) => m.to === tenantA.email && m.text.includes("Ihr Termin wurde bestätigt"))).toBe(true);

    // Accepting again is a conflict, nothing more is written.
    const again = await as("verwalterA").post(`${STAFF}/${id}/accept`, { start, end });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Dieser Termin ist bereits bestätigt.");
  });

  it("refuses a time outside the requested slot, in the past or ending before it starts (400, nothing written)", async () => {
    const { id, date } = await tenantRequest();
    const before = await row(id);
    const counts = await writeCounts(ctx.db);
    const cases: [object, string, string][] = [
      [
        { start: berlin(date, 13), end: berlin(date, 14) },
        "start",
        `Bitte wählen Sie eine Zeit im gewünschten Zeitfenster: ${germanDateOf(date)}, Vormittag (8–12 Uhr).`,
      ],
      [{ start: berlin(date, 11), end: berlin(date, 12, 30) }, "start", "Bitte wählen Sie eine Zeit im gewünschten"],
      [
        { start: "2020-01-07T09:00:00.000Z", end: "2020-01-07T10:00:00.000Z" },
        "start",
        "Der Termin darf nicht in der Vergangenheit liegen.",
      ],
      [{ start: berlin(date, 10), end: berlin(date, 9) }, "end", "Das Ende muss nach dem Beginn liegen."],
      [{ end: berlin(date, 10) }, "start", "Beginn: bitte Datum und Uhrzeit mit Zeitzone angeben"],
      [
        { start: "morgen früh", end: berlin(date, 10) },
        "start",
        "Beginn: bitte Datum und Uhrzeit mit Zeitzone angeben",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await as("hausmeisterA").post(`${STAFF}/${id}/accept`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field]).toContain(message);
      expect(res.json().message).toContain(message);
    }
    expect(await row(id)).toEqual(before);
    expect(await writeCounts(ctx.db)).toEqual(counts);
    expect(await findInboxItem(ctx.db, "appointment", id)).toBeDefined();
  });

  it("lets a Hausmeister of the building accept; another building's staff get 404 and change nothing", async () => {
    const { id, date } = await tenantRequest();
    const body = { start: berlin(date, 8), end: berlin(date, 12) };
    for (const who of ["verwalterB", "hausmeisterB"]) {
      expect((await as(who).post(`${STAFF}/${id}/accept`, body)).statusCode).toBe(404);
    }
    expect((await as("tenantA").post(`${STAFF}/${id}/accept`, body)).statusCode).toBe(401);
    expect((await row(id)).status).toBe("pending");
    const res = await as("hausmeisterA").post(`${STAFF}/${id}/accept`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("confirmed");
  });

  it("refuses to accept a proposal of the management: that waits for the tenant", async () => {
    const created = await as("verwalterA").post(STAFF, {
      tenant_id: tenantA.id,
      type: "inspection",
      start: berlin(workingDayAhead(20), 10),
      end: berlin(workingDayAhead(20), 11),
    });
    const id = created.json().id as string;
    const res = await as("verwalterA").post(`${STAFF}/${id}/accept`, {
      start: berlin(workingDayAhead(20), 10),
      end: berlin(workingDayAhead(20), 11),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Dieser Terminvorschlag wartet auf die Antwort des Mieters.");
  });
});

describe("POST /staff/appointments/{id}/decline", () => {
  it("cancels with the reason, which the tenant reads in the app and the mail", async () => {
    const { id } = await tenantRequest();
    const reason = "An diesem Tag ist leider niemand im Büro.";
    const res = await as("verwalterA").post(`${STAFF}/${id}/decline`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: "canceled", decline_reason: reason });
    expect((await trail(id)).at(-1)).toMatchObject({ status: "canceled", actor_kind: "staff" });
    expect(await findInboxItem(ctx.db, "appointment", id)).toBeUndefined();
    expect(
      (await auditOf(ctx.db, id)).map((a) => [a.action, a.before.status, a.after.status, a.after.decline_reason]),
    ).toEqual([["appointment.declined", "pending", "canceled", reason]]);
    expect((await as("tenantA").get(`${TENANT}/${id}`)).json().status).toBe("canceled");
    const mail = (await outboxTo(ctx.db, tenantA.id)).find(
      (m) => m.kind === "appointment_declined" && m.body.includes(id),
    );
    expect(mail!.body).toContain(`wurde abgesagt: ${reason}`);
    // Declining twice: the appointment is canceled already.
    const again = await as("verwalterA").post(`${STAFF}/${id}/decline`, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Dieser Termin wurde bereits abgesagt.");
  });

  it("needs a reason (400 German, nothing written) and the building's scope (404)", async () => {
    const { id } = await tenantRequest();
    const counts = await writeCounts(ctx.db);
    for (const body of [{}, { reason: "   " }, { reason: 5 }]) {
      const res = await as("verwalterA").post(`${STAFF}/${id}/decline`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.reason).toBe("Der Grund ist erforderlich.");
    }
    expect((await as("verwalterB").post(`${STAFF}/${id}/decline`, { reason: "Nein" })).statusCode).toBe(404);
    expect(await writeCounts(ctx.db)).toEqual(counts);
    expect((await row(id)).status).toBe("pending");
  });
});

describe("POST /staff/appointments/{id}/propose", () => {
  it("turns a request into a proposal the tenant may confirm", async () => {
    const { id } = await tenantRequest();
    const day = workingDayAhead(30);
    const start = berlin(day, 14);
    const end = berlin(day, 15);
    const res = await as("verwalterA").post(`${STAFF}/${id}/propose`, {
      start,
      end,
      note_to_tenant: "Passt Ihnen das?",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "pending", origin: "management", start_time: start, end_time: end });
    expect(await findInboxItem(ctx.db, "appointment", id)).toBeUndefined();
    expect((await auditOf(ctx.db, id))[0]).toMatchObject({
      action: "appointment.proposed",
      before: { status: "pending", origin: "tenant" },
      after: { status: "pending", origin: "management", start_time: start },
    });
    const mail = (await outboxTo(ctx.db, tenantA.id)).find(
      (m) => m.kind === "appointment_proposed" && m.body.includes(id),
    );
    expect(mail!.body).toContain(`Neuer Terminvorschlag: ${germanDateOf(day)}, 14:00–15:00 Uhr`);
    expect(mail!.body).toContain("Passt Ihnen das?");

    const confirmed = await as("tenantA").patch(`${TENANT}/${id}/status`, { status: "confirmed" });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: "confirmed", origin: "management", start_time: start });
  });

  it("refuses past times and other buildings' appointments, writing nothing", async () => {
    const { id } = await tenantRequest();
    const counts = await writeCounts(ctx.db);
    const past = await as("verwalterA").post(`${STAFF}/${id}/propose`, {
      start: "2021-03-01T09:00:00+01:00",
      end: "2021-03-01T10:00:00+01:00",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("Der Termin darf nicht in der Vergangenheit liegen.");
    const day = workingDayAhead(31);
    expect(
      (await as("hausmeisterB").post(`${STAFF}/${id}/propose`, { start: berlin(day, 9), end: berlin(day, 10) }))
        .statusCode,
    ).toBe(404);
    expect(await writeCounts(ctx.db)).toEqual(counts);
  });
});

describe("POST /staff/appointments (a new proposal)", () => {
  it("creates a proposal the tenant sees and confirms; the tenant cannot confirm their own request", async () => {
    const day = workingDayAhead(25);
    const res = await as("verwalterA").post(STAFF, {
      tenant_id: tenantA.id,
      type: "inspection",
      start: berlin(day, 10),
      end: berlin(day, 11),
      location: "Keller",
      note_to_tenant: "Bitte den Kellerschlüssel bereithalten.",
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      type: "inspection",
      title: "Besichtigung",
      status: "pending",
      origin: "management",
      location: "Keller",
      notes: "Bitte den Kellerschlüssel bereithalten.",
      tenant: { id: tenantA.id },
    });
    expect(await trail(created.id)).toEqual([
      { status: "pending", actor_kind: "staff", actor_name: `${await nameOf(people.verwalterA!)}, ${COMPANY}` },
    ]);
    expect((await auditOf(ctx.db, created.id)).map((a) => a.action)).toEqual(["appointment.created"]);
    expect(await findInboxItem(ctx.db, "appointment", created.id)).toBeUndefined();
    const mail = (await outboxTo(ctx.db, tenantA.id)).find((m) => m.body.includes(`/appointments/${created.id}`));
    expect(mail).toMatchObject({ kind: "appointment_proposed", subject: `${COMPANY}: Neuer Terminvorschlag` });

    const list = (await as("tenantA").get(TENANT)).json() as { id: string; origin: string }[];
    expect(list.find((a) => a.id === created.id)?.origin).toBe("management");
    expect((await as("tenantA").patch(`${TENANT}/${created.id}/status`, { status: "confirmed" })).statusCode).toBe(200);

    const own = await tenantRequest(true);
    const refused = await as("tenantA").patch(`${TENANT}/${own.id}/status`, { status: "confirmed" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Ihre Anfrage wartet noch auf die Bestätigung der Hausverwaltung.");
    expect((await row(own.id)).status).toBe("pending");
  });

  it("answers 404 for a tenant of another building or none, 400 German for bad input; nothing written", async () => {
    const day = workingDayAhead(26);
    const body = { tenant_id: tenantB.id, type: "repair", start: berlin(day, 10), end: berlin(day, 11) };
    const counts = await writeCounts(ctx.db);
    expect((await as("verwalterA").post(STAFF, body)).statusCode).toBe(404);
    expect((await as("hausmeisterA").post(STAFF, body)).statusCode).toBe(404);
    expect((await as("verwalterA").post(STAFF, { ...body, tenant_id: UNKNOWN_ID })).statusCode).toBe(404);
    expect((await as("tenantA").post(STAFF, { ...body, tenant_id: tenantA.id })).statusCode).toBe(401);
    const bad: [object, string, string][] = [
      [{ ...body, tenant_id: "anna" }, "tenant_id", "Bitte wählen Sie einen Mieter."],
      [{ ...body, tenant_id: tenantA.id, type: "party" }, "type", "Bitte wählen Sie eine gültige Terminart."],
      [{ ...body, tenant_id: tenantA.id, start: berlin(day, 12) }, "end", "Das Ende muss nach dem Beginn liegen."],
      [
        { ...body, tenant_id: tenantA.id, start: "2022-05-02T08:00:00Z", end: "2022-05-02T09:00:00Z" },
        "start",
        "Der Termin darf nicht in der Vergangenheit liegen.",
      ],
    ];
    for (const [input, field, message] of bad) {
      const res = await as("verwalterA").post(STAFF, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await writeCounts(ctx.db)).toEqual(counts);
  });
});
