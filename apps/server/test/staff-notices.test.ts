import { addDays, NEXT_CURSOR_HEADER } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { berlinToday } from "../src/lib/time.js";
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

// Issue 14 §4: notices (Aushänge) per building or for all, emergency mails, "Betrifft mich auch".

const STAFF = "/api/v1/staff/notices";
const TENANT = "/api/v1/tenant/notices";
const HOUR = 3_600_000;

const { mailer, sent } = collectingMailer();
let ctx: TestContext;
const tenants: Record<string, TenantFixture> = {};
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
let buildingA: string;
let buildingB: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { mailer });
  const today = berlinToday();
  tenants.anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  tenants.otto = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Otto", lastName: "Ohnemail" });
  // Moved out last week: may still sign in (3 months), no longer a tenant of the building.
  tenants.moritz = await createTenant(ctx.db, {
    address: BUILDING_A,
    firstName: "Moritz",
    lastName: "Umzug",
    endDate: addDays(today, -7),
  });
  // Moved out years ago: no access, reached by nothing.
  tenants.frieda = await createTenant(ctx.db, {
    address: BUILDING_A,
    firstName: "Frieda",
    lastName: "Früher",
    endDate: "2021-06-30",
  });
  tenants.bernd = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  await ctx.db.updateTable("tenants").set({ notify_email: 0 }).where("id", "=", tenants.otto.id).execute();
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  for (const name of ["anna", "otto", "moritz", "bernd"]) tokens[name] = await login(ctx.app, tenants[name]!);
  const buildingOf = (address: string) =>
    ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow();
  buildingA = (await buildingOf(BUILDING_A)).id;
  buildingB = (await buildingOf(BUILDING_B)).id;
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const noticeCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom("notices")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const counts = async () => ({ ...(await writeCounts(ctx.db)), notices: await noticeCount() });

function information(overrides: Record<string, unknown> = {}) {
  return {
    building_id: buildingA,
    title: "Treppenhausreinigung",
    text: "Am Montag wird das Treppenhaus gereinigt.",
    kind: "information",
    ...overrides,
  };
}

function outage(overrides: Record<string, unknown> = {}) {
  return {
    building_id: buildingA,
    title: "Kein Wasser im Haus",
    text: "Wegen eines Rohrbruchs ist das Wasser abgestellt. Die Firma ist beauftragt.",
    kind: "emergency",
    emergency_type: "water_outage",
    valid_until: inHours(6),
    // The outage's own time (issue 25 item 21): required for an outage.
    outage_from: inHours(-1),
    outage_until: inHours(4),
    ...overrides,
  };
}

async function publish(who: string, body: Record<string, unknown>) {
  const res = await as(who).post(STAFF, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; [key: string]: unknown };
}

/** The ids of the notices the tenant sees now (first page). */
async function seenBy(who: string): Promise<string[]> {
  const res = await as(who).get(`${TENANT}?limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }[]).map((n) => n.id);
}

const emergencyMailsTo = async (tenant: TenantFixture) =>
  (await outboxTo(ctx.db, tenant.id)).filter((m) => m.kind === "notice_emergency");

describe("who may do what with notices", () => {
  it("tenant tokens get 401 on staff routes, staff tokens 401 on tenant routes", async () => {
    const notice = await publish("verwalterA", outage());
    for (const res of [
      await as("anna").get(STAFF),
      await as("anna").get(`${STAFF}/${notice.id}`),
      await as("anna").post(STAFF, information()),
      await as("anna").patch(`${STAFF}/${notice.id}`, { title: "Neu" }),
      await as("anna").post(`${STAFF}/${notice.id}/end`),
      await as("verwalterA").get(TENANT),
      await as("verwalterA").post(`${TENANT}/${notice.id}/affected`),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    expect(await ctx.db.selectFrom("notice_affected").selectAll().execute()).toEqual([]);
  });

  it("a Hausmeister reads the notices of the building (with who is affected) but writes none: 403", async () => {
    const notice = await publish("verwalterA", outage());
    await as("anna").post(`${TENANT}/${notice.id}/affected`);
    const list = await as("hausmeisterA").get(STAFF);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((n: { id: string }) => n.id)).toContain(notice.id);
    const detail = await as("hausmeisterA").get(`${STAFF}/${notice.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ affected_count: 1, affected: [{ tenant: { id: tenants.anna!.id } }] });

    const before = await counts();
    for (const res of [
      await as("hausmeisterA").post(STAFF, information()),
      await as("hausmeisterA").patch(`${STAFF}/${notice.id}`, { title: "Neu" }),
      await as("hausmeisterA").post(`${STAFF}/${notice.id}/end`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "forbidden", message: "Dafür fehlt Ihnen die Berechtigung." });
    }
    expect(await counts()).toEqual(before);
  });

  it("another building's Verwalter gets 404 for its notices, and sees none of them in the list", async () => {
    const notice = await publish("verwalterA", information());
    const before = await counts();
    expect((await as("verwalterB").get(`${STAFF}/${notice.id}`)).statusCode).toBe(404);
    expect((await as("verwalterB").patch(`${STAFF}/${notice.id}`, { title: "Fremd" })).statusCode).toBe(404);
    expect((await as("verwalterB").post(`${STAFF}/${notice.id}/end`)).statusCode).toBe(404);
    expect((await as("verwalterB").post(STAFF, information())).statusCode).toBe(404);
    expect((await as("verwalterB").get(`${STAFF}?building=${buildingA}`)).statusCode).toBe(404);
    const listB = (await as("verwalterB").get(`${STAFF}?limit=100`)).json();
    expect(listB.items.map((n: { id: string }) => n.id)).not.toContain(notice.id);
    expect((await as("verwalterA").get(`${STAFF}/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await as("verwalterA").post(`${STAFF}/${UNKNOWN_ID}/end`)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("only Administrators publish or change a notice for all buildings; Verwalter read it", async () => {
    const before = await counts();
    const refused = await as("verwalterA").post(STAFF, information({ building_id: null }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Aushänge für alle Gebäude veröffentlicht und ändert die Administration.");
    expect(await counts()).toEqual(before);

    const general = await publish("admin", information({ building_id: null, title: "Büro geschlossen" }));
    expect(general.building).toBeNull();
    expect((await as("verwalterB").get(`${STAFF}/${general.id}`)).statusCode).toBe(200);
    expect((await as("hausmeisterA").get(`${STAFF}/${general.id}`)).statusCode).toBe(200);
    expect((await as("verwalterB").patch(`${STAFF}/${general.id}`, { title: "Anders" })).statusCode).toBe(403);
    expect((await as("verwalterB").post(`${STAFF}/${general.id}/end`)).statusCode).toBe(403);
    expect(
      (await as("admin").patch(`${STAFF}/${general.id}`, { title: "Büro am Freitag geschlossen" })).statusCode,
    ).toBe(200);
  });
});

describe("bad input", () => {
  it("answers 400 in German, naming the field, and writes nothing", async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { ...information(), building_id: undefined },
        "building_id",
        "Bitte wählen Sie ein Gebäude oder „Alle Gebäude“ (null).",
      ],
      [information({ building_id: "nope" }), "building_id", "Bitte wählen Sie ein Gebäude oder „Alle Gebäude“ (null)."],
      [information({ title: "  " }), "title", "Der Titel ist erforderlich."],
      [information({ title: "x".repeat(201) }), "title", "Der Titel darf höchstens 200 Zeichen lang sein."],
      [information({ text: "" }), "text", "Der Text ist erforderlich."],
      [information({ kind: "gossip" }), "kind", "Bitte wählen Sie Information oder Störung."],
      [outage({ emergency_type: undefined }), "emergency_type", "Bitte wählen Sie die Art der Störung."],
      [outage({ emergency_type: "flood" }), "emergency_type", "Bitte wählen Sie die Art der Störung."],
      [
        information({ emergency_type: "water_outage" }),
        "emergency_type",
        "Eine Art der Störung gibt es nur bei Störungen.",
      ],
      [
        outage({ valid_from: inHours(5), valid_until: inHours(4) }),
        "valid_until",
        "Das Ende muss nach dem Beginn liegen.",
      ],
      [
        outage({
          valid_from: inHours(-5),
          valid_until: inHours(-1),
          outage_from: inHours(-4),
          outage_until: inHours(-2),
        }),
        "valid_until",
        "Das Ende muss in der Zukunft liegen. Zum sofortigen Beenden nutzen Sie „Vorzeitig beenden“.",
      ],
      [
        outage({ valid_until: "morgen" }),
        "valid_until",
        "Gültig bis: bitte Datum und Uhrzeit mit Zeitzone angeben (z. B. 2026-12-01T08:00:00+01:00).",
      ],
      [information({ building_id: UNKNOWN_ID }), "building_id", "Unbekanntes Gebäude."],
    ];
    for (const [body, field, message] of cases) {
      const res = await as("admin").post(STAFF, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
    const notice = await publish("verwalterA", information());
    const afterCreate = await counts();
    for (const [body, field, message] of [
      [{ title: "" }, "title", "Der Titel ist erforderlich."],
      [{ kind: "emergency" }, "emergency_type", "Bitte wählen Sie die Art der Störung."],
      [{ emergency_type: "heating_failure" }, "emergency_type", "Eine Art der Störung gibt es nur bei Störungen."],
      [
        { valid_until: inHours(-1) },
        "valid_until",
        "Das Ende muss in der Zukunft liegen. Zum sofortigen Beenden nutzen Sie „Vorzeitig beenden“.",
      ],
      [{ valid_from: inHours(10), valid_until: inHours(9) }, "valid_until", "Das Ende muss nach dem Beginn liegen."],
    ] as [Record<string, unknown>, string, string][]) {
      const res = await as("verwalterA").patch(`${STAFF}/${notice.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field]).toBe(message);
    }
    expect(await counts()).toEqual(afterCreate);
    expect(await counts()).toEqual({ ...before, audit: before.audit + 1, notices: before.notices + 1 });
    expect((await as("verwalterA").get(`${STAFF}?limit=0`)).json().message).toBe(
      "Die Seitengröße (limit) muss eine ganze Zahl von 1 bis 100 sein.",
    );
    expect((await as("verwalterA").get(`${STAFF}?cursor=kaputt`)).statusCode).toBe(400);
    expect((await as("verwalterA").get(`${STAFF}?status=bald`)).json().message).toBe("Unbekannter Status.");
    expect((await as("anna").get(`${TENANT}?limit=500`)).statusCode).toBe(400);
    expect((await as("anna").post(`${TENANT}/kein-uuid/affected`)).statusCode).toBe(400);
  });
});

describe("publishing an information notice", () => {
  it("shows it to the building's tenants (not another building's), audited, no mail", async () => {
    const mailsBefore = (await emergencyMailsTo(tenants.anna!)).length;
    const notice = await publish("verwalterA", information({ valid_until: inHours(24 * 7) }));
    expect(notice).toMatchObject({
      title: "Treppenhausreinigung",
      text: "Am Montag wird das Treppenhaus gereinigt.",
      kind: "information",
      emergency_type: null,
      building: { id: buildingA, name: "Lindenstraße 5" },
      status: "current",
      created_by: { id: people.verwalterA!.id },
      mailed_at: null,
      affected_count: 0,
      affected: [],
    });
    expect(await auditOf(ctx.db, notice.id)).toEqual([
      expect.objectContaining({
        action: "notice.created",
        entity_type: "notice",
        staff_id: people.verwalterA!.id,
        building_id: buildingA,
        after: expect.objectContaining({ title: "Treppenhausreinigung", kind: "information", building_id: buildingA }),
      }),
    ]);
    expect(await emergencyMailsTo(tenants.anna!)).toHaveLength(mailsBefore);
    expect(await seenBy("anna")).toContain(notice.id);
    expect(await seenBy("otto")).toContain(notice.id);
    // Moved out: no longer a tenant of the building, so not its notices.
    expect(await seenBy("moritz")).not.toContain(notice.id);
    expect(await seenBy("bernd")).not.toContain(notice.id);
    const shown = ((await as("anna").get(TENANT)).json() as { id: string }[]).find((n) => n.id === notice.id);
    expect(shown).toEqual({
      id: notice.id,
      title: "Treppenhausreinigung",
      text: "Am Montag wird das Treppenhaus gereinigt.",
      kind: "information",
      emergency_type: null,
      valid_from: notice.valid_from,
      valid_until: notice.valid_until,
      outage_from: null,
      outage_until: null,
      for_all_buildings: false,
      affected: false,
    });
  });

  it("keeps a scheduled notice from tenants until it begins; a general one reaches every tenant with access", async () => {
    const later = await publish("verwalterA", information({ valid_from: inHours(24), title: "Morgen" }));
    expect(later.status).toBe("scheduled");
    expect(await seenBy("anna")).not.toContain(later.id);
    const general = await publish("admin", information({ building_id: null, title: "Neue Telefonzeiten" }));
    for (const who of ["anna", "otto", "moritz", "bernd"]) expect(await seenBy(who)).toContain(general.id);
  });
});

describe("emergency notices", () => {
  it("are mailed at once to each tenant of the building who wants e-mail, once", async () => {
    sent.length = 0;
    const title = "Kein Wasser im Haus (Rohrbruch)";
    const mailsAbout = async (tenant: TenantFixture) =>
      (await emergencyMailsTo(tenant)).filter((m) => m.subject.endsWith(title));
    const notice = await publish("verwalterA", outage({ title }));
    expect(notice.mailed_at).toEqual(expect.any(String));
    const mails = await mailsAbout(tenants.anna!);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_email: tenants.anna!.email,
      subject: `${COMPANY}: Wasserausfall – ${title}`,
    });
    expect(mails[0]!.body).toContain("Guten Tag Anna Alt,");
    expect(mails[0]!.body).toContain("Wegen eines Rohrbruchs ist das Wasser abgestellt.");
    expect(mails[0]!.body).toContain("„Betrifft mich auch“");
    // E-mail off, moved out, or another building: no mail.
    expect(await mailsAbout(tenants.otto!)).toHaveLength(0);
    expect(await mailsAbout(tenants.moritz!)).toHaveLength(0);
    expect(await mailsAbout(tenants.bernd!)).toHaveLength(0);
    expect((await auditOf(ctx.db, notice.id))[0]?.after).toMatchObject({ mailed_to: 1 });

    await ctx.app.notifications.runOnce();
    await ctx.app.notifications.runOnce();
    expect(sent.filter((m) => m.subject.endsWith(title))).toEqual([
      expect.objectContaining({ to: tenants.anna!.email }),
    ]);

    // Changing the text does not mail again.
    const changed = await as("verwalterA").patch(`${STAFF}/${notice.id}`, {
      text: "Das Wasser kommt um 16 Uhr wieder.",
    });
    expect(changed.statusCode).toBe(200);
    expect(await mailsAbout(tenants.anna!)).toHaveLength(1);
  });

  it("for all buildings reach every tenant with a running tenancy or access", async () => {
    const notice = await publish(
      "admin",
      outage({ building_id: null, emergency_type: "other", title: "Störung der Telefonanlage" }),
    );
    for (const tenant of [tenants.anna!, tenants.moritz!, tenants.bernd!]) {
      expect((await emergencyMailsTo(tenant)).filter((m) => m.subject.includes("Telefonanlage"))).toHaveLength(1);
    }
    expect(await emergencyMailsTo(tenants.otto!)).toHaveLength(0);
    expect(await emergencyMailsTo(tenants.frieda!)).toHaveLength(0);
    // Otto turned e-mail off; Frieda's access ended years ago.
    const body = (await emergencyMailsTo(tenants.bernd!)).find((m) => m.subject.includes("Telefonanlage"))!.body;
    expect(body).toContain("die Hausverwaltung informiert alle Häuser über eine Störung:");
    expect((await auditOf(ctx.db, notice.id))[0]?.after).toMatchObject({ mailed_to: 3 });
  });

  it("an information notice that becomes an emergency is mailed then, once", async () => {
    const notice = await publish("verwalterA", information({ title: "Aufzug" }));
    const mailsOf = async () =>
      (await emergencyMailsTo(tenants.anna!)).filter((m) => m.subject.endsWith("– Aufzug wird repariert"));
    const first = await as("verwalterA").patch(`${STAFF}/${notice.id}`, {
      kind: "emergency",
      emergency_type: "lift_out_of_order",
      title: "Aufzug wird repariert",
      outage_from: inHours(1),
      outage_until: inHours(3),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kind: "emergency", emergency_type: "lift_out_of_order" });
    expect(await mailsOf()).toHaveLength(1);
    expect((await mailsOf())[0]!.subject).toBe(`${COMPANY}: Aufzug außer Betrieb – Aufzug wird repariert`);
    await as("verwalterA").patch(`${STAFF}/${notice.id}`, { kind: "information" });
    await as("verwalterA").patch(`${STAFF}/${notice.id}`, { kind: "emergency", emergency_type: "lift_out_of_order" });
    expect(await mailsOf()).toHaveLength(1);
    const audit = await auditOf(ctx.db, notice.id);
    expect(audit.map((a) => a.action)).toEqual([
      "notice.created",
      "notice.updated",
      "notice.updated",
      "notice.updated",
    ]);
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ kind: "information", emergency_type: null, title: "Aufzug" }),
      after: expect.objectContaining({ kind: "emergency", emergency_type: "lift_out_of_order", mailed_to: 1 }),
    });
    // Back to information: the type goes with it.
    expect(audit[2]?.after).toMatchObject({ kind: "information", emergency_type: null });
  });
});

describe("Betrifft mich auch", () => {
  it("is recorded once per tenant, answers the same twice, and the staff see the count and who", async () => {
    const notice = await publish("verwalterA", outage({ title: "Heizung kalt", emergency_type: "heating_failure" }));
    const url = `${TENANT}/${notice.id}/affected`;
    const first = await as("anna").post(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      id: notice.id,
      kind: "emergency",
      emergency_type: "heating_failure",
      affected: true,
    });
    const second = await as("anna").post(url);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    // The offline queue sends with a key: replayed.
    const keyed = await as("otto").post(url, undefined, { "idempotency-key": "affected-otto-1" });
    expect(keyed.statusCode, keyed.body).toBe(200);
    const replay = await as("otto").post(url, undefined, { "idempotency-key": "affected-otto-1" });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(keyed.json());

    const rows = await ctx.db.selectFrom("notice_affected").selectAll().where("notice_id", "=", notice.id).execute();
    expect(rows.map((r) => r.tenant_id).sort()).toEqual([tenants.anna!.id, tenants.otto!.id].sort());
    const detail = (await as("verwalterA").get(`${STAFF}/${notice.id}`)).json();
    expect(detail.affected_count).toBe(2);
    expect(detail.affected.map((a: { tenant: { name: string } }) => a.tenant.name)).toEqual([
      "Anna Alt",
      "Otto Ohnemail",
    ]);
    expect(detail.affected[0]).toMatchObject({
      tenant: { building: { id: buildingA }, unit: "2. OG links" },
      at: expect.any(String),
    });
    const listed = (await as("verwalterA").get(`${STAFF}?limit=100`))
      .json()
      .items.find((n: { id: string }) => n.id === notice.id);
    expect(listed.affected_count).toBe(2);
    const seen = ((await as("anna").get(TENANT)).json() as { id: string; affected: boolean }[]).find(
      (n) => n.id === notice.id,
    );
    expect(seen?.affected).toBe(true);
    expect(
      ((await as("otto").get(TENANT)).json() as { id: string; affected: boolean }[]).find((n) => n.id === notice.id)
        ?.affected,
    ).toBe(true);
  });

  it("is 409 on an information notice, 404 for another building's notice or an unknown one", async () => {
    const info = await publish("verwalterA", information());
    const refused = await as("anna").post(`${TENANT}/${info.id}/affected`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "conflict", message: "„Betrifft mich auch“ gibt es nur bei Störungen." });
    const outageA = await publish("verwalterA", outage());
    expect((await as("bernd").post(`${TENANT}/${outageA.id}/affected`)).statusCode).toBe(404);
    expect((await as("moritz").post(`${TENANT}/${outageA.id}/affected`)).statusCode).toBe(404);
    expect((await as("anna").post(`${TENANT}/${UNKNOWN_ID}/affected`)).statusCode).toBe(404);
    expect(
      await ctx.db.selectFrom("notice_affected").selectAll().where("notice_id", "in", [info.id, outageA.id]).execute(),
    ).toEqual([]);
  });

  it("on a general notice counts per building: a Verwalter sees the tenants of their buildings", async () => {
    const notice = await publish("admin", outage({ building_id: null, title: "Fernwärme gestört" }));
    expect((await as("anna").post(`${TENANT}/${notice.id}/affected`)).statusCode).toBe(200);
    expect((await as("bernd").post(`${TENANT}/${notice.id}/affected`)).statusCode).toBe(200);
    expect((await as("admin").get(`${STAFF}/${notice.id}`)).json().affected_count).toBe(2);
    const forB = (await as("verwalterB").get(`${STAFF}/${notice.id}`)).json();
    expect(forB.affected_count).toBe(1);
    expect(forB.affected.map((a: { tenant: { id: string } }) => a.tenant.id)).toEqual([tenants.bernd!.id]);
  });

  it("after the end: refused (409) for a new answer, the same answer for one given before", async () => {
    const notice = await publish("verwalterA", outage());
    await as("anna").post(`${TENANT}/${notice.id}/affected`);
    expect((await as("verwalterA").post(`${STAFF}/${notice.id}/end`)).statusCode).toBe(200);
    const late = await as("otto").post(`${TENANT}/${notice.id}/affected`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Dieser Aushang ist nicht mehr aktuell.");
    const again = await as("anna").post(`${TENANT}/${notice.id}/affected`);
    expect(again.statusCode).toBe(200);
    expect(again.json().affected).toBe(true);
  });
});

describe("ending and changing", () => {
  it("ends a notice now (tenants no longer see it), audited; ending twice is 409", async () => {
    const notice = await publish("verwalterA", information({ title: "Bald vorbei" }));
    expect(await seenBy("anna")).toContain(notice.id);
    const res = await as("verwalterA").post(`${STAFF}/${notice.id}/end`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("ended");
    expect(Date.parse(res.json().valid_until)).toBeGreaterThan(Date.now() - 60_000);
    expect(await seenBy("anna")).not.toContain(notice.id);
    const again = await as("verwalterA").post(`${STAFF}/${notice.id}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Der Aushang ist bereits beendet.");
    const audit = await auditOf(ctx.db, notice.id);
    expect(audit.map((a) => a.action)).toEqual(["notice.created", "notice.ended"]);
    expect(audit[1]).toMatchObject({ before: { valid_until: null }, after: { valid_until: res.json().valid_until } });

    // A notice not yet begun, ended: it was never shown.
    const scheduled = await publish("verwalterA", information({ valid_from: inHours(48) }));
    const ended = (await as("verwalterA").post(`${STAFF}/${scheduled.id}/end`)).json();
    expect(ended.status).toBe("ended");
    expect(ended.valid_from).toBe(ended.valid_until);
  });

  it("changes only the fields given, audited before → after", async () => {
    const notice = await publish("verwalterA", information({ valid_until: inHours(24) }));
    const res = await as("verwalterA").patch(`${STAFF}/${notice.id}`, {
      title: "Treppenhausreinigung verschoben",
      valid_until: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: "Treppenhausreinigung verschoben",
      text: "Am Montag wird das Treppenhaus gereinigt.",
      valid_until: null,
      building: { id: buildingA },
    });
    const audit = (await auditOf(ctx.db, notice.id)).at(-1);
    expect(audit).toMatchObject({
      action: "notice.updated",
      before: expect.objectContaining({ title: "Treppenhausreinigung", valid_until: notice.valid_until }),
      after: expect.objectContaining({ title: "Treppenhausreinigung verschoben", valid_until: null }),
    });
  });
});

describe("lists", () => {
  it("the console's list: newest first, by cursor, filtered by building and status", async () => {
    const ctxB = [
      await publish("verwalterB", information({ building_id: buildingB, title: "B1", valid_from: inHours(-3) })),
      await publish("verwalterB", information({ building_id: buildingB, title: "B2", valid_from: inHours(-2) })),
      await publish("verwalterB", information({ building_id: buildingB, title: "B3", valid_from: inHours(-1) })),
    ];
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await as("verwalterB").get(`${STAFF}?building=${buildingB}&limit=2${cursor ? `&cursor=${cursor}` : ""}`)
      ).json() as { items: { id: string }[]; next_cursor: string | null };
      pages.push(page.items.map((n) => n.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toEqual([[ctxB[2]!.id, ctxB[1]!.id], [ctxB[0]!.id]]);

    const future = await publish("verwalterB", information({ building_id: buildingB, valid_from: inHours(30) }));
    const ids = async (query: string) =>
      ((await as("verwalterB").get(`${STAFF}?limit=100&${query}`)).json().items as { id: string }[]).map((n) => n.id);
    expect(await ids("status=scheduled")).toEqual([future.id]);
    expect(await ids(`status=current&building=${buildingB}`)).toEqual([ctxB[2]!.id, ctxB[1]!.id, ctxB[0]!.id]);
    await as("verwalterB").post(`${STAFF}/${ctxB[0]!.id}/end`);
    expect(await ids(`status=ended&building=${buildingB}`)).toEqual([ctxB[0]!.id]);
    const general = await ids("building=all");
    expect(general.length).toBeGreaterThan(0);
    for (const id of general) expect((await as("verwalterB").get(`${STAFF}/${id}`)).json().building).toBeNull();
  });

  it("the tenant's list: current notices newest first, page by page with X-Next-Cursor", async () => {
    const tenant = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Paula", lastName: "Seite" });
    tokens.paula = await login(ctx.app, tenant);
    const mine = await seenBy("paula");
    const fresh = [
      await publish("verwalterB", information({ building_id: buildingB, title: "P1", valid_from: inHours(-0.5) })),
      await publish("verwalterB", information({ building_id: buildingB, title: "P2", valid_from: inHours(-0.25) })),
    ];
    const all: { id: string; valid_from: string }[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await as("paula").get(`${TENANT}?limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { id: string; valid_from: string }[];
      expect(page.length).toBeLessThanOrEqual(1);
      all.push(...page);
      cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      if (!cursor) break;
    }
    const starts = all.map((n) => n.valid_from);
    expect(starts).toEqual([...starts].sort().reverse());
    const ids = all.map((n) => n.id);
    expect(ids.indexOf(fresh[1]!.id)).toBeLessThan(ids.indexOf(fresh[0]!.id));
    expect(new Set(ids)).toEqual(new Set([...mine, fresh[0]!.id, fresh[1]!.id]));
  });
});
