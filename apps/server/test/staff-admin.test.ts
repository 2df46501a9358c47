import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail } from "../src/domain/notifications/notifications.js";
import { createStaff } from "../src/domain/staff/staff-members.js";
import { hashPassword } from "../src/lib/passwords.js";
import { newTotpSecret } from "../src/lib/totp.js";
import { auditOf, BUILDING_A, BUILDING_B, collectingMailer, outboxTo } from "./factories/staff.js";
import {
  API_KEY,
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

const USERS = "/api/v1/staff/users";

const { mailer, sent } = collectingMailer();
let ctx: TestContext;
let buildingA: string;
let buildingB: string;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: "https://portal.example.de" }, { mailer });
  const tenant = await createTenant(ctx.db, { address: BUILDING_A });
  await createTenant(ctx.db, { address: BUILDING_A });
  await createTenant(ctx.db, { address: BUILDING_B, endDate: "2022-12-31" });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.tenant = await login(ctx.app, tenant);
  const ids = await ctx.db.selectFrom("buildings").select(["id", "address"]).execute();
  buildingA = ids.find((b) => b.address === BUILDING_A)!.id;
  buildingB = ids.find((b) => b.address === BUILDING_B)!.id;
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);
const staffRow = (id: string) =>
  ctx.db.selectFrom("staff_users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const tokenIn = (text: string) => /einladung#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const invitationInfo = (token: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/staff/auth/invitation/info",
    headers: { "x-api-key": API_KEY },
    payload: { token },
  });

let emailCounter = 0;
const newEmail = () => `neu-${++emailCounter}-${Date.now()}@verwaltung.example`;

async function invite(body: Record<string, unknown>) {
  const res = await as("admin").post(USERS, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; email: string; status: string };
}

describe("GET /staff/buildings", () => {
  it("lists my buildings with their running tenancies; Administrators see all", async () => {
    const mine = await as("verwalterA").get("/api/v1/staff/buildings");
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([{ id: buildingA, name: "Lindenstraße 5", address: BUILDING_A, tenant_count: 2 }]);
    expect((await as("hausmeisterA").get("/api/v1/staff/buildings")).json()).toHaveLength(1);
    const all = (await as("admin").get("/api/v1/staff/buildings")).json() as { id: string; tenant_count: number }[];
    expect(all.map((b) => b.id).sort()).toEqual([buildingA, buildingB].sort());
    expect(all.find((b) => b.id === buildingB)?.tenant_count).toBe(0);
    expect((await as("tenant").get("/api/v1/staff/buildings")).statusCode).toBe(401);
  });
});

describe("GET /staff/users", () => {
  it("lists the staff for Administrators only", async () => {
    const res = await as("admin").get(USERS);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; role: string; status: string; buildings: { id: string }[] }[];
    expect(list.find((m) => m.id === people.verwalterA!.id)).toMatchObject({
      role: "verwalter",
      status: "active",
      active: true,
      totp_enabled: false,
      buildings: [{ id: buildingA, name: "Lindenstraße 5" }],
    });
    expect(list.find((m) => m.id === people.admin!.id)).toMatchObject({ role: "administrator", totp_enabled: true });
    for (const who of ["verwalterA", "hausmeisterA"]) {
      const refused = await as(who).get(USERS);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Dafür fehlt Ihnen die Berechtigung.");
    }
    expect((await as("tenant").get(USERS)).statusCode).toBe(401);
    expect((await api(ctx.app).get(USERS)).statusCode).toBe(401);
  });
});

describe("POST /staff/users (invitation)", () => {
  it("creates the member without password, audits it and mails a one-time link valid 72 hours", async () => {
    const email = newEmail();
    const member = await invite({ email, name: "Jana Neu", role: "verwalter", building_ids: [buildingA] });
    expect(member).toMatchObject({
      email,
      name: "Jana Neu",
      role: "verwalter",
      active: true,
      status: "invited",
      totp_enabled: false,
      buildings: [{ id: buildingA, name: "Lindenstraße 5" }],
    });
    expect((await staffRow(member.id)).password_hash).toBeNull();

    const audit = await auditOf(ctx.db, member.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "staff.created",
      staff_id: people.admin!.id,
      entity_type: "staff",
      before: null,
      after: { email, name: "Jana Neu", role: "verwalter", building_ids: [buildingA] },
    });
    expect(Date.parse(audit[0]!.after.invitation_expires_at)).toBeGreaterThan(Date.now());
    const links = await ctx.db
      .selectFrom("staff_tokens")
      .select(["expires_at", "purpose"])
      .where("staff_id", "=", member.id)
      .execute();
    expect(links).toHaveLength(1);
    const hours = (Date.parse(links[0]!.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    const [mail] = await outboxTo(ctx.db, member.id);
    expect(mail).toMatchObject({ recipient_kind: "staff", kind: "staff_invitation", to_email: email });
    expect(mail!.body).toContain("https://portal.example.de/verwaltung/einladung#token=");
    const token = tokenIn(mail!.body)!;
    // Neither the token nor its hash is in the audit log.
    expect(JSON.stringify(audit)).not.toContain(token);

    // The link opens the invitation page and sets the first password; then the member is active.
    const info = await invitationInfo(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email, name: "Jana Neu", role: "verwalter", totp_required: false });
    const accepted = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/staff/auth/invitation/accept",
      headers: { "x-api-key": API_KEY },
      payload: { token, newPassword: "ganz-neues-passwort" },
    });
    expect(accepted.statusCode).toBe(200);
    const list = (await as("admin").get(USERS)).json() as { id: string; status: string }[];
    expect(list.find((m) => m.id === member.id)?.status).toBe("active");
  });

  it("sends an invitation as a mail of its own, not inside the staff digest", async () => {
    const email = newEmail();
    const member = await invite({ email, name: "Olga Eigen", role: "hausmeister", building_ids: [buildingA] });
    // A digest line for the same person waiting at the same time.
    await enqueueMail(ctx.db, {
      recipientKind: "staff",
      recipientId: member.id,
      to: email,
      kind: "staff_new_item",
      subject: "Neue Einträge im Eingang",
      body: "Reparatur (Dringend): Sanitär – Küche – Anna Alt",
    });
    sent.length = 0;
    await ctx.app.notifications.runOnce();
    const toMember = sent.filter((m) => m.to === email);
    expect(toMember).toHaveLength(2);
    const invitation = toMember.find((m) => m.subject.includes("Einladung"));
    const digest = toMember.find((m) => m.subject.includes("im Eingang"));
    expect(invitation?.text).toContain("https://portal.example.de/verwaltung/einladung#token=");
    expect(invitation?.text).not.toContain("Sanitär");
    expect(digest?.text).toContain("Reparatur (Dringend): Sanitär – Küche – Anna Alt");
    expect(digest?.text).not.toContain("einladung#token=");
    expect((await outboxTo(ctx.db, member.id)).every((m) => m.sent_at !== null)).toBe(true);
  });

  it("answers 409 German for an e-mail that exists (any case) and 400 German for bad input; nothing written", async () => {
    const existing = await ctx.db
      .selectFrom("staff_users")
      .select("email")
      .where("id", "=", people.verwalterA!.id)
      .executeTakeFirstOrThrow();
    const before = await Promise.all([
      ctx.db.selectFrom("staff_users").select("id").execute(),
      ctx.db.selectFrom("audit_log").select("id").execute(),
      ctx.db.selectFrom("notification_outbox").select("id").execute(),
    ]);
    const taken = await as("admin").post(USERS, {
      email: existing.email.toUpperCase(),
      name: "Doppelt",
      role: "verwalter",
      building_ids: [buildingA],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Für diese E-Mail-Adresse gibt es bereits ein Konto.");
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { email: "kein-mail", name: "X", role: "verwalter", building_ids: [buildingA] },
        "email",
        "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
      ],
      [
        { email: newEmail(), name: " ", role: "verwalter", building_ids: [buildingA] },
        "name",
        "Der Name ist erforderlich.",
      ],
      [
        { email: newEmail(), name: "X", role: "chef", building_ids: [] },
        "role",
        "Bitte wählen Sie eine gültige Rolle.",
      ],
      [
        { email: newEmail(), name: "X", role: "hausmeister", building_ids: [] },
        "building_ids",
        "Verwalter, Hausmeister und Dienstleister brauchen mindestens ein Gebäude.",
      ],
      [
        { email: newEmail(), name: "X", role: "verwalter", building_ids: [UNKNOWN_ID] },
        "building_ids",
        "Unbekanntes Gebäude.",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await as("admin").post(USERS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field] ?? res.json().message).toBe(message);
    }
    const forbidden = await as("verwalterA").post(USERS, {
      email: newEmail(),
      name: "X",
      role: "verwalter",
      building_ids: [buildingA],
    });
    expect(forbidden.statusCode).toBe(403);
    const after = await Promise.all([
      ctx.db.selectFrom("staff_users").select("id").execute(),
      ctx.db.selectFrom("audit_log").select("id").execute(),
      ctx.db.selectFrom("notification_outbox").select("id").execute(),
    ]);
    expect(after.map((rows) => rows.length)).toEqual(before.map((rows) => rows.length));
  });
});

describe("POST /staff/users/{id}/invitation", () => {
  it("sends a new link and voids the old one; refuses members who set their password", async () => {
    const member = await invite({
      email: newEmail(),
      name: "Rita Resend",
      role: "verwalter",
      building_ids: [buildingA],
    });
    const first = tokenIn((await outboxTo(ctx.db, member.id))[0]!.body)!;
    const res = await as("admin").post(`${USERS}/${member.id}/invitation`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id, status: "invited" });
    const mails = await outboxTo(ctx.db, member.id);
    expect(mails).toHaveLength(2);
    const second = tokenIn(mails[1]!.body)!;
    expect(second).not.toBe(first);
    expect((await invitationInfo(first)).statusCode).toBe(400);
    expect((await invitationInfo(second)).statusCode).toBe(200);
    expect((await auditOf(ctx.db, member.id)).map((a) => a.action).sort()).toEqual([
      "staff.created",
      "staff.invitation_sent",
    ]);

    const active = await as("admin").post(`${USERS}/${people.verwalterA!.id}/invitation`);
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe("Diese Person hat ihr Passwort bereits festgelegt.");
    expect((await as("admin").post(`${USERS}/${UNKNOWN_ID}/invitation`)).statusCode).toBe(404);
    expect((await as("verwalterA").post(`${USERS}/${member.id}/invitation`)).statusCode).toBe(403);
    expect(await outboxTo(ctx.db, member.id)).toHaveLength(2);
  });
});

describe("PATCH /staff/users/{id}", () => {
  it("changes name and buildings, audited before → after", async () => {
    const member = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
    const res = await as("admin").patch(`${USERS}/${member.id}`, { name: "Tomasz Nowak", building_ids: [buildingB] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Tomasz Nowak", role: "hausmeister", buildings: [{ id: buildingB }] });
    const [entry] = await auditOf(ctx.db, member.id);
    expect(entry).toMatchObject({
      action: "staff.updated",
      staff_id: people.admin!.id,
      before: { role: "hausmeister", active: true, building_ids: [buildingA] },
      after: { name: "Tomasz Nowak", role: "hausmeister", active: true, building_ids: [buildingB] },
    });
    expect(entry!.ip).toBeTruthy();
  });

  it("deactivating ends the member's sessions at once", async () => {
    const member = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
    const token = await staffLogin(ctx.app, member);
    expect((await api(ctx.app, token).get("/api/v1/staff/buildings")).statusCode).toBe(200);
    const res = await as("admin").patch(`${USERS}/${member.id}`, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: false, status: "inactive" });
    expect((await api(ctx.app, token).get("/api/v1/staff/buildings")).statusCode).toBe(401);
  });

  it("promotes to Administrator only with a second factor", async () => {
    const withoutTotp = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
    const refused = await as("admin").patch(`${USERS}/${withoutTotp.id}`, { role: "administrator" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.role).toBe(
      "Administratoren brauchen einen zweiten Faktor. Die Person muss ihn zuerst in ihrem Profil einrichten.",
    );
    expect((await staffRow(withoutTotp.id)).role).toBe("verwalter");

    const withTotp = await createStaff(ctx.db, {
      email: newEmail(),
      name: "Mit Faktor",
      role: "verwalter",
      buildingIds: [buildingA],
      passwordHash: await hashPassword("verwaltung-geheim-1"),
      totpSecret: newTotpSecret(),
      totpEnabled: true,
    });
    const promoted = await as("admin").patch(`${USERS}/${withTotp}`, { role: "administrator" });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe("administrator");
  });

  it("refuses to let Administrators deactivate or demote themselves, and other bad input (400, nothing written)", async () => {
    const me = people.admin!.id;
    const before = await staffRow(me);
    const auditBefore = (await ctx.db.selectFrom("audit_log").select("id").execute()).length;
    for (const body of [{ active: false }, { role: "verwalter", building_ids: [buildingA] }]) {
      const res = await as("admin").patch(`${USERS}/${me}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Sie können sich nicht selbst deaktivieren oder Ihre eigene Rolle ändern.");
    }
    const other = people.hausmeisterA!.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ building_ids: [] }, "Verwalter, Hausmeister und Dienstleister brauchen mindestens ein Gebäude."],
      [{ building_ids: [UNKNOWN_ID] }, "Unbekanntes Gebäude."],
      [{ building_ids: ["haus"] }, "Unbekanntes Gebäude."],
      [{ role: "hausdrache" }, "Bitte wählen Sie eine gültige Rolle."],
      [{ name: "" }, "Der Name ist erforderlich."],
    ];
    for (const [body, message] of cases) {
      const res = await as("admin").patch(`${USERS}/${other}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await as("admin").patch(`${USERS}/${UNKNOWN_ID}`, { name: "Niemand" })).statusCode).toBe(404);
    expect((await as("verwalterA").patch(`${USERS}/${other}`, { name: "Umbenannt" })).statusCode).toBe(403);
    expect(await staffRow(me)).toEqual(before);
    expect((await ctx.db.selectFrom("audit_log").select("id").execute()).length).toBe(auditBefore);
    // The Administrator still works: nothing ended their session.
    expect((await as("admin").get(USERS)).statusCode).toBe(200);
  });
});

describe("GET /staff/audit", () => {
  it("pages the log newest first and filters it, for Administrators only", async () => {
    const member = await invite({
      email: newEmail(),
      name: "Audit Probe",
      role: "verwalter",
      building_ids: [buildingA],
    });
    const res = await as("admin").get("/api/v1/staff/audit?action=staff.created&limit=1");
    expect(res.statusCode).toBe(200);
    const first = res.json();
    expect(first.items).toEqual([
      expect.objectContaining({
        action: "staff.created",
        entity_type: "staff",
        entity_id: member.id,
        staff: { id: people.admin!.id, name: expect.any(String) },
        before: null,
        after: expect.objectContaining({ name: "Audit Probe", role: "verwalter" }),
        ip: expect.any(String),
      }),
    ]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (
      await as("admin").get(`/api/v1/staff/audit?action=staff.created&limit=1&cursor=${first.next_cursor}`)
    ).json();
    expect(second.items).toEqual([expect.objectContaining({ action: "staff.created" })]);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(second.items[0].at <= first.items[0].at).toBe(true);

    const created = (await as("admin").get("/api/v1/staff/audit?action=staff.created&limit=100")).json();
    expect(created.items.every((e: { action: string }) => e.action === "staff.created")).toBe(true);
    expect(created.items.map((e: { entity_id: string }) => e.entity_id)).toContain(member.id);
    const byPerson = (await as("admin").get(`/api/v1/staff/audit?staff=${people.verwalterA!.id}`)).json();
    // Verwalter A only signed in (sign-ins are logged, issue 25 item 17).
    expect(byPerson.items.map((e: { action: string }) => e.action)).toEqual(["staff.signed_in"]);

    expect((await as("verwalterA").get("/api/v1/staff/audit")).statusCode).toBe(403);
    expect((await as("hausmeisterA").get("/api/v1/staff/audit")).statusCode).toBe(403);
    expect((await as("tenant").get("/api/v1/staff/audit")).statusCode).toBe(401);
    const badDate = await as("admin").get("/api/v1/staff/audit?from=gestern");
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields.from).toBe("Bitte ein Datum (JJJJ-MM-TT) angeben.");
  });
});
