import { addDays } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextDigestMorning } from "../src/domain/documents/document-publications.js";
import { addDocumentDigestLine } from "../src/domain/notifications/notifications.js";
import { berlinToday, berlinToUtc } from "../src/lib/time.js";
import { fixture, multipart, storedFiles } from "./factories/documents.js";
import { auditOf, BUILDING_A, BUILDING_B, COMPANY, collectingMailer, outboxTo } from "./factories/staff.js";
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

// Issue 14 §3: one document to one tenant, a building or all tenants; a daily digest mail.

const STAFF = "/api/v1/staff/documents";
const TENANT = "/api/v1/tenant/documents";
const BUILDING_EMPTY = "Leerstandweg 1, 10117 Berlin";

const { mailer, sent } = collectingMailer();
let ctx: TestContext;
const tenants: Record<string, TenantFixture> = {};
const people: Record<string, StaffFixture> = {};
const tokens: Record<string, string> = {};
let buildingA: string;
let buildingB: string;
let buildingEmpty: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { mailer });
  tenants.anna = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Anna", lastName: "Alt" });
  tenants.otto = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Otto", lastName: "Ohnemail" });
  tenants.moritz = await createTenant(ctx.db, {
    address: BUILDING_A,
    firstName: "Moritz",
    lastName: "Umzug",
    endDate: addDays(berlinToday(), -7),
  });
  tenants.frieda = await createTenant(ctx.db, {
    address: BUILDING_A,
    firstName: "Frieda",
    lastName: "Früher",
    endDate: "2021-06-30",
  });
  tenants.bernd = await createTenant(ctx.db, { address: BUILDING_B, firstName: "Bernd", lastName: "Berg" });
  // A building whose only tenancy has ended: nobody to publish to.
  await createTenant(ctx.db, { address: BUILDING_EMPTY, endDate: "2022-01-31" });
  await ctx.db.updateTable("tenants").set({ notify_email: 0 }).where("id", "=", tenants.otto.id).execute();
  people.admin = await createStaffMember(ctx.db, "administrator");
  people.verwalterA = await createStaffMember(ctx.db, "verwalter", [BUILDING_A, BUILDING_EMPTY]);
  people.verwalterB = await createStaffMember(ctx.db, "verwalter", [BUILDING_B]);
  people.hausmeisterA = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
  for (const [name, person] of Object.entries(people)) tokens[name] = await staffLogin(ctx.app, person);
  for (const name of ["anna", "otto", "moritz", "bernd"]) tokens[name] = await login(ctx.app, tenants[name]!);
  const buildingOf = async (address: string) =>
    (await ctx.db.selectFrom("buildings").select("id").where("address", "=", address).executeTakeFirstOrThrow()).id;
  buildingA = await buildingOf(BUILDING_A);
  buildingB = await buildingOf(BUILDING_B);
  buildingEmpty = await buildingOf(BUILDING_EMPTY);
});
afterAll(() => ctx.close());

const as = (who: string) => api(ctx.app, tokens[who]);

function publishAs(
  who: string,
  fields: Record<string, string>,
  file: Parameters<typeof multipart>[1] | null = {
    filename: "hausordnung.pdf",
    data: fixture("sample.pdf"),
    contentType: "application/pdf",
  },
) {
  const body = multipart(fields, file ?? undefined);
  return as(who).inject({ method: "POST", url: STAFF, payload: body.payload, headers: body.headers });
}

async function publish(who: string, fields: Record<string, string>) {
  const res = await publishAs(who, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; recipient_count: number; [key: string]: unknown };
}

const toBuildingA = (title: string) => ({ title, type: "house_rules", audience: "building", building_id: buildingA });

const documentRows = (publicationId: string) =>
  ctx.db.selectFrom("documents").selectAll().where("publication_id", "=", publicationId).orderBy("tenant_id").execute();

async function counts() {
  const n = async (table: "documents" | "document_publications" | "audit_log" | "notification_outbox") =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    documents: await n("documents"),
    publications: await n("document_publications"),
    audit: await n("audit_log"),
    outbox: await n("notification_outbox"),
    files: (await storedFiles(ctx.dataDir)).length,
  };
}

const digestRows = async (tenant: TenantFixture) =>
  (await outboxTo(ctx.db, tenant.id)).filter((m) => m.kind === "document_digest");

/** Lets every pending digest fall due now (as if the morning had come). */
const morningComes = () =>
  ctx.db
    .updateTable("notification_outbox")
    .set({ send_after: new Date(Date.now() - 1000).toISOString() })
    .where("kind", "=", "document_digest")
    .where("sent_at", "is", null)
    .execute();

describe("who may publish", () => {
  it("a Hausmeister gets 403, tenant tokens 401; staff tokens 401 on the tenant's documents", async () => {
    const before = await counts();
    for (const res of [
      await publishAs("hausmeisterA", toBuildingA("Hausordnung")),
      await as("hausmeisterA").get(STAFF),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "forbidden", message: "Dafür fehlt Ihnen die Berechtigung." });
    }
    expect((await publishAs("anna", toBuildingA("Hausordnung"))).statusCode).toBe(401);
    expect((await as("anna").get(STAFF)).statusCode).toBe(401);
    expect((await as("verwalterA").get(TENANT)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("another building's Verwalter gets 404 for the building and its tenants; all tenants only Administrators", async () => {
    const before = await counts();
    expect((await publishAs("verwalterB", toBuildingA("Hausordnung"))).statusCode).toBe(404);
    const toAnna = { title: "Mietvertrag", type: "contract", audience: "tenant", tenant_id: tenants.anna!.id };
    expect((await publishAs("verwalterB", toAnna)).statusCode).toBe(404);
    expect(
      (await publishAs("verwalterA", { title: "X", type: "contract", audience: "tenant", tenant_id: UNKNOWN_ID }))
        .statusCode,
    ).toBe(404);
    const all = await publishAs("verwalterA", { title: "Hinweis", type: "utility", audience: "all" });
    expect(all.statusCode).toBe(403);
    expect(all.json().message).toBe("Dokumente für alle Mieter veröffentlicht die Administration.");
    expect(await counts()).toEqual(before);
  });
});

describe("bad input", () => {
  it("answers 400/413/415 in German and writes nothing: no rows, no file, no audit, no mail", async () => {
    const before = await counts();
    const pdf = { filename: "a.pdf", data: fixture("sample.pdf"), contentType: "application/pdf" };
    const cases: [Record<string, string>, typeof pdf | null, number, string, string | undefined][] = [
      [
        { type: "house_rules", audience: "building", building_id: buildingA },
        pdf,
        400,
        "title",
        "Der Titel ist erforderlich.",
      ],
      [
        { ...toBuildingA("X"), type: "personal" },
        pdf,
        400,
        "type",
        "Bitte wählen Sie die Art: Vertrag, Hausordnung, Beleg oder Nebenkostenabrechnung.",
      ],
      [
        { title: "X", type: "contract" },
        pdf,
        400,
        "audience",
        "Bitte wählen Sie die Empfänger: ein Mieter, ein Gebäude oder alle Mieter.",
      ],
      [{ title: "X", type: "contract", audience: "tenant" }, pdf, 400, "tenant_id", "Bitte wählen Sie einen Mieter."],
      [
        { title: "X", type: "contract", audience: "building" },
        pdf,
        400,
        "building_id",
        "Bitte wählen Sie ein Gebäude.",
      ],
      [
        { ...toBuildingA("X"), tenant_id: tenants.anna!.id },
        pdf,
        400,
        "tenant_id",
        "Einen Mieter geben Sie nur bei Empfänger „ein Mieter“ an.",
      ],
      [{ ...toBuildingA("X"), building_id: "Haus A" }, pdf, 400, "building_id", "Bitte wählen Sie ein Gebäude."],
      [toBuildingA("X"), null, 400, "file", "Bitte wählen Sie eine Datei aus (Feld „file“)."],
      [toBuildingA("X"), { ...pdf, data: Buffer.alloc(0) }, 400, "file", "Die Datei ist leer."],
      [toBuildingA("X"), { ...pdf, data: fixture("disguised-exe.pdf") }, 415, "file", undefined],
      [toBuildingA("X"), { ...pdf, data: fixture("sample.webp") }, 415, "file", undefined],
    ];
    for (const [fields, file, status, field, message] of cases) {
      const res = await publishAs("admin", fields, file);
      expect(res.statusCode, `${JSON.stringify(fields)} ${res.body}`).toBe(status);
      if (message) expect(res.json().fields?.[field]).toBe(message);
      else expect(res.json().message).toContain("PDF, DOC, DOCX, JPG oder PNG");
    }
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    fixture("sample.pdf").copy(big);
    const tooBig = await publishAs("admin", toBuildingA("Groß"), { ...pdf, data: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe("Die Datei ist zu groß. Erlaubt sind höchstens 20 MB.");
    const notMultipart = await as("admin").post(STAFF, toBuildingA("JSON"));
    expect(notMultipart.statusCode).toBe(415);
    expect((await as("admin").get(`${STAFF}?limit=0`)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("a building without running tenancies: 409, nothing written", async () => {
    const before = await counts();
    const res = await publishAs("verwalterA", { ...toBuildingA("Leer"), building_id: buildingEmpty });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Dieses Gebäude hat keine Mieter mit laufendem Mietverhältnis: niemand würde das Dokument erhalten.",
    );
    expect(await counts()).toEqual(before);
  });
});

describe("publishing to a building", () => {
  it("gives each tenant of the building a documents row sharing one stored file, audited, with a digest line", async () => {
    const filesBefore = await storedFiles(ctx.dataDir);
    const published = await publish("verwalterA", toBuildingA("Hausordnung 2027"));
    expect(published).toMatchObject({
      title: "Hausordnung 2027",
      type: "house_rules",
      audience: "building",
      building: { id: buildingA, name: "Lindenstraße 5" },
      tenant: null,
      file_type: "application/pdf",
      file_size: fixture("sample.pdf").length,
      filename: "hausordnung.pdf",
      recipient_count: 2,
      created_by: { id: people.verwalterA!.id },
    });
    const rows = await documentRows(published.id);
    expect(rows.map((r) => r.tenant_id).sort()).toEqual([tenants.anna!.id, tenants.otto!.id].sort());
    expect(new Set(rows.map((r) => r.storage_key)).size).toBe(1);
    expect(await storedFiles(ctx.dataDir)).toEqual(expect.arrayContaining([...filesBefore, rows[0]!.storage_key]));
    expect((await storedFiles(ctx.dataDir)).length).toBe(filesBefore.length + 1);
    for (const row of rows) expect(row).toMatchObject({ type: "house_rules", actor_kind: "staff" });

    // The tenants find it in their documents (the section of contracts and house rules) and open it.
    for (const who of ["anna", "otto"]) {
      const list = (await as(who).get(TENANT)).json() as { id: string; type: string; is_tenant_uploaded: boolean }[];
      const doc = list.find((d) => rows.some((r) => r.id === d.id));
      expect(doc).toMatchObject({ type: "house_rules", is_tenant_uploaded: false, title: "Hausordnung 2027" });
      const file = await as(who).get(`${TENANT}/${doc!.id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(fixture("sample.pdf"))).toBe(true);
    }
    // Nobody else: not the tenant who moved out, not another building.
    for (const who of ["moritz", "bernd"]) {
      const list = (await as(who).get(TENANT)).json() as { title: string }[];
      expect(list.map((d) => d.title)).not.toContain("Hausordnung 2027");
    }
    // Another tenant cannot open Anna's row, even though the file is shared.
    const annasRow = rows.find((r) => r.tenant_id === tenants.anna!.id)!;
    expect((await as("bernd").get(`${TENANT}/${annasRow.id}/file`)).statusCode).toBe(404);

    expect(await auditOf(ctx.db, published.id)).toEqual([
      expect.objectContaining({
        action: "document.published",
        entity_type: "document_publication",
        staff_id: people.verwalterA!.id,
        building_id: buildingA,
        after: expect.objectContaining({ title: "Hausordnung 2027", audience: "building", recipient_count: 2 }),
      }),
    ]);
    // A digest line for Anna, due the next morning at 8:00 Berlin time; Otto turned e-mail off.
    const digest = await digestRows(tenants.anna!);
    expect(digest.find((d) => d.body.includes("Hausordnung 2027"))).toMatchObject({
      to_email: tenants.anna!.email,
      body: "„Hausordnung 2027“ (unter Vertragsdokumente)",
      send_after: nextDigestMorning(),
      sent_at: null,
    });
    expect(await digestRows(tenants.otto!)).toEqual([]);
  });
});

describe("the daily digest", () => {
  it("merges a day's documents into one row per tenant and sends one mail, once", async () => {
    await morningComes();
    await ctx.app.notifications.runOnce();
    sent.length = 0;
    await publish("verwalterA", toBuildingA("Heizkostenverordnung"));
    await publish("verwalterA", { ...toBuildingA("Nebenkostenabrechnung 2026"), type: "utility" });
    const pending = (await digestRows(tenants.anna!)).filter((d) => d.sent_at === null);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.body).toBe(
      "„Heizkostenverordnung“ (unter Vertragsdokumente)\n„Nebenkostenabrechnung 2026“ (unter Nebenkostenabrechnungen)",
    );
    // Not before the morning.
    await ctx.app.notifications.runOnce();
    expect(sent).toEqual([]);

    await morningComes();
    await ctx.app.notifications.runOnce();
    await ctx.app.notifications.runOnce();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: tenants.anna!.email,
      subject: `${COMPANY}: 2 neue Dokumente im Mieter-Portal`,
    });
    expect(sent[0]!.text).toContain("Guten Tag Anna Alt,");
    expect(sent[0]!.text).toContain("• „Heizkostenverordnung“ (unter Vertragsdokumente)");
    expect(sent[0]!.text).toContain("• „Nebenkostenabrechnung 2026“ (unter Nebenkostenabrechnungen)");
    expect(sent[0]!.text).toContain("/documents");
    expect(sent[0]!.text).toContain("höchstens einmal am Tag");
    expect((await digestRows(tenants.anna!)).every((d) => d.sent_at !== null)).toBe(true);

    // Published after this morning's mail: waits for tomorrow's.
    await publish("verwalterA", toBuildingA("Müllkalender"));
    const next = (await digestRows(tenants.anna!)).filter((d) => d.sent_at === null);
    expect(next).toHaveLength(1);
    expect(next[0]!.send_after).toBe(nextDigestMorning());
  });

  it("keeps one pending row per tenant and morning when two publications run at once", async () => {
    await morningComes();
    await ctx.app.notifications.runOnce();
    const [first, second] = await Promise.all([
      publishAs("verwalterA", toBuildingA("Parallel eins")),
      publishAs("admin", toBuildingA("Parallel zwei")),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const pending = (await digestRows(tenants.anna!)).filter((d) => d.sent_at === null);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.body.split("\n").sort()).toEqual([
      "„Parallel eins“ (unter Vertragsdokumente)",
      "„Parallel zwei“ (unter Vertragsdokumente)",
    ]);
  });

  it("sends the rows of one tenant due together (missed mornings) as one mail", async () => {
    await morningComes();
    await ctx.app.notifications.runOnce();
    sent.length = 0;
    const recipient = [{ id: tenants.bernd!.id, email: tenants.bernd!.email }];
    const morning = (daysAgo: number) => berlinToUtc(addDays(berlinToday(), -daysAgo), 8).toISOString();
    await addDocumentDigestLine(ctx.db, recipient, {
      subject: "x",
      line: "„Eins“ (unter Vertragsdokumente)",
      sendAfter: morning(2),
    });
    await addDocumentDigestLine(ctx.db, recipient, {
      subject: "x",
      line: "„Zwei“ (unter Vertragsdokumente)",
      sendAfter: morning(1),
    });
    await addDocumentDigestLine(ctx.db, recipient, {
      subject: "x",
      line: "„Drei“ (unter Vertragsdokumente)",
      sendAfter: morning(1),
    });
    const rows = (await digestRows(tenants.bernd!)).filter((d) => d.sent_at === null);
    expect(rows.map((r) => r.body).sort()).toEqual([
      "„Eins“ (unter Vertragsdokumente)",
      "„Zwei“ (unter Vertragsdokumente)\n„Drei“ (unter Vertragsdokumente)",
    ]);
    await ctx.app.notifications.runOnce();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: tenants.bernd!.email,
      subject: `${COMPANY}: 3 neue Dokumente im Mieter-Portal`,
    });
    expect((await digestRows(tenants.bernd!)).every((d) => d.sent_at !== null)).toBe(true);
  });

  it("is withdrawn when the tenant turns e-mail off before the morning", async () => {
    await publish("verwalterA", toBuildingA("Brandschutzordnung"));
    expect((await digestRows(tenants.anna!)).filter((d) => d.sent_at === null)).toHaveLength(1);
    const off = await as("anna").inject({
      method: "PUT",
      url: "/api/v1/tenant/preferences",
      payload: { email_notifications: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await digestRows(tenants.anna!)).filter((d) => d.sent_at === null)).toEqual([]);
    await as("anna").inject({
      method: "PUT",
      url: "/api/v1/tenant/preferences",
      payload: { email_notifications: true },
    });
  });

  it("falls due at the next 8:00 in Berlin, also across the clock changes", () => {
    const at = (iso: string) => nextDigestMorning(new Date(iso));
    // Winter (UTC+1): before 8:00 the same morning, from 8:00 the next.
    expect(at("2026-12-01T06:59:00.000Z")).toBe("2026-12-01T07:00:00.000Z");
    expect(at("2026-12-01T07:00:00.000Z")).toBe("2026-12-02T07:00:00.000Z");
    expect(at("2026-12-01T22:30:00.000Z")).toBe("2026-12-02T07:00:00.000Z");
    // Summer (UTC+2).
    expect(at("2026-07-01T05:00:00.000Z")).toBe("2026-07-01T06:00:00.000Z");
    // The night of the switch to summer time (29 March 2026) and back (25 October 2026).
    expect(at("2026-03-28T20:00:00.000Z")).toBe("2026-03-29T06:00:00.000Z");
    expect(at("2026-10-24T20:00:00.000Z")).toBe("2026-10-25T07:00:00.000Z");
  });
});

describe("publishing to all tenants and to one", () => {
  it("all tenants: everyone who may sign in (running tenancy or access), from an Administrator", async () => {
    const published = await publish("admin", { title: "Datenschutzhinweise", type: "contract", audience: "all" });
    const rows = await documentRows(published.id);
    const expected = [tenants.anna!, tenants.otto!, tenants.moritz!, tenants.bernd!].map((t) => t.id);
    for (const id of expected) expect(rows.map((r) => r.tenant_id)).toContain(id);
    expect(rows.map((r) => r.tenant_id)).not.toContain(tenants.frieda!.id);
    expect(published).toMatchObject({ audience: "all", building: null, tenant: null, recipient_count: rows.length });
  });

  it("one tenant: only them, named in the publication", async () => {
    const published = await publish("verwalterA", {
      title: "Mietvertrag Nachtrag",
      type: "contract",
      audience: "tenant",
      tenant_id: tenants.anna!.id,
    });
    expect(published).toMatchObject({
      audience: "tenant",
      tenant: { id: tenants.anna!.id, name: "Anna Alt" },
      building: { id: buildingA },
      recipient_count: 1,
    });
    expect((await documentRows(published.id)).map((r) => r.tenant_id)).toEqual([tenants.anna!.id]);
    const titles = async (who: string) =>
      ((await as(who).get(TENANT)).json() as { title: string }[]).map((d) => d.title);
    expect(await titles("anna")).toContain("Mietvertrag Nachtrag");
    expect(await titles("otto")).not.toContain("Mietvertrag Nachtrag");
  });

  it("is described in the OpenAPI document as a multipart body", async () => {
    const doc = (await ctx.app.inject({ url: "/api/v1/openapi.json" })).json();
    expect(doc.paths["/api/v1/staff/documents"].post.requestBody.content["multipart/form-data"].schema).toMatchObject({
      required: ["file", "title", "type", "audience"],
      properties: { audience: { enum: ["tenant", "building", "all"] } },
    });
    expect(doc.paths["/api/v1/tenant/notices"].get).toBeDefined();
    expect(doc.paths["/api/v1/staff/notices/{id}/end"].post).toBeDefined();
  });

  it("the console lists publications newest first, within the staff member's scope", async () => {
    const toB = await publish("verwalterB", {
      title: "Hausordnung Gartenweg",
      type: "house_rules",
      audience: "building",
      building_id: buildingB,
    });
    const ids = async (who: string) => {
      const all: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await as(who).get(`${STAFF}?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.statusCode).toBe(200);
        all.push(...res.json().items.map((p: { id: string }) => p.id));
        cursor = res.json().next_cursor;
      } while (cursor);
      return all;
    };
    const forB = await ids("verwalterB");
    expect(forB[0]).toBe(toB.id);
    const rows = await ctx.db.selectFrom("document_publications").selectAll().execute();
    const visibleToB = rows.filter((r) => r.audience === "all" || r.building_id === buildingB).map((r) => r.id);
    expect(new Set(forB)).toEqual(new Set(visibleToB));
    expect((await ids("admin")).length).toBe(rows.length);
  });
});
