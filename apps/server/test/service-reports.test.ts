import { randomUUID } from "node:crypto";
import { addDays } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "../src/domain/audit/audit.js";
import { createServicePlan } from "../src/domain/services/plans.js";
import { workingDaysAfter } from "../src/domain/services/reports.js";
import { berlinToday } from "../src/lib/time.js";
import { runFileAt } from "./clock.js";
import { photo } from "./factories/repairs.js";
import { auditOf, BUILDING_A, BUILDING_B, countRows } from "./factories/staff.js";
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

// Issue 27 §3 (decision 048): "Leistung fehlt". A tenant reports a missed or poor service of the
// house; it opens a conversation with the management (the answer arrives like every answer), lands
// in the Eingang due in two working days, and the plan's responsible staff member is told.

const REPORTS = "/api/v1/tenant/services/reports";

let ctx: TestContext;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
const kinds: Record<string, string> = {};
let tenantEmail: string;

// A Wednesday, 12:00 in Berlin.
runFileAt("2026-11-25T11:00:00Z");

beforeAll(async () => {
  ctx = await createTestContext();
  const anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  tenantEmail = anna.email;
  const bernd = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.anna = await login(ctx.app, anna);
  tokens.bernd = await login(ctx.app, bernd);
  for (const k of await ctx.db.selectFrom("service_kinds").select(["key", "id"]).execute()) kinds[k.key] = k.id;
  const buildingA = (
    await ctx.db.selectFrom("buildings").select("id").where("address", "=", BUILDING_A).executeTakeFirstOrThrow()
  ).id;
  const actor: AuditActor = { staffId: people.admin.id, name: "Ada Admin", ip: null };
  const today = berlinToday();
  const plan = (service: string, tenant_visible: boolean, responsible: string | null) => ({
    building_id: buildingA,
    service_kind_id: kinds[service]!,
    recurrence: { kind: "weekly" as const, weekdays: [1, 3], every_weeks: 1 },
    season: null,
    window: { start: "07:00", end: "12:00" },
    rest_day_window: null,
    checklist: [],
    team: "Reinigung Nord",
    responsible_staff_id: responsible,
    tenant_visible,
    // Plans start today at the earliest; a report names a day the plan ran, so it began "weeks ago".
    valid_from: addDays(today, -20),
    valid_until: null,
  });
  for (const p of [plan("treppenhausreinigung", true, people.verwalterA!.id), plan("kontrollgang", false, null)]) {
    const created = await createServicePlan(ctx.db, actor, p, addDays(today, -20));
    if (typeof created === "string") throw new Error(created);
  }
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);
const today = () => berlinToday();

function report(overrides: Record<string, unknown> = {}) {
  return {
    service_kind_id: kinds.treppenhausreinigung,
    date: addDays(today(), -1),
    text: "Das Treppenhaus wurde gestern nicht gewischt, im 2. OG liegt noch Laub.",
    photos: [photo("sample.jpg")],
    ...overrides,
  };
}

describe("Leistung fehlt (issue 27 §3)", () => {
  it("due in two working days: weekends and Berlin's holidays do not count", () => {
    // Wednesday 12:00 → Friday 12:00.
    expect(workingDaysAfter("2026-11-25T11:00:00Z")).toBe("2026-11-27T11:00:00.000Z");
    // Friday 15:00 → Tuesday 15:00.
    expect(workingDaysAfter("2026-11-27T14:00:00Z")).toBe("2026-12-01T14:00:00.000Z");
    // Wednesday before Christmas: Thursday counts, Friday the 25th is a holiday, then Monday.
    expect(workingDaysAfter("2026-12-23T14:00:00Z")).toBe("2026-12-28T14:00:00.000Z");
    // Over the change to summer time the wall-clock time stays (Friday 11:00 → Tuesday 11:00).
    expect(workingDaysAfter("2026-03-27T10:00:00Z")).toBe("2026-03-31T09:00:00.000Z");
    // Good Friday and Easter Monday 2027 are holidays: Thursday 11:00 → Wednesday 11:00.
    expect(workingDaysAfter("2027-03-25T10:00:00Z")).toBe("2027-03-31T09:00:00.000Z");
  });

  it("opens a conversation in the Eingang due in two working days, tells the responsible person, audits", async () => {
    const res = await as("anna").post(REPORTS, report(), { "idempotency-key": randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      service_name: "Treppenhausreinigung",
      date: addDays(today(), -1),
      photos: [expect.objectContaining({ url: expect.stringMatching(/^\/api\/v1\/tenant\/service-report-photos\//) })],
    });
    // The tenant's conversation, with the report as the first message.
    const thread = await as("anna").get(`/api/v1/tenant/messages/${created.thread_id}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().subject).toBe(`Leistung fehlt: Treppenhausreinigung am 24.11.2026`);
    // The Eingang: a conversation due on Friday 12:00, visible to the building's Verwalter only.
    const inbox = (await as("verwalterA").get("/api/v1/staff/inbox?kind=message")).json().items as {
      id: string;
      title: string;
      due_at: string;
    }[];
    expect(inbox.find((i) => i.id === created.thread_id)).toMatchObject({
      title: "Leistung fehlt: Treppenhausreinigung am 24.11.2026",
      due_at: "2026-11-27T11:00:00.000Z",
    });
    const other = (await as("verwalterB").get("/api/v1/staff/inbox?kind=message")).json().items as { id: string }[];
    expect(other.map((i) => i.id)).not.toContain(created.thread_id);
    // The plan's responsible staff member gets a mail of their own.
    const mails = await ctx.db
      .selectFrom("notification_outbox")
      .selectAll()
      .where("kind", "=", "service_report_responsible")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient_id).toBe(people.verwalterA!.id);
    expect(mails[0]!.subject).toContain("Leistung fehlt: Treppenhausreinigung am 24.11.2026");
    expect(mails[0]!.body).toContain("im 2. OG liegt noch Laub");
    expect(mails[0]!.body).toContain(`/verwaltung/nachrichten/${created.thread_id}`);
    expect(mails[0]!.body).toContain("Fr., 27.11., 12:00 Uhr");
    const audit = await auditOf(ctx.db, created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "service_report.created", staff_id: null, staff_name: "Anna Alt" });
    expect(audit[0]!.after).toMatchObject({ service: "Treppenhausreinigung", photo_count: 1 });

    // The log reads in German: what, about which item, which fields.
    const log = (await as("admin").get("/api/v1/staff/audit?limit=100")).json().items as {
      action: string;
      action_label: string;
      staff: { id: string | null; name: string };
      item: { label: string } | null;
      changes: { field: string; after: string | null }[];
    }[];
    const entry = log.find((e) => e.action === "service_report.created");
    expect(entry).toMatchObject({
      action_label: "hat eine fehlende Leistung gemeldet",
      staff: { id: null, name: "Anna Alt" },
      item: { label: "Leistung fehlt: Treppenhausreinigung – Lindenstraße 5, 24.11.2026" },
    });
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { field: "Leistung", before: null, after: "Treppenhausreinigung" },
        { field: "Tag", before: null, after: "24.11.2026" },
        { field: "Fotos", before: null, after: "1" },
      ]),
    );
    // The staff's answer reaches the tenant like every answer: in the conversation, by mail.
    const reply = await as("verwalterA").post(`/api/v1/staff/threads/${created.thread_id}/replies`, {
      content: "Danke für den Hinweis, die Reinigung wird morgen nachgeholt.",
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const answered = (await as("anna").get(`/api/v1/tenant/messages/${created.thread_id}`)).json();
    expect(answered.messages.map((m: { content: string }) => m.content)).toContain(
      "Danke für den Hinweis, die Reinigung wird morgen nachgeholt.",
    );
    const tenantMail = await ctx.db
      .selectFrom("notification_outbox")
      .select(["subject", "body"])
      .where("to_email", "=", tenantEmail)
      .execute();
    expect(tenantMail.map((m) => m.subject.replace(/^[^:]+: /, ""))).toContain(
      "Neue Nachricht: Leistung fehlt: Treppenhausreinigung am 24.11.2026",
    );
    expect(tenantMail.some((m) => m.body.includes(`/messages/${created.thread_id}`))).toBe(true);
  });

  it("lists the tenant's own reports and shows the photo to the tenant and the building's staff only", async () => {
    const mine = (await as("anna").get(REPORTS)).json() as {
      id: string;
      thread_id: string;
      photos: { url: string }[];
    }[];
    expect(mine.length).toBeGreaterThan(0);
    const first = mine[0]!;
    const url = first.photos[0]!.url;
    const own = await as("anna").get(url);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/jpeg");
    expect((await as("bernd").get(url)).statusCode).toBe(404);
    expect(((await as("bernd").get(REPORTS)).json() as unknown[]).length).toBe(0);
    const staffList = await as("verwalterA").get(`/api/v1/staff/service-reports?thread_id=${first.thread_id}`);
    expect(staffList.statusCode, staffList.body).toBe(200);
    const staffUrl = staffList.json()[0].photos[0].url as string;
    expect(staffUrl).toMatch(/^\/api\/v1\/staff\/service-report-photos\//);
    expect((await as("verwalterA").get(staffUrl)).statusCode).toBe(200);
    expect((await as("verwalterB").get(staffUrl)).statusCode).toBe(404);
    expect((await as("hausmeisterA").get(staffUrl)).statusCode).toBe(403);
    expect((await as("hausmeisterA").get("/api/v1/staff/service-reports")).statusCode).toBe(403);
    expect(((await as("verwalterB").get("/api/v1/staff/service-reports")).json() as unknown[]).length).toBe(0);
    // The week overview asks for the reports naming a day of its week (the 24th here).
    const week = (from: string, until: string) =>
      as("verwalterA").get(`/api/v1/staff/service-reports?from=${from}&until=${until}`);
    const inWeek = (await week("2026-11-23", "2026-11-29")).json() as { date: string }[];
    expect(inWeek.length).toBeGreaterThan(0);
    expect(inWeek.every((r) => r.date >= "2026-11-23" && r.date <= "2026-11-29")).toBe(true);
    expect(((await week("2026-11-25", "2026-11-29")).json() as { date: string }[]).map((r) => r.date)).not.toContain(
      "2026-11-24",
    );
    const reversed = await week("2026-11-29", "2026-11-23");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      fields: { until: "Das Ende des Zeitraums darf nicht vor seinem Beginn liegen." },
    });
    // A staff token is no tenant's.
    expect((await as("verwalterA").get(REPORTS)).statusCode).toBe(401);
  });

  it("sent twice with one Idempotency-Key: one report, the same answer", async () => {
    const before = await ctx.db.selectFrom("service_reports").select("id").execute();
    const key = randomUUID();
    const body = report({ text: "Zweimal gesendet, einmal gespeichert.", photos: [] });
    const first = await as("anna").post(REPORTS, body, { "idempotency-key": key });
    const again = await as("anna").post(REPORTS, body, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const after = await ctx.db.selectFrom("service_reports").select("id").execute();
    expect(after.length).toBe(before.length + 1);
  });

  it("refuses bad input in German and stores nothing", async () => {
    const reports = async () => (await ctx.db.selectFrom("service_reports").select("id").execute()).length;
    const before = { reports: await reports(), threads: await countRows(ctx.db, "message_threads") };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: addDays(today(), 1) }, "date", "Das Datum darf nicht in der Zukunft liegen."],
      [{ date: addDays(today(), -31) }, "date", "Bitte melden Sie nur, was in den letzten 30 Tagen fehlte."],
      [{ date: "2026-02-30" }, "date", ""],
      [{ service_kind_id: kinds.kontrollgang }, "service_kind_id", "Diese Leistung gibt es in Ihrem Haus nicht."],
      [{ service_kind_id: UNKNOWN_ID }, "service_kind_id", "Diese Leistung gibt es in Ihrem Haus nicht."],
      // Before the plan began there was nothing to miss.
      [{ date: addDays(today(), -25) }, "service_kind_id", "Diese Leistung gibt es in Ihrem Haus nicht."],
      [{ text: "   " }, "text", "Beschreibung ist erforderlich."],
      [{ text: "x".repeat(5001) }, "text", "Beschreibung darf höchstens 5000 Zeichen lang sein."],
      [{ photos: [photo(), photo(), photo(), photo()] }, "photos", "Höchstens 3 Fotos."],
      [
        { photos: [photo("sample.pdf", { mime: "image/jpeg" })] },
        "photos.0",
        "Das Foto muss ein JPEG-, PNG- oder WebP-Bild sein.",
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await as("anna").post(REPORTS, report(overrides));
      expect(res.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      const body = res.json();
      if (message) expect(body.message).toBe(message);
      expect(Object.keys(body.fields ?? {}), res.body).toContain(field);
    }
    // A tenant of a house without plans has no such service.
    const res = await as("bernd").post(REPORTS, report());
    expect(res.statusCode).toBe(400);
    expect(await reports()).toBe(before.reports);
    expect(await countRows(ctx.db, "message_threads")).toBe(before.threads);
  });
});
