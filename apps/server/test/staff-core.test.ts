import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffLink } from "../src/domain/staff/staff-links.js";
import type { Mail, Mailer } from "../src/lib/mailer.js";
import { totpCodeNow } from "../src/lib/totp.js";
import {
  API_KEY,
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  type StaffFixture,
  staffLogin,
  type TenantFixture,
  type TestContext,
} from "./helpers.js";

const A = "Lindenstraße 5, 10969 Berlin";
const B = "Gartenweg 12, 10115 Berlin";
const INTERNAL = "Intern: Mieter war unfreundlich, Schlüssel beim Nachbarn";

const mails: Mail[] = [];
const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
let ctx: TestContext;
let admin: StaffFixture;
let verwalterA: StaffFixture;
let verwalterB: StaffFixture;
let hausmeisterA: StaffFixture;
let hausmeisterB: StaffFixture;
let tenantA: TenantFixture;
let tenantB: TenantFixture;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({}, { mailer });
  tenantA = await createTenant(ctx.db, { address: A, firstName: "Anna", lastName: "Alt" });
  tenantB = await createTenant(ctx.db, { address: B, firstName: "Bernd", lastName: "Berg" });
  admin = await createStaffMember(ctx.db, "administrator");
  verwalterA = await createStaffMember(ctx.db, "verwalter", [A]);
  verwalterB = await createStaffMember(ctx.db, "verwalter", [B]);
  hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [A]);
  hausmeisterB = await createStaffMember(ctx.db, "hausmeister", [B]);
  for (const [name, s] of Object.entries({ admin, verwalterA, verwalterB, hausmeisterA, hausmeisterB })) {
    tokens[name] = await staffLogin(ctx.app, s);
  }
  tokens.tenantA = await login(ctx.app, tenantA);
  tokens.tenantB = await login(ctx.app, tenantB);
});
afterAll(() => ctx.close());

const staff = (who: string) => api(ctx.app, tokens[who]);

async function reportRepair(who: "tenantA" | "tenantB", description = "Der Wasserhahn tropft.") {
  const res = await staff(who).post("/api/v1/tenant/repairs", {
    type: "plumbing",
    location: "kitchen",
    description,
    urgency: "high",
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function writeMessage(who: "tenantA" | "tenantB", subject = "Frage zur Abrechnung") {
  const res = await staff(who).post("/api/v1/tenant/messages", { subject, content: "Wann kommt die Abrechnung?" });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

describe("staff sign-in", () => {
  it("asks for the second factor, refuses a wrong code and signs in with the right one", async () => {
    const login = (body: object) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v1/staff/auth/login",
        headers: { "x-api-key": API_KEY },
        payload: body,
      });
    // An Administrator who has not signed in yet: each code signs in once (decision 031).
    const admin = await createStaffMember(ctx.db, "administrator");
    const noCode = await login({ email: admin.email, password: admin.password });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({ error: "totp_required" });
    const wrong = await login({ email: admin.email, password: admin.password, totp: "000000" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe("totp_invalid");
    const ok = await login({ email: admin.email, password: admin.password, totp: totpCodeNow(admin.totpSecret!) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().staff).toMatchObject({ email: admin.email, role: "administrator", totp_enabled: true });
    const badPassword = await login({ email: verwalterA.email, password: "falsch-falsch" });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json().message).toBe("E-Mail-Adresse oder Passwort ist falsch.");
  });

  it("keeps tenant and staff tokens apart", async () => {
    expect((await staff("tenantA").get("/api/v1/staff/inbox")).statusCode).toBe(401);
    expect((await staff("tenantA").get("/api/v1/staff/auth/me")).statusCode).toBe(401);
    expect((await staff("verwalterA").get("/api/v1/auth/user")).statusCode).toBe(401);
    expect((await staff("verwalterA").get("/api/v1/tenant/messages")).statusCode).toBe(401);
    expect((await api(ctx.app).get("/api/v1/staff/inbox")).statusCode).toBe(401);
  });

  it("sets the first password and the second factor through a one-time invitation link", async () => {
    const invited = await createStaffMember(ctx.db, "verwalter", [A]);
    const link = await createStaffLink(ctx.db, invited.id, 3600);
    const info = await api(ctx.app).post("/api/v1/staff/auth/invitation/info", { token: link });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email: invited.email, role: "verwalter", totp_required: false, totp: null });
    const short = await api(ctx.app).post("/api/v1/staff/auth/invitation/accept", { token: link, newPassword: "kurz" });
    expect(short.statusCode).toBe(400);
    const accepted = await api(ctx.app).post("/api/v1/staff/auth/invitation/accept", {
      token: link,
      newPassword: "ein-langes-passwort",
    });
    expect(accepted.statusCode).toBe(200);
    expect((await api(ctx.app, accepted.json().token).get("/api/v1/staff/auth/me")).statusCode).toBe(200);
    const again = await api(ctx.app).post("/api/v1/staff/auth/invitation/accept", {
      token: link,
      newPassword: "noch-ein-passwort",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("invitation_invalid");
  });

  it("makes an invited Administrator set up the second factor before the password counts", async () => {
    const invited = await createStaffMember(ctx.db, "verwalter");
    await ctx.db
      .updateTable("staff_users")
      .set({ role: "administrator", totp_enabled: 0, totp_secret: null })
      .where("id", "=", invited.id)
      .execute();
    const link = await createStaffLink(ctx.db, invited.id, 3600);
    const info = (await api(ctx.app).post("/api/v1/staff/auth/invitation/info", { token: link })).json();
    expect(info.totp_required).toBe(true);
    expect(info.totp.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(info.totp.qr_svg).toContain("<svg");
    const withoutCode = await api(ctx.app).post("/api/v1/staff/auth/invitation/accept", {
      token: link,
      newPassword: "admin-passwort-1",
    });
    expect(withoutCode.statusCode).toBe(400);
    const accepted = await api(ctx.app).post("/api/v1/staff/auth/invitation/accept", {
      token: link,
      newPassword: "admin-passwort-1",
      totp: totpCodeNow(info.totp.secret),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().staff.totp_enabled).toBe(true);
  });

  it("ends every session on a password change except the new one, and on logout", async () => {
    const person = await createStaffMember(ctx.db, "hausmeister", [A]);
    const first = await staffLogin(ctx.app, person);
    const second = await staffLogin(ctx.app, person);
    const changed = await api(ctx.app, first).post("/api/v1/staff/auth/password", {
      currentPassword: person.password,
      newPassword: "ganz-neues-passwort",
    });
    expect(changed.statusCode).toBe(200);
    expect((await api(ctx.app, second).get("/api/v1/staff/auth/me")).statusCode).toBe(401);
    const fresh = changed.json().token as string;
    expect((await api(ctx.app, fresh).get("/api/v1/staff/auth/me")).statusCode).toBe(200);
    expect((await api(ctx.app, fresh).post("/api/v1/staff/auth/logout")).statusCode).toBe(200);
    expect((await api(ctx.app, fresh).get("/api/v1/staff/auth/me")).statusCode).toBe(401);
  });
});

describe("the inbox", () => {
  it("shows each item to the staff of its building only, and to a Hausmeister only repairs and appointments", async () => {
    const repairA = await reportRepair("tenantA");
    const threadA = await writeMessage("tenantA");
    const repairB = await reportRepair("tenantB");
    const ids = async (who: string, query = "") =>
      (await staff(who).get(`/api/v1/staff/inbox${query}`)).json().items.map((i: { id: string }) => i.id);
    expect(await ids("verwalterA")).toEqual(expect.arrayContaining([repairA, threadA]));
    expect(await ids("verwalterA")).not.toContain(repairB);
    expect(await ids("verwalterB")).toContain(repairB);
    expect(await ids("verwalterB")).not.toContain(repairA);
    expect(await ids("hausmeisterA")).toContain(repairA);
    expect(await ids("hausmeisterA")).not.toContain(threadA);
    expect(await ids("admin")).toEqual(expect.arrayContaining([repairA, threadA, repairB]));
    expect((await staff("hausmeisterA").get("/api/v1/staff/inbox?kind=message")).statusCode).toBe(403);

    const page = (await staff("verwalterA").get("/api/v1/staff/inbox?kind=repair")).json();
    const item = page.items.find((i: { id: string }) => i.id === repairA);
    expect(item).toMatchObject({
      kind: "repair",
      state: "new",
      title: "Sanitär – Küche",
      tenant: { id: tenantA.id, name: "Anna Alt" },
      building: { name: "Lindenstraße 5" },
      unit: "2. OG links",
      urgency: "high",
      overdue: false,
      assignee: null,
    });
    // A high urgency repair: the first answer is due within 3 days.
    expect(Date.parse(item.due_at) - Date.parse(item.created_at)).toBe(3 * 86_400_000);
    expect(page.counts.by_kind.repair).toBeGreaterThanOrEqual(1);
  });

  it("pages by cursor in due order, filters, and refuses a made-up cursor", async () => {
    for (let i = 0; i < 3; i++) await reportRepair("tenantB", `Reparatur Nummer ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await staff("verwalterB").get(`/api/v1/staff/inbox?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.items.map((i: { due_at: string }) => i.due_at));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect([...seen].sort()).toEqual(seen);
    expect((await staff("verwalterB").get("/api/v1/staff/inbox?overdue=true")).json().items).toEqual([]);
    expect((await staff("verwalterB").get("/api/v1/staff/inbox?cursor=bm9wZQ")).statusCode).toBe(400);
    const badKind = await staff("verwalterB").get("/api/v1/staff/inbox?kind=party");
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toBe("Unbekannte Art.");
  });

  it("assigns within the building only", async () => {
    const repair = await reportRepair("tenantA");
    const assign = (who: string, assignee: string | null) =>
      staff(who).post(`/api/v1/staff/inbox/repair/${repair}/assign`, { assignee_id: assignee });
    expect((await assign("verwalterB", verwalterB.id)).statusCode).toBe(404);
    const outsider = await assign("verwalterA", verwalterB.id);
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe("Diese Person ist für das Gebäude nicht zuständig.");
    expect((await assign("verwalterA", hausmeisterA.id)).statusCode).toBe(200);
    const mine = (await staff("hausmeisterA").get("/api/v1/staff/inbox?assignee=me")).json();
    expect(mine.items.map((i: { id: string }) => i.id)).toContain(repair);
    expect(mine.counts.mine).toBeGreaterThanOrEqual(1);
    const audit = await ctx.db.selectFrom("audit_log").selectAll().where("entity_id", "=", repair).execute();
    expect(audit.map((a) => a.action)).toContain("repair.assigned");
  });
});

describe("answering repairs", () => {
  it("schedules with a date and a note: the tenant sees both, never the internal note; audited; mailed", async () => {
    const repair = await reportRepair("tenantA", "Heizung bleibt kalt.");
    expect((await staff("verwalterB").get(`/api/v1/staff/repairs/${repair}`)).statusCode).toBe(404);
    expect((await staff("hausmeisterB").get(`/api/v1/staff/repairs/${repair}`)).statusCode).toBe(404);
    const noDate = await staff("verwalterA").post(`/api/v1/staff/repairs/${repair}/status`, { status: "scheduled" });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().fields.planned_date).toBe("Bitte geben Sie ein geplantes Datum an.");
    const noReason = await staff("verwalterA").post(`/api/v1/staff/repairs/${repair}/status`, { status: "canceled" });
    expect(noReason.statusCode).toBe(400);

    const note = await staff("verwalterA").post(`/api/v1/staff/repairs/${repair}/notes`, { note: INTERNAL });
    expect(note.statusCode).toBe(200);
    expect(note.json().internal_notes.map((n: { note: string }) => n.note)).toEqual([INTERNAL]);
    const scheduled = await staff("verwalterA").post(`/api/v1/staff/repairs/${repair}/status`, {
      status: "scheduled",
      planned_date: "2030-03-04",
      planned_window: "8–12 Uhr",
      note_to_tenant: "Der Installateur kommt vormittags.",
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({
      status: "scheduled",
      planned_date: "2030-03-04",
      planned_window: "8–12 Uhr",
    });

    const seen = (await staff("tenantA").get(`/api/v1/tenant/repairs/${repair}`)).json();
    expect(seen.status).toBe("scheduled");
    expect(seen.planned_date).toBe("2030-03-04");
    expect(seen.history.at(-1)).toMatchObject({
      status: "scheduled",
      actor: "staff",
      note: "Der Installateur kommt vormittags.",
    });
    // No tenant endpoint carries an internal note: every GET route of the tenant API, walked.
    const tenantGets: string[] = [];
    let parent = "";
    for (const line of ctx.app.printRoutes({ commonPrefix: false }).split("\n")) {
      const top = /^[├└]── (\/\S+) \(([^)]*)\)/.exec(line);
      const child = /^[│ ]\s+[├└]── (\/\S+) \(([^)]*)\)/.exec(line);
      const [path, methods] = top ? [top[1]!, top[2]!] : child ? [parent + child[1]!, child[2]!] : ["", ""];
      if (top) parent = top[1]!;
      if (/^\/api\/v1\/(tenant|auth)\//.test(path) && methods.split(", ").includes("GET")) tenantGets.push(path);
    }
    expect(tenantGets).toEqual(expect.arrayContaining(["/api/v1/tenant/repairs/:id", "/api/v1/auth/user"]));
    expect(tenantGets.length).toBeGreaterThanOrEqual(12);
    for (const route of tenantGets) {
      const url = route.replace(":id", repair);
      const res = await staff("tenantA").get(url);
      expect(res.body, url).not.toContain("Schlüssel beim Nachbarn");
    }
    const item = (await staff("verwalterA").get("/api/v1/staff/inbox?kind=repair"))
      .json()
      .items.find((i: { id: string }) => i.id === repair);
    expect(item.state).toBe("in_progress");
    const audit = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", repair)
      .where("action", "=", "repair.status_changed")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toMatchObject({ status: "reported" });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ status: "scheduled", planned_date: "2030-03-04" });
    expect(audit.ip).toBeTruthy();

    mails.length = 0;
    await ctx.app.notifications.runOnce();
    const toTenant = mails.filter((m) => m.to === tenantA.email);
    expect(toTenant).toHaveLength(1);
    expect(toTenant[0]!.text).toContain("Status: Termin geplant");
    expect(toTenant[0]!.text).toContain("Geplant am: 04.03.2030, 8–12 Uhr");
    expect(toTenant[0]!.text).toContain("Der Installateur kommt vormittags.");
    expect(toTenant[0]!.text).not.toContain("Schlüssel beim Nachbarn");
    expect(toTenant[0]!.text).toContain(`/repairs/${repair}`);

    const done = await staff("hausmeisterA").post(`/api/v1/staff/repairs/${repair}/status`, { status: "completed" });
    expect(done.statusCode).toBe(200);
    const open = (await staff("verwalterA").get("/api/v1/staff/inbox?kind=repair")).json().items;
    expect(open.map((i: { id: string }) => i.id)).not.toContain(repair);
  });

  it("shows photos in the console to the building's staff only", async () => {
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const res = await staff("tenantA").post("/api/v1/tenant/repairs", {
      type: "other",
      location: "hallway",
      description: "Licht im Flur",
      photos: [{ dataUrl: `data:image/png;base64,${png}`, format: "png" }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const repair = (await staff("verwalterA").get(`/api/v1/staff/repairs/${res.json().id}`)).json();
    const url = repair.photos[0].url as string;
    expect(url).toMatch(/^\/api\/v1\/staff\/photos\//);
    expect((await staff("verwalterA").get(url)).statusCode).toBe(200);
    expect((await staff("verwalterB").get(url)).statusCode).toBe(404);
    expect((await staff("tenantB").get(url)).statusCode).toBe(401);
  });
});

describe("answering messages", () => {
  it("replies as 'Name, Firma': unread for the tenant, out of the inbox, mailed; a Hausmeister may not", async () => {
    const thread = await writeMessage("tenantA", "Lärm im Treppenhaus");
    expect((await staff("hausmeisterA").get(`/api/v1/staff/threads/${thread}`)).statusCode).toBe(403);
    expect((await staff("verwalterB").get(`/api/v1/staff/threads/${thread}`)).statusCode).toBe(404);
    expect(
      (await staff("verwalterA").post(`/api/v1/staff/threads/${thread}/replies`, { content: "  " })).statusCode,
    ).toBe(400);
    const replied = await staff("verwalterA").post(`/api/v1/staff/threads/${thread}/replies`, {
      content: "Wir kümmern uns darum.",
    });
    expect(replied.statusCode).toBe(200);
    const me = (await staff("verwalterA").get("/api/v1/staff/auth/me")).json();
    const last = replied.json().messages.at(-1);
    expect(last).toMatchObject({ direction: "inbound", sender_name: `${me.name}, Grünfeld Hausverwaltung` });
    const tenantView = (await staff("tenantA").get(`/api/v1/tenant/messages/${thread}`)).json();
    expect(tenantView.messages.at(-1)).toMatchObject({ content: "Wir kümmern uns darum.", read_at: null });
    const list = (await staff("tenantA").get("/api/v1/tenant/messages?filter=unread")).json();
    expect(list.map((t: { id: string }) => t.id)).toContain(thread);
    const open = (await staff("verwalterA").get("/api/v1/staff/inbox?kind=message")).json().items;
    expect(open.map((i: { id: string }) => i.id)).not.toContain(thread);

    // The tenant answers again: the conversation waits once more; handled without reply closes it.
    await staff("tenantA").post(`/api/v1/tenant/messages/${thread}/replies`, { content: "Danke!" });
    expect(
      (await staff("verwalterA").get("/api/v1/staff/inbox?kind=message")).json().items.map((i: { id: string }) => i.id),
    ).toContain(thread);
    const handled = await staff("verwalterA").post(`/api/v1/staff/threads/${thread}/handled`);
    expect(handled.statusCode).toBe(200);
    expect(handled.json().handled_at).toBeTruthy();
    expect(
      (await staff("verwalterA").get("/api/v1/staff/inbox?kind=message")).json().items.map((i: { id: string }) => i.id),
    ).not.toContain(thread);
  });

  it("keeps the tenant's received list right through a conversation: counts, unread, the management's newest message", async () => {
    type Received = { id: string; content: string; message_count: number; unread_count: number; unread: boolean };
    const thread = await writeMessage("tenantA", "Briefkasten klemmt");
    const received = async () =>
      ((await staff("tenantA").get("/api/v1/tenant/messages?filter=received&limit=50")).json() as Received[]).find(
        (t) => t.id === thread,
      );
    // What the thread's messages say, worked out here: its count, the unread ones of the management
    // and the management's newest (by time, then id, as the lists order them).
    const expected = async () => {
      const messages = await ctx.db.selectFrom("messages").selectAll().where("thread_id", "=", thread).execute();
      const inbound = messages
        .filter((m) => m.direction === "inbound")
        .sort((x, y) =>
          x.received_at === y.received_at ? y.id.localeCompare(x.id) : y.received_at.localeCompare(x.received_at),
        );
      const unread = inbound.filter((m) => m.read_at === null).length;
      return {
        id: thread,
        content: inbound[0]?.content,
        message_count: messages.length,
        unread_count: unread,
        unread: unread > 0,
      };
    };
    // Only the tenant wrote: not among the received ones.
    expect(await received()).toBeUndefined();
    await staff("verwalterA").post(`/api/v1/staff/threads/${thread}/replies`, { content: "Wir schauen nach." });
    expect(await received()).toMatchObject({
      content: "Wir schauen nach.",
      message_count: 2,
      unread_count: 1,
      unread: true,
    });
    await staff("verwalterA").post(`/api/v1/staff/threads/${thread}/replies`, { content: "Ist repariert." });
    expect(await received()).toMatchObject({ ...(await expected()), message_count: 3, unread_count: 2 });
    expect((await staff("tenantA").patch(`/api/v1/tenant/messages/${thread}/read`)).statusCode).toBe(200);
    expect(await received()).toMatchObject({ ...(await expected()), unread_count: 0, unread: false });
    // The tenant's own reply counts, but the entry stays the management's newest message.
    await staff("tenantA").post(`/api/v1/tenant/messages/${thread}/replies`, { content: "Danke!" });
    const after = await received();
    expect(after).toMatchObject({ ...(await expected()), message_count: 4, unread_count: 0 });
    expect(after?.content).not.toBe("Danke!");
  });

  it("starts a conversation with a tenant of the building only", async () => {
    const outside = await staff("verwalterB").post("/api/v1/staff/threads", {
      tenant_id: tenantA.id,
      subject: "Hallo",
      content: "Text",
    });
    expect(outside.statusCode).toBe(404);
    const started = await staff("verwalterA").post("/api/v1/staff/threads", {
      tenant_id: tenantA.id,
      subject: "Wasserabstellung",
      content: "Am Montag wird das Wasser abgestellt.",
    });
    expect(started.statusCode).toBe(201);
    const list = (await staff("tenantA").get("/api/v1/tenant/messages")).json();
    expect(list.find((t: { subject: string }) => t.subject === "Wasserabstellung")).toMatchObject({ unread: true });
  });

  it("lets everyone use Textbausteine and only Administrators keep the shared ones", async () => {
    expect((await staff("verwalterA").get("/api/v1/staff/canned-replies")).statusCode).toBe(200);
    const body = { title: "Danke", body: "Vielen Dank für Ihre Nachricht." };
    // A Verwalter's Textbaustein is their own (issue 25 §10; staff-messages-voice.test.ts).
    expect((await staff("verwalterA").post("/api/v1/staff/canned-replies", body)).json().personal).toBe(true);
    const created = await staff("admin").post("/api/v1/staff/canned-replies", body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(
      (await staff("admin").patch(`/api/v1/staff/canned-replies/${id}`, { title: "Dank", body: "Danke!" })).json()
        .title,
    ).toBe("Dank");
    expect(
      (await staff("verwalterA").get("/api/v1/staff/canned-replies")).json().map((c: { id: string }) => c.id),
    ).toContain(id);
  });
});

describe("notifications", () => {
  it("gathers new tenant input into one digest per staff member, and respects the tenant's switch", async () => {
    await ctx.app.notifications.runOnce();
    mails.length = 0;
    const digestStaff = await createStaffMember(ctx.db, "verwalter", ["Digestweg 1, 10115 Berlin"]);
    const t = await createTenant(ctx.db, {
      address: "Digestweg 1, 10115 Berlin",
      firstName: "Dora",
      lastName: "Digest",
    });
    const token = await login(ctx.app, t);
    for (const description of ["Fenster klemmt", "Tür quietscht"]) {
      await api(ctx.app, token).post("/api/v1/tenant/repairs", {
        type: "door-window",
        location: "bedroom",
        description,
      });
    }
    await ctx.app.notifications.runOnce();
    const digests = mails.filter((m) => m.to === digestStaff.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toContain("2 neue Einträge im Eingang");
    expect(digests[0]!.text).toContain("Dora Digest");
    // The next item waits for the next 15-minute slot.
    await api(ctx.app, token).post("/api/v1/tenant/repairs", {
      type: "other",
      location: "other",
      description: "Noch etwas",
    });
    await ctx.app.notifications.runOnce();
    expect(mails.filter((m) => m.to === digestStaff.email)).toHaveLength(1);
  });
});

describe("the tenant's e-mail preference", () => {
  it("is kept on the server and stops the management's mails while off", async () => {
    const t = await createTenant(ctx.db, { address: A, firstName: "Paula", lastName: "Pref" });
    const token = await login(ctx.app, t);
    expect((await api(ctx.app, token).get("/api/v1/tenant/preferences")).json()).toEqual({ email_notifications: true });
    const off = await api(ctx.app, token).inject({
      method: "PUT",
      url: "/api/v1/tenant/preferences",
      payload: { email_notifications: false },
      headers: { "idempotency-key": `pref-${t.id}` },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ email_notifications: false });
    const bad = await api(ctx.app, token).inject({
      method: "PUT",
      url: "/api/v1/tenant/preferences",
      payload: { email_notifications: "ja" },
    });
    expect(bad.statusCode).toBe(400);
    await ctx.app.notifications.runOnce();
    mails.length = 0;
    await staff("verwalterA").post("/api/v1/staff/threads", { tenant_id: t.id, subject: "Info", content: "Hallo" });
    await ctx.app.notifications.runOnce();
    expect(mails.filter((m) => m.to === t.email)).toHaveLength(0);
    await api(ctx.app, token).inject({
      method: "PUT",
      url: "/api/v1/tenant/preferences",
      payload: { email_notifications: true },
    });
    await staff("verwalterA").post("/api/v1/staff/threads", { tenant_id: t.id, subject: "Info 2", content: "Hallo" });
    await ctx.app.notifications.runOnce();
    expect(mails.filter((m) => m.to === t.email)).toHaveLength(1);
  });
});

describe("the demo installation", () => {
  it("puts the demo tenants in their building and their open items in the demo Verwalter's inbox", async () => {
    const { seedDemoIfEmpty } = await import("../src/db/seed/demo.js");
    const { seedDemoStaffIfMissing, DEMO_VERWALTER_EMAIL, DEMO_STAFF_PASSWORD } = await import(
      "../src/db/seed/demo-staff.js"
    );
    const demo = await createTestContext();
    try {
      await seedDemoIfEmpty(demo.db, demo.app.files);
      await seedDemoStaffIfMissing(demo.db);
      const token = await staffLogin(demo.app, { id: "", email: DEMO_VERWALTER_EMAIL, password: DEMO_STAFF_PASSWORD });
      const buildings = (await api(demo.app, token).get("/api/v1/staff/buildings")).json();
      expect(buildings.find((b: { name: string }) => b.name === "Lindenstraße 5")).toMatchObject({ tenant_count: 2 });
      const tenants = (await api(demo.app, token).get("/api/v1/staff/tenants")).json().items;
      expect(tenants.map((t: { email: string }) => t.email)).toEqual(
        expect.arrayContaining(["demo@example.com", "nachbar@example.com"]),
      );
      const inbox = (await api(demo.app, token).get("/api/v1/staff/inbox")).json();
      expect(inbox.items.length).toBeGreaterThan(0);
      expect(
        inbox.items.every((i: { building: { name: string } | null }) => i.building?.name === "Lindenstraße 5"),
      ).toBe(true);
      expect(Object.keys(inbox.counts.by_kind)).toEqual(expect.arrayContaining(["repair"]));
    } finally {
      await demo.close();
    }
  });
});
