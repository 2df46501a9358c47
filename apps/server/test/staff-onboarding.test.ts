import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import jsQRModule from "jsqr";
import { type PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdmin } from "../src/cli/admin.js";
import { addMonths, berlinToday } from "../src/lib/time.js";
import { auditOf, BUILDING_A, BUILDING_B, outboxTo } from "./factories/staff.js";
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

const BASE = "/api/v1/staff/tenants";
// jsqr is CommonJS with an ES-style default in its types: Node hands the module object as default.
type JsQR = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = (jsQRModule as unknown as { default: JsQR }).default;

let ctx: TestContext;
let workDir: string;
let buildingA: string;
let buildingB: string;
let existingA: TenantFixture;
let existingB: TenantFixture;
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  workDir = await mkdtemp(path.join(tmpdir(), "mp-onboarding-"));
  existingA = await createTenant(ctx.db, { address: BUILDING_A, email: "schon-da@example.com" });
  existingB = await createTenant(ctx.db, { address: BUILDING_B });
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  tokens.tenant = await login(ctx.app, existingA);
  const ids = await ctx.db.selectFrom("buildings").select(["id", "address"]).execute();
  buildingA = ids.find((b) => b.address === BUILDING_A)!.id;
  buildingB = ids.find((b) => b.address === BUILDING_B)!.id;
});
afterAll(async () => {
  await ctx.close();
  await rm(workDir, { recursive: true, force: true });
});

const as = (who: string) => api(ctx.app, tokens[who]);
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@example.com`;

function newTenant(overrides: Record<string, unknown> = {}) {
  return {
    first_name: "Clara",
    last_name: "Neu",
    email: uniqueEmail("clara"),
    building_id: buildingA,
    unit: "3. OG links",
    start_date: "2027-01-01",
    base_rent: 612.5,
    utilities: 180,
    payment_method: "bank_transfer",
    due_day: 3,
    ...overrides,
  };
}

async function create(who: string, overrides: Record<string, unknown> = {}) {
  const res = await as(who).post(BASE, newTenant(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; invitation: { status: string; expires_at: string | null } };
}

/** The token in the latest invitation mail to the tenant (from the link's fragment). */
async function invitationToken(tenantId: string) {
  const mails = (await outboxTo(ctx.db, tenantId)).filter((m) => m.kind === "tenant_invitation");
  const body = mails.at(-1)?.body ?? "";
  const link = /https?:\/\/\S+\/einladung#token=(\S+)/.exec(body);
  expect(link, body).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

const tenantsCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom("tenants")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("creating a tenant with a tenancy", () => {
  it("a Verwalter creates one in their building: no password, 'nicht eingeladen', audited, cannot sign in", async () => {
    const email = uniqueEmail("neu");
    const created = await create("verwalterA", { email });
    expect(created.invitation.status).toBe("not_invited");
    const tenancy = await ctx.db
      .selectFrom("tenancies")
      .selectAll()
      .where("tenant_id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(tenancy).toMatchObject({
      address: BUILDING_A,
      building_id: buildingA,
      apartment_number: "3. OG links",
      start_date: "2027-01-01",
      base_rent_cents: 61_250,
      utilities_cents: 18_000,
      payment_method: "bank_transfer",
      due_day: 3,
    });
    const audit = await auditOf(ctx.db, created.id);
    expect(audit.map((a) => a.action)).toEqual(["tenant.create"]);
    expect(audit[0]).toMatchObject({ staff_id: people.verwalterA!.id, building_id: buildingA });
    const signIn = await api(ctx.app).post("/api/v1/auth/login", { email, password: "irgendwas-langes" });
    expect(signIn.statusCode).toBe(401);

    const page = await as("verwalterA").get(`${BASE}/${created.id}`);
    expect(page.json()).toMatchObject({ invitation: { status: "not_invited" }, tenant: { email } });
    const list = await as("verwalterA").get(`${BASE}?invitation=not_invited&limit=100`);
    expect(list.json().items.map((t: { id: string }) => t.id)).toContain(created.id);
  });

  it("refuses other buildings (404), a Hausmeister (403), a tenant token (401) and writes nothing", async () => {
    const before = await tenantsCount();
    expect((await as("verwalterA").post(BASE, newTenant({ building_id: buildingB }))).statusCode).toBe(404);
    expect((await as("hausmeisterA").post(BASE, newTenant())).statusCode).toBe(403);
    expect((await as("tenant").post(BASE, newTenant())).statusCode).toBe(401);
    expect((await api(ctx.app).post(BASE, newTenant())).statusCode).toBe(401);
    expect(await tenantsCount()).toBe(before);
  });

  it("answers bad input with German field messages", async () => {
    const res = await as("admin").post(
      BASE,
      newTenant({ email: "keine-adresse", due_day: 0, base_rent: 10.555, start_date: "2027-02-30" }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields;
    expect(fields.email).toContain("gültige E-Mail-Adresse");
    expect(fields.due_day).toContain("1 bis 31");
    expect(fields.base_rent).toContain("zwei Nachkommastellen");
    expect(fields.start_date).toContain("gültiges Datum");
    const taken = await as("admin").post(BASE, newTenant({ email: "SCHON-DA@example.com" }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields.email).toContain("gehört bereits");
    expect((await as("admin").post(BASE, newTenant({ building_id: UNKNOWN_ID }))).statusCode).toBe(400);
  });
});

describe("invitations", () => {
  it("invite=true mails a 72-hour link; the tenant sets a password, is signed in, and the link is used up", async () => {
    const email = uniqueEmail("eingeladen");
    const created = await create("verwalterA", { email, invite: true });
    expect(created.invitation.status).toBe("invited");
    const hours = (Date.parse(created.invitation.expires_at!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const mails = await outboxTo(ctx.db, created.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_email: email, kind: "tenant_invitation" });
    expect(mails[0]!.subject).toContain("Einladung in das Mieter-Portal");
    expect(mails[0]!.body).toContain("Guten Tag Clara Neu");
    const token = await invitationToken(created.id);
    // Only the hash is stored.
    const stored = await ctx.db
      .selectFrom("tenant_invitations")
      .selectAll()
      .where("tenant_id", "=", created.id)
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    const check = await api(ctx.app).post("/api/v1/auth/invitation/check", { token });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ first_name: "Clara", last_name: "Neu", email });
    const short = await api(ctx.app).post("/api/v1/auth/invitation/accept", { token, newPassword: "kurz" });
    expect(short.statusCode).toBe(400);
    const accept = await api(ctx.app).post("/api/v1/auth/invitation/accept", {
      token,
      newPassword: "mein-neues-passwort",
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const session = accept.json();
    expect(session.user).toMatchObject({ email, firstName: "Clara" });
    expect((await api(ctx.app, session.token).get("/api/v1/auth/user")).statusCode).toBe(200);
    await expect(login(ctx.app, { email, password: "mein-neues-passwort" })).resolves.toBeTypeOf("string");

    const again = await api(ctx.app).post("/api/v1/auth/invitation/accept", {
      token,
      newPassword: "noch-ein-passwort",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("tenant_invitation_invalid");
    expect((await as("verwalterA").get(`${BASE}/${created.id}`)).json().invitation.status).toBe("active");
    const resend = await as("verwalterA").post(`${BASE}/${created.id}/invitation`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toContain("bereits ein Passwort");
  });

  it("a new tenant's rent account is there from the start: after setting the password they see their next payment", async () => {
    const monthStart = `${berlinToday().slice(0, 8)}01`;
    const created = await create("verwalterA", {
      invite: true,
      start_date: monthStart,
      base_rent: 700,
      utilities: 150,
    });
    const token = await invitationToken(created.id);
    const accept = await api(ctx.app).post("/api/v1/auth/invitation/accept", { token, newPassword: "erste-miete-1" });
    expect(accept.statusCode, accept.body).toBe(200);
    const current = await api(ctx.app, accept.json().token).get("/api/v1/tenant/payments/current");
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ amount: 850 });
  });

  it("an expired link shows 'abgelaufen'; resending replaces it and only the new link works", async () => {
    const created = await create("verwalterA", { invite: true });
    const oldToken = await invitationToken(created.id);
    await ctx.db
      .updateTable("tenant_invitations")
      .set({ expires_at: "2020-01-01T00:00:00.000Z" })
      .where("tenant_id", "=", created.id)
      .execute();
    expect((await as("verwalterA").get(`${BASE}/${created.id}`)).json().invitation.status).toBe("expired");
    const expired = await as("verwalterA").get(`${BASE}?invitation=expired&limit=100`);
    expect(expired.json().items.map((t: { id: string }) => t.id)).toContain(created.id);
    const invited = await as("verwalterA").get(`${BASE}?invitation=invited&limit=100`);
    expect(invited.json().items.map((t: { id: string }) => t.id)).not.toContain(created.id);
    expect((await api(ctx.app).post("/api/v1/auth/invitation/check", { token: oldToken })).json().error).toBe(
      "tenant_invitation_invalid",
    );

    const resend = await as("verwalterA").post(`${BASE}/${created.id}/invitation`);
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().status).toBe("invited");
    const newToken = await invitationToken(created.id);
    expect(newToken).not.toBe(oldToken);
    expect((await api(ctx.app).post("/api/v1/auth/invitation/check", { token: newToken })).statusCode).toBe(200);
    // Resending again replaces the open link too.
    await as("verwalterA").post(`${BASE}/${created.id}/invitation`);
    expect((await api(ctx.app).post("/api/v1/auth/invitation/check", { token: newToken })).statusCode).toBe(400);
    expect((await auditOf(ctx.db, created.id)).filter((a) => a.action === "tenant.invite_email")).toHaveLength(3);
  });

  it("bulk: sends to those who can get one and names the others with the reason", async () => {
    const a = await create("verwalterA");
    const b = await create("verwalterA");
    const noMail = await create("verwalterA", { email: null });
    const res = await as("verwalterA").post(`${BASE}/invitations`, {
      tenant_ids: [a.id, b.id, noMail.id, existingA.id, existingB.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.sent).toBe(2);
    const reasons = Object.fromEntries(result.skipped.map((s: { id: string; reason: string }) => [s.id, s.reason]));
    expect(reasons[noMail.id]).toContain("keine E-Mail-Adresse");
    expect(reasons[existingA.id]).toContain("bereits ein Passwort");
    expect(reasons[existingB.id]).toBe("Unbekannter Mieter.");
    expect(await outboxTo(ctx.db, existingB.id)).toHaveLength(0);
    expect((await as("verwalterA").post(`${BASE}/invitations`, { tenant_ids: [] })).statusCode).toBe(400);
    expect((await as("hausmeisterA").post(`${BASE}/invitations`, { tenant_ids: [a.id] })).statusCode).toBe(403);
  });

  it("single routes refuse other buildings' tenants (404), Hausmeister (403) and tenant tokens (401)", async () => {
    const mine = await create("verwalterA");
    for (const url of [`${BASE}/${mine.id}/invitation`, `${BASE}/${mine.id}/invitation-letter`]) {
      expect((await as("verwalterB").post(url)).statusCode).toBe(404);
      expect((await as("hausmeisterA").post(url)).statusCode).toBe(403);
      expect((await as("tenant").post(url)).statusCode).toBe(401);
    }
    expect((await as("verwalterB").patch(`${BASE}/${mine.id}`, { first_name: "X" })).statusCode).toBe(404);
    expect((await as("tenant").patch(`${BASE}/${mine.id}`, { first_name: "X" })).statusCode).toBe(401);
    const end = { end_date: "2027-06-30" };
    expect((await as("verwalterB").post(`${BASE}/${mine.id}/tenancy/end`, end)).statusCode).toBe(404);
    expect((await as("hausmeisterA").post(`${BASE}/${mine.id}/tenancy/end`, end)).statusCode).toBe(403);
    expect((await as("verwalterA").post(`${BASE}/${UNKNOWN_ID}/invitation`)).statusCode).toBe(404);
    expect(await outboxTo(ctx.db, mine.id)).toHaveLength(0);
  });
});

/** The invitation letter's QR code, decoded from the PDF's image (pdf-lib stores PNGs as Flate RGB). */
async function qrOfPdf(bytes: Uint8Array): Promise<string | null> {
  const pdf = await PDFDocument.load(bytes);
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict: PDFDict = object.dict;
    if (dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    if (dict.get(PDFName.of("ColorSpace")) !== PDFName.of("DeviceRGB")) continue;
    const width = (dict.get(PDFName.of("Width")) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of("Height")) as PDFNumber).asNumber();
    const rgb = inflateSync(object.contents);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = rgb[i * 3]!;
      rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
      rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, width, height);
    if (code) return code.data;
  }
  return null;
}

describe("the invitation letter for tenants without e-mail", () => {
  it("is a German PDF whose QR code is the link; the tenant gives their address when setting the password", async () => {
    const created = await create("verwalterA", { email: "", first_name: "Jörg", last_name: "Ohnemail" });
    const mailOnly = await as("verwalterA").post(`${BASE}/${created.id}/invitation`);
    expect(mailOnly.statusCode).toBe(409);
    expect(mailOnly.json().message).toContain("Einladungsbrief");

    const res = await as("verwalterA").post(`${BASE}/${created.id}/invitation-letter`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain("attachment");
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toContain("Einladung in das Mieter-Portal");
    const link = await qrOfPdf(bytes);
    expect(link).toMatch(/^https?:\/\/[^/]+\/einladung#token=[\w-]{40,}$/);
    expect((await as("verwalterA").get(`${BASE}/${created.id}`)).json().invitation).toMatchObject({
      status: "invited",
      channel: "letter",
    });
    expect((await auditOf(ctx.db, created.id)).map((a) => a.action)).toContain("tenant.invite_letter");

    const token = decodeURIComponent(link!.split("#token=")[1]!);
    const check = await api(ctx.app).post("/api/v1/auth/invitation/check", { token });
    expect(check.json()).toMatchObject({ first_name: "Jörg", email: null });
    const withoutEmail = await api(ctx.app).post("/api/v1/auth/invitation/accept", {
      token,
      newPassword: "brief-passwort-1",
    });
    expect(withoutEmail.statusCode).toBe(400);
    expect(withoutEmail.json().fields.email).toContain("E-Mail-Adresse");
    const taken = await api(ctx.app).post("/api/v1/auth/invitation/accept", {
      token,
      email: existingA.email,
      newPassword: "brief-passwort-1",
    });
    expect(taken.json().fields.email).toContain("bereits verwendet");
    const email = uniqueEmail("joerg");
    const ok = await api(ctx.app).post("/api/v1/auth/invitation/accept", {
      token,
      email,
      newPassword: "brief-passwort-1",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await expect(login(ctx.app, { email, password: "brief-passwort-1" })).resolves.toBeTypeOf("string");
  });
});

describe("contact data and the end of a tenancy", () => {
  it("changes name and e-mail (audited before → after); a taken address is refused", async () => {
    const created = await create("verwalterA");
    const email = uniqueEmail("geaendert");
    const res = await as("verwalterA").patch(`${BASE}/${created.id}`, { last_name: "Neumann", email });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await as("verwalterA").get(`${BASE}/${created.id}`)).json();
    expect(page.tenant).toMatchObject({ name: "Clara Neumann", email });
    const audit = (await auditOf(ctx.db, created.id)).find((a) => a.action === "tenant.update_contact")!;
    expect(audit.before).toMatchObject({ last_name: "Neu" });
    expect(audit.after).toMatchObject({ last_name: "Neumann", email });
    const taken = await as("verwalterA").patch(`${BASE}/${created.id}`, { email: existingA.email });
    expect(taken.statusCode).toBe(400);
    expect((await as("verwalterA").patch(`${BASE}/${created.id}`, {})).statusCode).toBe(400);
    // An active tenant signs in with the address: it cannot be removed.
    const active = await as("verwalterA").patch(`${BASE}/${existingA.id}`, { email: "" });
    expect(active.statusCode).toBe(400);
  });

  it("ending: access for 3 more months, a move-out reading is asked for, audited; not before the start", async () => {
    const created = await create("verwalterA", { invite: true, start_date: "2020-01-01" });
    const early = await as("verwalterA").post(`${BASE}/${created.id}/tenancy/end`, { end_date: "2019-12-31" });
    expect(early.statusCode).toBe(400);
    const endDate = berlinToday();
    const res = await as("verwalterA").post(`${BASE}/${created.id}/tenancy/end`, { end_date: endDate });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ end_date: endDate, access_until: addMonths(endDate, 3) });
    expect(res.json().move_out_reading).toContain("Zählerstände zum Auszug");
    const campaign = await ctx.db
      .selectFrom("meter_campaign_tenants")
      .innerJoin("meter_campaigns", "meter_campaigns.id", "meter_campaign_tenants.campaign_id")
      .select(["meter_campaigns.kind", "meter_campaigns.reason", "meter_campaigns.building_id"])
      .where("meter_campaign_tenants.tenant_id", "=", created.id)
      .executeTakeFirst();
    expect(campaign).toMatchObject({ kind: "on_demand", reason: "Auszug", building_id: buildingA });
    // Moving the end asks nobody twice.
    const moved = await as("verwalterA").post(`${BASE}/${created.id}/tenancy/end`, { end_date: endDate });
    expect(moved.json().move_out_reading).toContain("schon gebeten");
    const asked = await ctx.db
      .selectFrom("meter_campaign_tenants")
      .select("campaign_id")
      .where("tenant_id", "=", created.id)
      .execute();
    expect(asked).toHaveLength(1);
    const tenancyAudit = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "after_json"])
      .where("action", "=", "tenancy.end")
      .where("staff_id", "=", people.verwalterA!.id)
      .execute();
    expect(tenancyAudit.some((a) => a.after_json?.includes(endDate))).toBe(true);
    // Still within the 3 months: the invitation link works and the tenant gets in.
    const token = await invitationToken(created.id);
    const accept = await api(ctx.app).post("/api/v1/auth/invitation/accept", { token, newPassword: "auszug-passwort" });
    expect(accept.statusCode, accept.body).toBe(200);
  });

  it("an invitation of a tenant whose access has ended is refused", async () => {
    const created = await create("verwalterA", { invite: true, start_date: "2019-01-01" });
    await as("verwalterA").post(`${BASE}/${created.id}/tenancy/end`, { end_date: "2020-01-31" });
    const token = await invitationToken(created.id);
    const accept = await api(ctx.app).post("/api/v1/auth/invitation/accept", { token, newPassword: "zu-spaet-123" });
    expect(accept.statusCode).toBe(403);
    expect(accept.json().error).toBe("access_ended");
  });
});

const HEADER = "Vorname;Nachname;E-Mail;Gebäude;Wohnung;Beginn;Kaltmiete;Nebenkosten;Zahlungsart;Fälligkeitstag";

describe("CSV import", () => {
  it("the preview names every row's problems in German and writes nothing; the import writes only the valid rows", async () => {
    const csv = [
      HEADER,
      `Ida;Import;${uniqueEmail("ida")};${BUILDING_A};1. OG;01.02.2027;550,00;180;Überweisung;3`,
      `Kai;Kaputt;keine-adresse;${BUILDING_B};;31.02.2027;viel;180;Bar;40`,
      `Lea;Doppelt;${existingA.email};Nirgendwo 1;;2027-02-01;500;100;;`,
    ].join("\n");
    const before = await tenantsCount();
    const preview = await as("verwalterA").post(`${BASE}/import/preview`, { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ valid: true, importable: 1, refused: 2, existing: 0, invitable: 1 });
    expect(body.rows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4]);
    expect(body.rows.map((r: { status: string }) => r.status)).toEqual(["ok", "error", "error"]);
    expect(body.rows[0].problems).toEqual([]);
    expect(body.rows[0]).toMatchObject({ building: { id: buildingA }, base_rent: 550, start_date: "2027-02-01" });
    const kai = body.rows[1].problems.join(" ");
    for (const text of [
      "E-Mail-Adresse „keine-adresse“",
      "Beginn „31.02.2027“",
      "Kaltmiete „viel“",
      "Zahlungsart „Bar“",
    ]) {
      expect(kai).toContain(text);
    }
    expect(kai).toContain("gehört nicht zu Ihren Gebäuden");
    expect(body.rows[2].problems.join(" ")).toContain("gehört bereits zu einem anderen Mieter");
    expect(await tenantsCount()).toBe(before);
    // Decision 028: the valid rows in one transaction, the others listed as a file of their own.
    const partly = await as("verwalterA").post(`${BASE}/import`, { csv });
    expect(partly.statusCode, partly.body).toBe(200);
    expect(partly.json()).toMatchObject({ created: 1, invited: 0, skipped: 0, refused: 2 });
    expect(partly.json().refused_csv).toContain("Kai;Kaputt;keine-adresse;");
    expect(await tenantsCount()).toBe(before + 1);
  });

  it("imports every row in one go (and invites with an address); duplicates in the file are found", async () => {
    const emails = [uniqueEmail("imp1"), uniqueEmail("imp2")];
    const dup = [
      HEADER,
      `A;Eins;${emails[0]};${BUILDING_A};;2027-01-01;500;100;;`,
      `B;Zwei;${emails[0]};${BUILDING_A};;2027-01-01;500;100;;`,
    ];
    const dupPreview = (await as("verwalterA").post(`${BASE}/import/preview`, { csv: dup.join("\n") })).json();
    expect(dupPreview.rows[1].problems.join(" ")).toContain("steht schon in Zeile 2");

    const csv = [
      "vorname,nachname,email,gebaeude,wohnung,beginn,kaltmiete,nebenkosten",
      `Ina,Eins,${emails[0]},"${BUILDING_A}",EG,2027-01-01,"612,50",180`,
      `Ole,Zwei,${emails[1]},"${BUILDING_A}",1. OG,01.03.2027,700,200.5`,
      `Pia,Ohne,,"${BUILDING_A}",,2027-01-01,400,90`,
    ].join("\r\n");
    const res = await as("verwalterA").post(`${BASE}/import`, { csv, invite: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 3, invited: 2, skipped: 0, refused: 0, refused_csv: null });
    const ole = await ctx.db
      .selectFrom("tenants")
      .selectAll()
      .where("email", "=", emails[1]!)
      .executeTakeFirstOrThrow();
    const tenancy = await ctx.db
      .selectFrom("tenancies")
      .selectAll()
      .where("tenant_id", "=", ole.id)
      .executeTakeFirstOrThrow();
    expect(tenancy).toMatchObject({ start_date: "2027-03-01", base_rent_cents: 70_000, utilities_cents: 20_050 });
    expect(tenancy).toMatchObject({ payment_method: "sepa_direct_debit", due_day: 3, building_id: buildingA });
    expect((await outboxTo(ctx.db, ole.id)).map((m) => m.kind)).toEqual(["tenant_invitation"]);
    expect((await auditOf(ctx.db, ole.id)).map((a) => a.action)).toEqual(["tenant.create", "tenant.invite_email"]);
    // The same file again: every tenant is there already (by address, Pia by name and unit), nothing is written twice.
    const again = await as("verwalterA").post(`${BASE}/import`, { csv });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, skipped: 3, refused: 0 });
  });

  it("refuses a file that is not the format, Hausmeister and tenant tokens", async () => {
    const wrong = (await as("admin").post(`${BASE}/import/preview`, { csv: "Name;Miete\nX;5" })).json();
    expect(wrong.valid).toBe(false);
    expect(wrong.file_warnings.join(" ")).toContain("Diese Spalte wird ignoriert: „Miete“");
    expect(wrong.file_problems.join(" ")).toContain("In der Kopfzeile fehlen die Spalten");
    expect((await as("admin").post(`${BASE}/import/preview`, { csv: HEADER })).json().file_problems).toEqual([
      "Die Datei enthält keine Mieter (nur die Kopfzeile).",
    ]);
    expect((await as("admin").post(`${BASE}/import/preview`, { csv: "" })).statusCode).toBe(400);
    expect((await as("hausmeisterA").post(`${BASE}/import/preview`, { csv: HEADER })).statusCode).toBe(403);
    expect((await as("tenant").post(`${BASE}/import`, { csv: HEADER })).statusCode).toBe(401);
  });
});

describe("admin command line on the same functions", () => {
  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(
      argv,
      { out: (t) => out.push(t), err: (t) => err.push(t) },
      { db: ctx.db, config: ctx.config, files: ctx.app.files, mailer: ctx.app.mailer },
    );
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  it("create-tenant --invite, invite-tenant (mail and --letter), import-tenants (--check, then for real)", async () => {
    const email = uniqueEmail("cli");
    const created = await admin(
      "create-tenant",
      "--email",
      email,
      "--invite",
      "--first-name",
      "Cli",
      "--last-name",
      "Kommando",
      "--address",
      BUILDING_A,
      "--start",
      "2027-01-01",
      "--base-rent",
      "500",
      "--utilities",
      "100",
    );
    expect(created.code, created.err).toBe(0);
    expect(created.out).toContain("/einladung#token=");
    const tenant = await ctx.db.selectFrom("tenants").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(tenant.password_hash).toBe("");
    expect((await auditOf(ctx.db, tenant.id)).map((a) => [a.action, a.staff_name])).toEqual([
      ["tenant.create", "Kommandozeile (admin)"],
      ["tenant.invite_email", "Kommandozeile (admin)"],
    ]);
    const neither = await admin("create-tenant", "--email", uniqueEmail("x"), "--first-name", "A", "--last-name", "B");
    expect(neither.code).toBe(2);

    expect((await admin("invite-tenant", "--email", email)).code).toBe(0);
    expect((await outboxTo(ctx.db, tenant.id)).filter((m) => m.kind === "tenant_invitation")).toHaveLength(2);
    const letter = path.join(workDir, "brief.pdf");
    const lettered = await admin("invite-tenant", "--id", tenant.id, "--letter", letter);
    expect(lettered.code, lettered.err).toBe(0);
    expect(await qrOfPdf(await readFile(letter))).toMatch(/\/einladung#token=/);
    expect((await admin("invite-tenant", "--email", existingA.email)).code).toBe(1);

    const file = path.join(workDir, "mieter.csv");
    await writeFile(file, `${HEADER}\nQuinn;Quelle;${uniqueEmail("q")};${BUILDING_B};;2027-01-01;500;100;;\n`);
    const check = await admin("import-tenants", "--file", file, "--check");
    expect(check.code, check.err).toBe(0);
    expect(check.out).toContain("1 Mieter würden importiert");
    const done = await admin("import-tenants", "--file", file);
    expect(done.code, done.err).toBe(0);
    expect(done.out).toContain("1 Mieter importiert");
    const again = await admin("import-tenants", "--file", file);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain("0 Mieter importiert (1 bereits vorhanden, übersprungen");
    await writeFile(file, `${HEADER}\nQuinn;Quer;;${BUILDING_B};;kein Datum;500;100;;\n`);
    const bad = await admin("import-tenants", "--file", file);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("Zeile 2: Der Beginn „kein Datum“");
  });
});
