import { STAFF_INBOX_PATH } from "@mieter-portal/contracts/staff";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, seedDemoIfEmpty } from "../src/db/seed/demo.js";
import type { Mail, Mailer } from "../src/lib/mailer.js";
import { repairPayload } from "./factories/repairs.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  type StaffFixture,
  staffLogin,
  type TestContext,
} from "./helpers.js";

/** Issue 25 §6, §9, §10, §12: what the management's messages say and whether the tenant was mailed. */

const DEMO_ADDRESS = "Lindenstraße 5, 10969 Berlin";
const COMPANY = "Grünfeld Hausverwaltung";

const mails: Mail[] = [];
const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
let ctx: TestContext;
let verwalter: StaffFixture;
let verwalterToken: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { mailer });
  // The demo first (it seeds only into a database without tenants), then live staff beside it.
  expect(await seedDemoIfEmpty(ctx.db, ctx.app.files)).toBe(true);
  verwalter = await createStaffMember(ctx.db, "verwalter", [DEMO_ADDRESS]);
  verwalterToken = await staffLogin(ctx.app, verwalter);
}, 60_000);
afterAll(() => ctx.close());

const asVerwalter = () => api(ctx.app, verwalterToken);

async function setEmail(token: string, on: boolean) {
  const res = await api(ctx.app, token).inject({
    method: "PUT",
    url: "/api/v1/tenant/preferences",
    payload: { email_notifications: on },
  });
  expect(res.statusCode).toBe(200);
}

describe("one sender format (issue 25 §6)", () => {
  it("signs seeded and live messages and repair steps alike: 'Name, Firma', no parentheses", async () => {
    const anna = await ctx.db
      .selectFrom("tenants")
      .select("id")
      .where("email", "=", DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    const thread = await ctx.db
      .selectFrom("message_threads")
      .select("id")
      .where("tenant_id", "=", anna.id)
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    const replied = await asVerwalter().post(`/api/v1/staff/threads/${thread.id}/replies`, {
      content: "Wir melden uns.",
    });
    expect(replied.statusCode).toBe(200);
    const live = replied.json().messages.at(-1).sender_name as string;
    const me = (await asVerwalter().get("/api/v1/staff/auth/me")).json();
    expect(live).toBe(`${me.name}, ${COMPANY}`);

    const seededSenders = await ctx.db
      .selectFrom("messages")
      .select("sender_name")
      .where("actor_kind", "=", "staff")
      .where("sender_name", "!=", live)
      .execute();
    const seededRepairSteps = await ctx.db
      .selectFrom("repair_status_history")
      .select("actor_name")
      .where("actor_kind", "=", "staff")
      .execute();
    const seededAppointmentSteps = await ctx.db
      .selectFrom("appointment_status_changes")
      .select("actor_name")
      .where("actor_kind", "=", "staff")
      .execute();
    const names = [
      ...seededSenders.map((m) => m.sender_name),
      ...seededRepairSteps.map((r) => r.actor_name),
      ...seededAppointmentSteps.map((a) => a.actor_name),
    ];
    expect(seededSenders.length).toBeGreaterThan(0);
    expect(seededRepairSteps.length).toBeGreaterThan(0);
    // The demo Verwalter signs exactly as a live reply of hers would.
    expect(new Set(names)).toEqual(new Set([`Sabine Krüger, ${COMPANY}`]));
  });
});

describe("whether the tenant was mailed (issue 25 §9)", () => {
  it("answers with tenant_emailed: true when a mail went out, false when the tenant turned e-mail off", async () => {
    const tenant = await createTenant(ctx.db, { address: DEMO_ADDRESS, firstName: "Erika", lastName: "Ohnepost" });
    const token = await login(ctx.app, tenant);
    const started = await asVerwalter().post("/api/v1/staff/threads", {
      tenant_id: tenant.id,
      subject: "Wasserabstellung",
      content: "Am Montag wird das Wasser abgestellt.",
    });
    expect(started.statusCode).toBe(201);
    expect(started.json().tenant_emailed).toBe(true);
    const threadId = started.json().id as string;
    const outbox = async () =>
      (await ctx.db.selectFrom("notification_outbox").select("id").where("to_email", "=", tenant.email).execute())
        .length;
    expect(await outbox()).toBe(1);

    await setEmail(token, false);
    const replied = await asVerwalter().post(`/api/v1/staff/threads/${threadId}/replies`, { content: "Ab 8 Uhr." });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().tenant_emailed).toBe(false);
    const quiet = await asVerwalter().post("/api/v1/staff/threads", {
      tenant_id: tenant.id,
      subject: "Treppenhaus",
      content: "Das Treppenhaus wird gestrichen.",
    });
    expect(quiet.json().tenant_emailed).toBe(false);
    expect(await outbox()).toBe(1);

    await setEmail(token, true);
    const again = await asVerwalter().post(`/api/v1/staff/threads/${threadId}/replies`, { content: "Erledigt." });
    expect(again.json().tenant_emailed).toBe(true);
    expect(await outbox()).toBe(2);
  });
});

describe("whether the tenant was mailed about a repair's status (issue 25 §9)", () => {
  it("answers the status change with tenant_emailed, false when the tenant turned e-mail off", async () => {
    const tenant = await createTenant(ctx.db, { address: DEMO_ADDRESS, firstName: "Rita", lastName: "Ohnemail" });
    const token = await login(ctx.app, tenant);
    const reported = await api(ctx.app, token).post("/api/v1/tenant/repairs", repairPayload());
    expect(reported.statusCode).toBe(201);
    const repairId = reported.json().id as string;
    const outbox = async () =>
      (await ctx.db.selectFrom("notification_outbox").select("id").where("to_email", "=", tenant.email).execute())
        .length;

    const confirmed = await asVerwalter().post(`/api/v1/staff/repairs/${repairId}/status`, { status: "confirmed" });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: repairId, status: "confirmed", tenant_emailed: true });
    expect(await outbox()).toBe(1);

    await setEmail(token, false);
    const working = await asVerwalter().post(`/api/v1/staff/repairs/${repairId}/status`, { status: "in_progress" });
    expect(working.statusCode, working.body).toBe(200);
    expect(working.json()).toMatchObject({ status: "in_progress", tenant_emailed: false });
    expect(await outbox()).toBe(1);
  });
});

describe("the staff digest mail (issue 25 §12)", () => {
  it("links to the console's inbox address (STAFF_INBOX_PATH, a console route: see the console's router test)", async () => {
    await ctx.app.notifications.runOnce();
    mails.length = 0;
    const tenant = await createTenant(ctx.db, { address: DEMO_ADDRESS, firstName: "Dieter", lastName: "Digest" });
    const token = await login(ctx.app, tenant);
    const sent = await api(ctx.app, token).post("/api/v1/tenant/messages", { subject: "Frage", content: "Wann?" });
    expect(sent.statusCode).toBe(201);
    // The digest waits for its slot: send everything that is due, whatever the slot.
    await ctx.db.updateTable("notification_outbox").set({ send_after: "2000-01-01T00:00:00.000Z" }).execute();
    await ctx.app.notifications.runOnce();
    const digest = mails.find((m) => m.to === verwalter.email);
    expect(digest?.text).toBeDefined();
    const link = /Zum Eingang: (\S+)/.exec(digest?.text ?? "")?.[1];
    expect(link).toBe(`${ctx.config.publicUrl}${STAFF_INBOX_PATH}`);
  });
});

describe("Textbausteine (issue 25 §10)", () => {
  it("keeps a Verwalter's own beside the Administrator's shared ones; shared ones change only by Administrators", async () => {
    const admin = await createStaffMember(ctx.db, "administrator");
    const other = await createStaffMember(ctx.db, "verwalter", [DEMO_ADDRESS]);
    const hausmeister = await createStaffMember(ctx.db, "hausmeister", [DEMO_ADDRESS]);
    const as = async (who: StaffFixture) => api(ctx.app, await staffLogin(ctx.app, who));
    const asAdmin = await as(admin);
    const asOther = await as(other);

    const shared = await asAdmin.post("/api/v1/staff/canned-replies", {
      title: "Danke",
      body: "vielen Dank für Ihre Nachricht, {Anrede}.",
    });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ personal: false, editable: true });
    const own = await asVerwalter().post("/api/v1/staff/canned-replies", {
      title: "Mein Gruß",
      body: "Ihre Wohnung {Wohnung} im {Gebäude}.\n\nViele Grüße\n{Name der Mitarbeiterin}",
    });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ title: "Mein Gruß", personal: true, editable: true });
    // A Verwalter asking for a shared one still gets their own.
    const notShared = await asVerwalter().post("/api/v1/staff/canned-replies", {
      title: "Versuch",
      body: "Text",
      personal: false,
    });
    expect(notShared.json().personal).toBe(true);

    const ids = async (who: ReturnType<typeof api>) =>
      ((await who.get("/api/v1/staff/canned-replies")).json() as { id: string; editable: boolean }[]).map((c) => [
        c.id,
        c.editable,
      ]);
    expect(await ids(asVerwalter())).toEqual(
      expect.arrayContaining([
        [shared.json().id, false],
        [own.json().id, true],
      ]),
    );
    const othersView = await ids(asOther);
    expect(othersView).toContainEqual([shared.json().id, false]);
    expect(othersView.map(([id]) => id)).not.toContain(own.json().id);
    expect((await ids(asAdmin)).map(([id]) => id)).not.toContain(own.json().id);

    const sharedChange = await asVerwalter().patch(`/api/v1/staff/canned-replies/${shared.json().id}`, {
      title: "Dank",
      body: "Danke!",
    });
    expect(sharedChange.statusCode).toBe(403);
    expect(sharedChange.json().message).toBe("Gemeinsame Textbausteine ändern nur Administratoren.");
    expect(
      (await asVerwalter().inject({ method: "DELETE", url: `/api/v1/staff/canned-replies/${shared.json().id}` }))
        .statusCode,
    ).toBe(403);
    // Someone else's own Textbaustein does not exist for the others.
    expect(
      (await asOther.patch(`/api/v1/staff/canned-replies/${own.json().id}`, { title: "X", body: "Y" })).statusCode,
    ).toBe(404);
    expect(
      (await asAdmin.inject({ method: "DELETE", url: `/api/v1/staff/canned-replies/${own.json().id}` })).statusCode,
    ).toBe(404);

    const renamed = await asVerwalter().patch(`/api/v1/staff/canned-replies/${own.json().id}`, {
      title: "Mein Gruß (neu)",
      body: "Guten Tag {Anrede},",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: "Mein Gruß (neu)", personal: true });
    expect(
      (await asVerwalter().inject({ method: "DELETE", url: `/api/v1/staff/canned-replies/${own.json().id}` }))
        .statusCode,
    ).toBe(200);
    expect((await ids(asVerwalter())).map(([id]) => id)).not.toContain(own.json().id);

    // The Hausmeister does not answer tenants: no Textbausteine.
    expect(
      (await (await as(hausmeister)).post("/api/v1/staff/canned-replies", { title: "T", body: "B" })).statusCode,
    ).toBe(403);
  });

  it("refuses a placeholder it cannot fill, naming the ones it can", async () => {
    const res = await asVerwalter().post("/api/v1/staff/canned-replies", {
      title: "Falsch",
      body: "Guten Tag {Name},",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      "Den Platzhalter {Name} gibt es nicht. Möglich sind: {Anrede}, {Vorname}, {Nachname}, {Gebäude}, {Wohnung}, {Name der Mitarbeiterin}.",
    );
  });

  it("gives the console the tenant's names apart for {Vorname}, {Nachname} and the salutation", async () => {
    const tenant = await createTenant(ctx.db, { address: DEMO_ADDRESS, firstName: "Grete", lastName: "Gruß" });
    const started = await asVerwalter().post("/api/v1/staff/threads", {
      tenant_id: tenant.id,
      subject: "Hallo",
      content: "Text",
    });
    expect(started.json().addressee).toEqual({ first_name: "Grete", last_name: "Gruß" });
    expect(started.json().tenant).toMatchObject({ name: "Grete Gruß", unit: expect.any(String) });
  });
});
