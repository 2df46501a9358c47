import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAppointment } from "./factories/appointments.js";
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

/** Issue 25 §13 (who may be assigned, the notice), §15 (internal notes beyond repairs), §16 (staff create repairs). */

const A = "Ahornweg 3, 10969 Berlin";
const B = "Birkenallee 8, 10115 Berlin";
const SECRET = "Intern: Mieterin ist schwerhörig, bitte laut klingeln";

let ctx: TestContext;
let admin: StaffFixture;
let verwalterA: StaffFixture;
let verwalterA2: StaffFixture;
let verwalterB: StaffFixture;
let hausmeisterA: StaffFixture;
let tenantA: TenantFixture;
let tenantB: TenantFixture;
const tokens: Record<string, string> = {};
const as = (who: string) => api(ctx.app, tokens[who]);

beforeAll(async () => {
  ctx = await createTestContext();
  tenantA = await createTenant(ctx.db, { address: A, firstName: "Anna", lastName: "Ahorn" });
  tenantB = await createTenant(ctx.db, { address: B, firstName: "Bernd", lastName: "Birke" });
  admin = await createStaffMember(ctx.db, "administrator");
  verwalterA = await createStaffMember(ctx.db, "verwalter", [A]);
  verwalterA2 = await createStaffMember(ctx.db, "verwalter", [A]);
  verwalterB = await createStaffMember(ctx.db, "verwalter", [B]);
  hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [A]);
  for (const [name, s] of Object.entries({ admin, verwalterA, verwalterA2, verwalterB, hausmeisterA })) {
    tokens[name] = await staffLogin(ctx.app, s);
  }
  tokens.tenantA = await login(ctx.app, tenantA);
  tokens.tenantB = await login(ctx.app, tenantB);
});
afterAll(() => ctx.close());

async function reportRepair(who: "tenantA" | "tenantB") {
  const res = await as(who).post("/api/v1/tenant/repairs", {
    type: "plumbing",
    location: "kitchen",
    description: "Der Wasserhahn tropft.",
    urgency: "high",
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function writeMessage(who: "tenantA" | "tenantB", content = "Im Bad ist die Fliese gesprungen.") {
  const res = await as(who).post("/api/v1/tenant/messages", { subject: "Fliese im Bad", content });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const assignedMails = (staffId: string) =>
  ctx.db
    .selectFrom("notification_outbox")
    .select(["to_email", "subject", "body"])
    .where("recipient_kind", "=", "staff")
    .where("recipient_id", "=", staffId)
    .where("kind", "=", "staff_assigned")
    .execute();

describe("assignment (issue 25 §13)", () => {
  it("offers only staff who serve the item's building, and the server agrees", async () => {
    const repair = await reportRepair("tenantA");
    const res = await as("verwalterA").get(`/api/v1/staff/inbox/repair/${repair}/assignees`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: string }[]).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, verwalterA.id, verwalterA2.id, hausmeisterA.id]));
    expect(ids).not.toContain(verwalterB.id);
    // Every one offered is accepted; the one left out is refused.
    for (const id of ids) {
      expect(
        (await as("verwalterA").post(`/api/v1/staff/inbox/repair/${repair}/assign`, { assignee_id: id })).statusCode,
      ).toBe(200);
    }
    expect(
      (await as("verwalterA").post(`/api/v1/staff/inbox/repair/${repair}/assign`, { assignee_id: verwalterB.id }))
        .statusCode,
    ).toBe(400);
    // Another building's item does not exist for them.
    const other = await reportRepair("tenantB");
    expect((await as("verwalterA").get(`/api/v1/staff/inbox/repair/${other}/assignees`)).statusCode).toBe(404);
    expect((await as("verwalterA").get(`/api/v1/staff/inbox/repair/${UNKNOWN_ID}/assignees`)).statusCode).toBe(404);
  });

  it("mails the assignee when a colleague assigns them, not when they take it themselves or turned it off", async () => {
    const thread = await writeMessage("tenantA");
    const about = async (staffId: string, itemId: string) =>
      (await assignedMails(staffId)).filter((m) => m.body.includes(itemId));
    const byColleague = await as("verwalterA").post(`/api/v1/staff/inbox/message/${thread}/assign`, {
      assignee_id: verwalterA2.id,
    });
    expect(byColleague.statusCode).toBe(200);
    const mails = await about(verwalterA2.id, thread);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("hat Ihnen die Nachricht „Fliese im Bad“ zugewiesen");
    expect(mails[0]!.body).toContain(`/verwaltung/nachrichten/${thread}`);

    // Taking it oneself: no mail.
    const repair = await reportRepair("tenantA");
    await as("verwalterA").post(`/api/v1/staff/inbox/repair/${repair}/assign`, { assignee_id: verwalterA.id });
    expect(await about(verwalterA.id, repair)).toHaveLength(0);
    // Assigned again to the same person: no second mail.
    await as("admin").post(`/api/v1/staff/inbox/message/${thread}/assign`, { assignee_id: verwalterA2.id });
    expect(await about(verwalterA2.id, thread)).toHaveLength(1);

    // Notifications off (Profil → Benachrichtigungen): no mail either.
    expect((await as("hausmeisterA").patch("/api/v1/staff/auth/me", { notify_new_items: false })).statusCode).toBe(200);
    await as("verwalterA").post(`/api/v1/staff/inbox/repair/${repair}/assign`, { assignee_id: hausmeisterA.id });
    expect(await about(hausmeisterA.id, repair)).toHaveLength(0);
  });
});

describe("internal notes on conversations, appointments and tenants (issue 25 §15)", () => {
  it("keeps notes for staff of the building and never shows them to the tenant", async () => {
    const thread = await writeMessage("tenantA");
    const appointment = await insertAppointment(ctx.db, tenantA.id);
    for (const [entity, id] of [
      ["thread", thread],
      ["appointment", appointment],
      ["tenant", tenantA.id],
    ] as const) {
      const added = await as("verwalterA").post(`/api/v1/staff/notes/${entity}/${id}`, {
        note: `${SECRET} (${entity})`,
      });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toEqual([expect.objectContaining({ note: `${SECRET} (${entity})` })]);
      const read = await as("admin").get(`/api/v1/staff/notes/${entity}/${id}`);
      expect(read.json()).toHaveLength(1);
      // Another building's staff: the item does not exist for them.
      expect((await as("verwalterB").get(`/api/v1/staff/notes/${entity}/${id}`)).statusCode).toBe(404);
      expect((await as("verwalterB").post(`/api/v1/staff/notes/${entity}/${id}`, { note: "x" })).statusCode).toBe(404);
      // A tenant's token is not a staff token.
      expect((await as("tenantA").get(`/api/v1/staff/notes/${entity}/${id}`)).statusCode).toBe(401);
    }
    const tenantViews = await Promise.all(
      [
        `/api/v1/tenant/messages/${thread}`,
        "/api/v1/tenant/messages",
        `/api/v1/tenant/appointments/${appointment}`,
        "/api/v1/tenant/appointments",
        "/api/v1/auth/user",
      ].map((url) => as("tenantA").get(url)),
    );
    for (const view of tenantViews) {
      expect(view.statusCode).toBe(200);
      expect(view.body).not.toContain("schwerhörig");
    }
    const outbox = await ctx.db
      .selectFrom("notification_outbox")
      .select("body")
      .where("recipient_kind", "=", "tenant")
      .execute();
    expect(outbox.some((m) => m.body.includes("schwerhörig"))).toBe(false);
  });

  it("lets a Hausmeister keep notes where he works (appointments, tenants), not on conversations", async () => {
    const appointment = await insertAppointment(ctx.db, tenantA.id);
    const note = await as("hausmeisterA").post(`/api/v1/staff/notes/appointment/${appointment}`, {
      note: "Schlüssel bei Nr. 4",
    });
    expect(note.statusCode).toBe(200);
    expect((await as("hausmeisterA").get(`/api/v1/staff/notes/tenant/${tenantA.id}`)).statusCode).toBe(200);
    const thread = await writeMessage("tenantA");
    expect((await as("hausmeisterA").get(`/api/v1/staff/notes/thread/${thread}`)).statusCode).toBe(403);
    expect((await as("hausmeisterA").post(`/api/v1/staff/notes/thread/${thread}`, { note: "x" })).statusCode).toBe(403);
  });

  it("refuses an empty note and an unknown item with a German message", async () => {
    const empty = await as("verwalterA").post(`/api/v1/staff/notes/tenant/${tenantA.id}`, { note: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Notiz/);
    expect((await as("admin").get(`/api/v1/staff/notes/appointment/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await as("admin").get(`/api/v1/staff/notes/invoice/${UNKNOWN_ID}`)).statusCode).toBe(400);
  });
});

describe("staff create repairs (issue 25 §16)", () => {
  const body = {
    type: "electrical",
    location: "hallway",
    urgency: "medium",
    description: "Licht im Flur flackert (Anruf).",
  };

  it("creates a repair for a tenant of their building; the tenant sees it in the app", async () => {
    const res = await as("verwalterA").post("/api/v1/staff/repairs", { ...body, tenant_id: tenantA.id });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const staffView = await as("verwalterA").get(`/api/v1/staff/repairs/${id}`);
    expect(staffView.json()).toMatchObject({ status: "reported", tenant: { id: tenantA.id } });
    expect(staffView.json().history[0]).toMatchObject({ actor: "staff" });
    const tenantList = (await as("tenantA").get("/api/v1/tenant/repairs")).json() as { id: string }[];
    expect(tenantList.map((r) => r.id)).toContain(id);
    expect((await as("tenantA").get(`/api/v1/tenant/repairs/${id}`)).statusCode).toBe(200);
    const inbox = (await as("verwalterA").get("/api/v1/staff/inbox?kind=repair&limit=100")).json();
    expect(JSON.stringify(inbox)).toContain(id);
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select("staff_id")
      .where("action", "=", "repair.created")
      .where("entity_id", "=", id)
      .execute();
    expect(audit).toEqual([{ staff_id: verwalterA.id }]);
  });

  it("refuses a tenant of another building (404) and unusable input (400, German)", async () => {
    expect((await as("verwalterA").post("/api/v1/staff/repairs", { ...body, tenant_id: tenantB.id })).statusCode).toBe(
      404,
    );
    expect((await as("verwalterA").post("/api/v1/staff/repairs", { ...body, tenant_id: UNKNOWN_ID })).statusCode).toBe(
      404,
    );
    const none = await as("verwalterA").post("/api/v1/staff/repairs", body);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain("Mieter");
    const noText = await as("verwalterA").post("/api/v1/staff/repairs", {
      ...body,
      tenant_id: tenantA.id,
      description: "",
    });
    expect(noText.statusCode).toBe(400);
    const made = ctx.db.selectFrom("repairs").select("id").where("description", "=", body.description);
    expect(await made.where("tenant_id", "=", tenantB.id).execute()).toHaveLength(0);
  });

  it("makes a repair from a tenant's message: linked to the conversation, for its tenant", async () => {
    const thread = await writeMessage("tenantA");
    const res = await as("verwalterA").post("/api/v1/staff/repairs", { ...body, thread_id: thread });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const row = await ctx.db
      .selectFrom("repairs")
      .select(["tenant_id", "thread_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ tenant_id: tenantA.id, thread_id: thread });
    const staffView = (await as("verwalterA").get(`/api/v1/staff/repairs/${id}`)).json();
    expect(staffView.source_thread).toEqual({ id: thread, subject: "Fliese im Bad" });
    expect(((await as("tenantA").get("/api/v1/tenant/repairs")).json() as { id: string }[]).map((r) => r.id)).toContain(
      id,
    );
    // Another building's staff, a mismatching tenant, a Hausmeister (no conversations): refused.
    expect((await as("verwalterB").post("/api/v1/staff/repairs", { ...body, thread_id: thread })).statusCode).toBe(404);
    const mismatch = await as("admin").post("/api/v1/staff/repairs", {
      ...body,
      thread_id: thread,
      tenant_id: tenantB.id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain("anderen Mieter");
    expect((await as("hausmeisterA").post("/api/v1/staff/repairs", { ...body, thread_id: thread })).statusCode).toBe(
      404,
    );
    // A Hausmeister may record a repair for a tenant of his building (a defect he saw).
    expect(
      (await as("hausmeisterA").post("/api/v1/staff/repairs", { ...body, tenant_id: tenantA.id })).statusCode,
    ).toBe(201);
  });

  it("records a repair of a building's common areas: no tenant, in that building's inbox only, no tenant mail", async () => {
    const buildingOf = async (address: string) =>
      (await ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow()).id;
    const [buildingA, buildingB] = [await buildingOf(A), await buildingOf(B)];
    const stairwell = { ...body, description: "Treppenhaus 2. OG: Licht defekt (gemeldet vom Hausmeister)." };
    const res = await as("hausmeisterA").post("/api/v1/staff/repairs", { ...stairwell, building_id: buildingA });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;

    const view = await as("verwalterA").get(`/api/v1/staff/repairs/${id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      status: "reported",
      tenant: null,
      common_area: { building: { id: buildingA } },
      history: [{ actor: "staff" }],
    });
    // In building A's inbox, as a common-area item; not in building B's; no tenant sees it.
    const inboxA = (await as("verwalterA").get("/api/v1/staff/inbox?kind=repair&limit=100")).json();
    const item = inboxA.items.find((i: { id: string }) => i.id === id);
    expect(item).toMatchObject({ tenant: null, unit: null, building: { id: buildingA } });
    const inboxB = (await as("verwalterB").get("/api/v1/staff/inbox?kind=repair&limit=100")).json();
    expect(JSON.stringify(inboxB)).not.toContain(id);
    expect((await as("verwalterB").get(`/api/v1/staff/repairs/${id}`)).statusCode).toBe(404);
    for (const tenant of ["tenantA", "tenantB"]) {
      const list = (await as(tenant).get("/api/v1/tenant/repairs")).json() as { id: string }[];
      expect(list.map((r) => r.id)).not.toContain(id);
      expect((await as(tenant).get(`/api/v1/tenant/repairs/${id}`)).statusCode).toBe(404);
    }

    // Assigned, scheduled and completed like any repair; nobody is mailed as its tenant.
    expect(
      (await as("verwalterA").post(`/api/v1/staff/inbox/repair/${id}/assign`, { assignee_id: hausmeisterA.id }))
        .statusCode,
    ).toBe(200);
    const scheduled = await as("verwalterA").post(`/api/v1/staff/repairs/${id}/status`, {
      status: "scheduled",
      planned_date: "2026-12-03",
      note_to_tenant: "Elektriker kommt vormittags.",
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: "scheduled", tenant_emailed: false, tenant: null });
    const tenantMails = await ctx.db
      .selectFrom("notification_outbox")
      .select("id")
      .where("recipient_kind", "=", "tenant")
      .where("body", "like", "%Treppenhaus%")
      .execute();
    expect(tenantMails).toHaveLength(0);
    expect(
      (await as("verwalterA").post(`/api/v1/staff/repairs/${id}/status`, { status: "completed" })).statusCode,
    ).toBe(200);
    const after = (await as("verwalterA").get("/api/v1/staff/inbox?kind=repair&limit=100")).json();
    expect(JSON.stringify(after)).not.toContain(id);

    // The audit log names the item; its entries stay in building A.
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "building_id"])
      .where("entity_id", "=", id)
      .orderBy("at")
      .execute();
    expect(audit.map((a) => a.action)).toContain("repair.created");
    expect(new Set(audit.map((a) => a.building_id))).toEqual(new Set([buildingA]));
    const log = await as("admin").get("/api/v1/staff/audit?entity_type=repair&limit=100");
    expect(log.statusCode).toBe(200);
    expect(JSON.stringify(log.json())).toContain(id);

    // Another building's staff, an unknown building, building and tenant at once: refused.
    expect(
      (await as("verwalterB").post("/api/v1/staff/repairs", { ...stairwell, building_id: buildingA })).statusCode,
    ).toBe(404);
    expect(
      (await as("verwalterA").post("/api/v1/staff/repairs", { ...stairwell, building_id: UNKNOWN_ID })).statusCode,
    ).toBe(404);
    const both = await as("admin").post("/api/v1/staff/repairs", {
      ...stairwell,
      building_id: buildingB,
      tenant_id: tenantB.id,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain("Allgemeinflächen");
    const made = await ctx.db
      .selectFrom("repairs")
      .select(["id", "tenant_id", "building_id"])
      .where("description", "=", stairwell.description)
      .execute();
    expect(made).toEqual([{ id, tenant_id: null, building_id: buildingA }]);
  });
});
