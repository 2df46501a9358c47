import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertThread } from "./factories/messages.js";
import {
  api,
  createTenant,
  createTestContext,
  login,
  type TenantFixture,
  type TestContext,
  UNKNOWN_ID,
} from "./helpers.js";

const BASE = "/api/v1/tenant/messages";
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

const messagesOfThread = (threadId: string) =>
  ctx.db.selectFrom("messages").selectAll().where("thread_id", "=", threadId).orderBy("received_at").execute();
const threadRow = (threadId: string) =>
  ctx.db.selectFrom("message_threads").selectAll().where("id", "=", threadId).executeTakeFirstOrThrow();
const countRows = async (table: "messages" | "message_threads", tenantId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tenant_id", "=", tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("GET /tenant/messages", () => {
  let tenant: TenantFixture;
  let token: string;
  const threads: Record<string, string> = {};

  beforeAll(async () => {
    tenant = await createTenant(ctx.db);
    token = await login(ctx.app, tenant);
    threads.read = (
      await insertThread(ctx.db, tenant.id, "Treppenhausreinigung", [
        { receivedAt: "2025-01-10T09:00:00.000Z", readAt: "2025-01-11T09:00:00.000Z", content: "Gelesen" },
      ])
    ).threadId;
    threads.mixed = (
      await insertThread(ctx.db, tenant.id, "Heizungsablesung", [
        { receivedAt: "2025-02-01T09:00:00.000Z", senderName: "Frau Kühn", content: "Erste" },
        { receivedAt: "2025-02-02T09:00:00.000Z", senderName: "Frau Kühn", content: "Zweite" },
        { direction: "outbound", receivedAt: "2025-02-03T09:00:00.000Z", senderName: "Erika M.", content: "Antwort" },
      ])
    ).threadId;
    // An outbound message the management has not read does not make the thread unread for the tenant.
    threads.ownOnly = (
      await insertThread(ctx.db, tenant.id, "Frage zur Kaution", [
        { direction: "outbound", receivedAt: "2025-01-20T09:00:00.000Z", content: "Meine Frage" },
      ])
    ).threadId;
    await insertThread(ctx.db, b.id, "Fremder Thread", [{ receivedAt: "2025-03-01T09:00:00.000Z" }]);
  });

  it("lists conversations newest first with their newest message and counts", async () => {
    const res = await api(ctx.app, token).get(BASE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: threads.mixed,
        subject: "Heizungsablesung",
        sender_name: "Erika M.",
        content: "Antwort",
        received_at: "2025-02-03T09:00:00.000Z",
        unread: true,
        unread_count: 2,
        message_count: 3,
      },
      {
        id: threads.ownOnly,
        subject: "Frage zur Kaution",
        sender_name: "Erika Mustermann",
        content: "Meine Frage",
        received_at: "2025-01-20T09:00:00.000Z",
        unread: false,
        unread_count: 0,
        message_count: 1,
      },
      {
        id: threads.read,
        subject: "Treppenhausreinigung",
        sender_name: "Hausverwaltung",
        content: "Gelesen",
        received_at: "2025-01-10T09:00:00.000Z",
        unread: false,
        unread_count: 0,
        message_count: 1,
      },
    ]);
    const explicit = await api(ctx.app, token).get(`${BASE}?filter=all`);
    expect(explicit.json()).toEqual(res.json());
  });

  it("filter=unread keeps conversations with unread messages from the management", async () => {
    const res = await api(ctx.app, token).get(`${BASE}?filter=unread`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { id: string }) => t.id)).toEqual([threads.mixed]);
  });

  it("filter=received lists what the management wrote, by its newest message, never the tenant's own", async () => {
    const res = await api(ctx.app, token).get(`${BASE}?filter=received`);
    expect(res.statusCode).toBe(200);
    // The mixed thread is described by the management's newest message, not by the tenant's answer
    // after it; the tenant's own conversation without an answer is not there.
    expect(res.json()).toEqual([
      {
        id: threads.mixed,
        subject: "Heizungsablesung",
        sender_name: "Frau Kühn",
        content: "Zweite",
        received_at: "2025-02-02T09:00:00.000Z",
        unread: true,
        unread_count: 2,
        message_count: 3,
      },
      {
        id: threads.read,
        subject: "Treppenhausreinigung",
        sender_name: "Hausverwaltung",
        content: "Gelesen",
        received_at: "2025-01-10T09:00:00.000Z",
        unread: false,
        unread_count: 0,
        message_count: 1,
      },
    ]);
  });

  it("filter=received orders by the management's message, not by the tenant's later reply", async () => {
    const fresh = await createTenant(ctx.db);
    const freshToken = await login(ctx.app, fresh);
    const older = await insertThread(ctx.db, fresh.id, "Alt", [
      { receivedAt: "2025-03-01T09:00:00.000Z", content: "Alte Nachricht" },
      { direction: "outbound", receivedAt: "2025-03-20T09:00:00.000Z", content: "Späte Antwort" },
    ]);
    const newer = await insertThread(ctx.db, fresh.id, "Neu", [
      { receivedAt: "2025-03-10T09:00:00.000Z", content: "Neue Nachricht" },
    ]);
    await insertThread(ctx.db, fresh.id, "Kontaktformular", [
      { direction: "outbound", receivedAt: "2025-03-25T09:00:00.000Z", content: "Eigene Frage" },
    ]);
    const all = await api(ctx.app, freshToken).get(`${BASE}?filter=all&limit=2`);
    expect(all.json().map((t: { content: string }) => t.content)).toEqual(["Eigene Frage", "Späte Antwort"]);
    const first = await api(ctx.app, freshToken).get(`${BASE}?filter=received&limit=1`);
    expect(first.json().map((t: { id: string; content: string }) => [t.id, t.content])).toEqual([
      [newer.threadId, "Neue Nachricht"],
    ]);
    const cursor = first.headers["x-next-cursor"];
    expect(cursor).toEqual(expect.any(String));
    const second = await api(ctx.app, freshToken).get(`${BASE}?filter=received&limit=1&cursor=${cursor}`);
    expect(second.json().map((t: { id: string; content: string }) => [t.id, t.content])).toEqual([
      [older.threadId, "Alte Nachricht"],
    ]);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
    // Another list's cursor is refused.
    const allCursor = all.headers["x-next-cursor"];
    const mixed = await api(ctx.app, freshToken).get(`${BASE}?filter=received&cursor=${allCursor}`);
    expect(mixed.statusCode).toBe(400);
  });

  it("answers 400 in German for an unknown filter", async () => {
    for (const filter of ["gelesen", "ALL", ""]) {
      const res = await api(ctx.app, token).get(`${BASE}?filter=${filter}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: "validation_failed",
        fields: { filter: "Filter muss 'all', 'unread' oder 'received' sein." },
      });
    }
  });

  it("shows an empty list to a tenant without conversations", async () => {
    const fresh = await createTenant(ctx.db);
    const res = await api(ctx.app, await login(ctx.app, fresh)).get(BASE);
    expect(res.json()).toEqual([]);
  });

  it("answers 401 without token and with a bad token", async () => {
    expect((await api(ctx.app).get(BASE)).statusCode).toBe(401);
    expect((await api(ctx.app, "abc.def.ghi").get(BASE)).statusCode).toBe(401);
  });
});

describe("GET /tenant/messages/{id}", () => {
  it("returns the conversation with its messages oldest first", async () => {
    const { threadId, messageIds } = await insertThread(ctx.db, a.id, "Wasserschaden", [
      {
        receivedAt: "2025-04-02T10:00:00.000Z",
        direction: "outbound",
        senderName: "Anna Albers",
        content: "Nachfrage",
      },
      { receivedAt: "2025-04-01T10:00:00.000Z", senderName: "Hausmeister Lutz", content: "Wir kommen morgen." },
    ]);
    const res = await api(ctx.app, tokenA).get(`${BASE}/${threadId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: threadId,
      subject: "Wasserschaden",
      created_at: "2025-04-01T10:00:00.000Z",
      messages: [
        {
          id: messageIds[1],
          direction: "inbound",
          sender_name: "Hausmeister Lutz",
          content: "Wir kommen morgen.",
          received_at: "2025-04-01T10:00:00.000Z",
          read_at: null,
        },
        {
          id: messageIds[0],
          direction: "outbound",
          sender_name: "Anna Albers",
          content: "Nachfrage",
          received_at: "2025-04-02T10:00:00.000Z",
          read_at: null,
        },
      ],
    });
    // Reading the thread does not mark it read; that is PATCH …/read.
    expect((await messagesOfThread(threadId)).every((m) => m.read_at === null)).toBe(true);
  });

  it("answers 404 for an unknown id and for another tenant's conversation", async () => {
    const { threadId } = await insertThread(ctx.db, a.id, "Privat", [{ receivedAt: "2025-04-01T10:00:00.000Z" }]);
    const unknown = await api(ctx.app, tokenA).get(`${BASE}/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "not_found", message: "Nicht gefunden." });
    const foreign = await api(ctx.app, tokenB).get(`${BASE}/${threadId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("not_found");
  });

  it("answers 400 for an id that is no UUID", async () => {
    const res = await api(ctx.app, tokenA).get(`${BASE}/123`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "validation_failed", fields: { id: "Ungültige Kennung." } });
  });

  it("answers 401 without token", async () => {
    expect((await api(ctx.app).get(`${BASE}/${UNKNOWN_ID}`)).statusCode).toBe(401);
  });
});

describe("POST /tenant/messages", () => {
  it("starts a conversation with the tenant's first message (201) and lists it first", async () => {
    await insertThread(ctx.db, a.id, "Älter", [{ receivedAt: "2024-01-01T00:00:00.000Z" }]);
    const res = await api(ctx.app, tokenA).post(BASE, {
      subject: "  Frage zur Nebenkostenabrechnung ",
      content: "Hallo,\nwann kommt die Abrechnung?",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      subject: "Frage zur Nebenkostenabrechnung",
      created_at: expect.any(String),
      messages: [
        {
          id: expect.any(String),
          direction: "outbound",
          sender_name: "Anna Albers",
          content: "Hallo,\nwann kommt die Abrechnung?",
          received_at: body.created_at,
          read_at: null,
        },
      ],
    });
    expect(Math.abs(Date.parse(body.created_at) - Date.now())).toBeLessThan(10_000);

    const thread = await threadRow(body.id);
    expect(thread).toMatchObject({
      tenant_id: a.id,
      subject: "Frage zur Nebenkostenabrechnung",
      last_message_at: body.created_at,
    });
    const rows = await messagesOfThread(body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.messages[0].id,
      tenant_id: a.id,
      direction: "outbound",
      actor_kind: "tenant",
      staff_user_id: null,
      sender_name: "Anna Albers",
    });

    const list = await api(ctx.app, tokenA).get(BASE);
    expect(list.json()[0]).toMatchObject({ id: body.id, content: "Hallo,\nwann kommt die Abrechnung?", unread: false });
    const fetched = await api(ctx.app, tokenA).get(`${BASE}/${body.id}`);
    expect(fetched.json()).toEqual(body);
  });

  it.each([
    ["missing subject", { content: "Text" }, "subject", "Betreff ist erforderlich."],
    ["blank subject", { subject: "   ", content: "Text" }, "subject", "Betreff ist erforderlich."],
    ["blank content", { subject: "Betreff", content: " \n " }, "content", "Nachricht ist erforderlich."],
    ["content of wrong type", { subject: "Betreff", content: 42 }, "content", "Nachricht ist erforderlich."],
    [
      "oversized subject",
      { subject: "x".repeat(201), content: "Text" },
      "subject",
      "Betreff darf höchstens 200 Zeichen lang sein.",
    ],
    [
      "oversized content",
      { subject: "Betreff", content: "x".repeat(5001) },
      "content",
      "Nachricht darf höchstens 5000 Zeichen lang sein.",
    ],
  ])("answers 400 for %s and writes nothing", async (_case, payload, field, message) => {
    const before = await countRows("message_threads", b.id);
    const res = await api(ctx.app, tokenB).post(BASE, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "validation_failed", fields: { [field]: message } });
    expect(await countRows("message_threads", b.id)).toBe(before);
  });

  it("answers 400 for malformed JSON and for no body", async () => {
    const malformed = await api(ctx.app, tokenB).inject({
      method: "POST",
      url: BASE,
      payload: '{"subject": "x",',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("invalid_json");
    const none = await api(ctx.app, tokenB).post(BASE);
    expect(none.statusCode).toBe(400);
  });

  it("replays a repeated request with the same Idempotency-Key instead of writing twice", async () => {
    const payload = { subject: "Kontaktformular", content: "Bitte rufen Sie mich an." };
    const headers = { "idempotency-key": "contact-form-1" };
    const before = await countRows("message_threads", b.id);
    const first = await api(ctx.app, tokenB).post(BASE, payload, headers);
    const again = await api(ctx.app, tokenB).post(BASE, payload, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toBe(first.body);
    expect(await countRows("message_threads", b.id)).toBe(before + 1);
    const other = await api(ctx.app, tokenB).post(BASE, { ...payload, content: "Anderer Text" }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe("idempotency_mismatch");
    expect(await countRows("message_threads", b.id)).toBe(before + 1);
  });

  it("answers 401 without token and writes nothing", async () => {
    const before = await countRows("message_threads", a.id);
    const res = await api(ctx.app).post(BASE, { subject: "S", content: "C" });
    expect(res.statusCode).toBe(401);
    expect(await countRows("message_threads", a.id)).toBe(before);
  });
});

describe("POST /tenant/messages/{id}/replies", () => {
  it("adds the tenant's reply (201) and moves the conversation to the top", async () => {
    const { threadId } = await insertThread(ctx.db, a.id, "Alte Unterhaltung", [
      { receivedAt: "2020-05-05T10:00:00.000Z", content: "Bitte um Rückmeldung" },
    ]);
    await insertThread(ctx.db, a.id, "Neuere Unterhaltung", [{ receivedAt: "2025-06-01T10:00:00.000Z" }]);
    const res = await api(ctx.app, tokenA).post(`${BASE}/${threadId}/replies`, { content: "  Passt am Dienstag. " });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      direction: "outbound",
      sender_name: "Anna Albers",
      content: "Passt am Dienstag.",
      received_at: expect.any(String),
      read_at: null,
    });
    const thread = await threadRow(threadId);
    expect(thread.last_message_at).toBe(body.received_at);
    const rows = await messagesOfThread(threadId);
    expect(rows.map((m) => m.content)).toEqual(["Bitte um Rückmeldung", "Passt am Dienstag."]);
    expect(rows[1]).toMatchObject({ actor_kind: "tenant", tenant_id: a.id, direction: "outbound" });
    const list = await api(ctx.app, tokenA).get(BASE);
    expect(list.json()[0]).toMatchObject({ id: threadId, content: "Passt am Dienstag.", message_count: 2 });
  });

  it("answers 404 for an unknown thread and for another tenant's thread, which stays unchanged", async () => {
    const { threadId } = await insertThread(ctx.db, a.id, "Nur für A", [{ receivedAt: "2025-01-01T10:00:00.000Z" }]);
    const before = await threadRow(threadId);
    const foreign = await api(ctx.app, tokenB).post(`${BASE}/${threadId}/replies`, { content: "Eingeschleust" });
    expect(foreign.statusCode).toBe(404);
    expect(await messagesOfThread(threadId)).toHaveLength(1);
    expect(await threadRow(threadId)).toEqual(before);
    const unknown = await api(ctx.app, tokenA).post(`${BASE}/${UNKNOWN_ID}/replies`, { content: "Hallo" });
    expect(unknown.statusCode).toBe(404);
  });

  it("answers 400 for blank, missing or oversized content and for a bad id, writing nothing", async () => {
    const { threadId } = await insertThread(ctx.db, a.id, "Validierung", [{ receivedAt: "2025-01-01T10:00:00.000Z" }]);
    for (const payload of [{ content: "   " }, {}, { content: ["a"] }, { content: "y".repeat(5001) }]) {
      const res = await api(ctx.app, tokenA).post(`${BASE}/${threadId}/replies`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.content).toMatch(/^Nachricht /);
    }
    const badId = await api(ctx.app, tokenA).post(`${BASE}/not-a-uuid/replies`, { content: "Hallo" });
    expect(badId.statusCode).toBe(400);
    expect(await messagesOfThread(threadId)).toHaveLength(1);
  });

  it("answers 401 without token", async () => {
    expect((await api(ctx.app).post(`${BASE}/${UNKNOWN_ID}/replies`, { content: "x" })).statusCode).toBe(401);
  });
});

describe("PATCH /tenant/messages/{id}/read", () => {
  const unreadThread = async (tenantId: string) =>
    insertThread(ctx.db, tenantId, "Ungelesen", [
      { receivedAt: "2025-05-01T10:00:00.000Z", content: "Eins" },
      { receivedAt: "2025-05-02T10:00:00.000Z", content: "Zwei" },
      { receivedAt: "2025-05-03T10:00:00.000Z", direction: "outbound", content: "Eigene" },
    ]);

  it("marks every unread message from the management read, without a body", async () => {
    const { threadId } = await unreadThread(a.id);
    const { threadId: otherThread } = await unreadThread(a.id);
    const res = await api(ctx.app, tokenA).patch(`${BASE}/${threadId}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Nachricht als gelesen markiert." });
    const rows = await messagesOfThread(threadId);
    expect(rows.filter((m) => m.direction === "inbound").every((m) => m.read_at !== null)).toBe(true);
    // The tenant's own message is read by the management, not by this call.
    expect(rows.find((m) => m.direction === "outbound")?.read_at).toBeNull();
    expect((await messagesOfThread(otherThread)).every((m) => m.read_at === null)).toBe(true);
    const unread = await api(ctx.app, tokenA).get(`${BASE}?filter=unread`);
    expect(unread.json().map((t: { id: string }) => t.id)).not.toContain(threadId);
    expect(unread.json().map((t: { id: string }) => t.id)).toContain(otherThread);
  });

  it("keeps the first read time when called again, and accepts {} and an empty JSON body", async () => {
    const { threadId } = await unreadThread(a.id);
    expect((await api(ctx.app, tokenA).patch(`${BASE}/${threadId}/read`, {})).statusCode).toBe(200);
    const firstRead = (await messagesOfThread(threadId)).map((m) => m.read_at);
    const emptyJson = await api(ctx.app, tokenA).inject({
      method: "PATCH",
      url: `${BASE}/${threadId}/read`,
      payload: "",
      headers: { "content-type": "application/json" },
    });
    expect(emptyJson.statusCode).toBe(200);
    expect((await messagesOfThread(threadId)).map((m) => m.read_at)).toEqual(firstRead);
  });

  it("answers 400 for malformed JSON and for a bad id", async () => {
    const { threadId } = await unreadThread(a.id);
    const malformed = await api(ctx.app, tokenA).inject({
      method: "PATCH",
      url: `${BASE}/${threadId}/read`,
      payload: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("invalid_json");
    expect((await api(ctx.app, tokenA).patch(`${BASE}/xyz/read`)).statusCode).toBe(400);
    expect((await messagesOfThread(threadId)).every((m) => m.read_at === null)).toBe(true);
  });

  it("answers 404 for an unknown thread and for another tenant's thread, which stays unread", async () => {
    const { threadId } = await unreadThread(a.id);
    const foreign = await api(ctx.app, tokenB).patch(`${BASE}/${threadId}/read`);
    expect(foreign.statusCode).toBe(404);
    expect((await messagesOfThread(threadId)).every((m) => m.read_at === null)).toBe(true);
    expect((await api(ctx.app, tokenA).patch(`${BASE}/${UNKNOWN_ID}/read`)).statusCode).toBe(404);
  });

  it("answers 401 without token and leaves the thread unread", async () => {
    const { threadId } = await unreadThread(a.id);
    expect((await api(ctx.app).patch(`${BASE}/${threadId}/read`)).statusCode).toBe(401);
    expect((await messagesOfThread(threadId)).every((m) => m.read_at === null)).toBe(true);
  });
});

describe("Idempotency-Key on reads and on the nested …/read route", () => {
  const storedKeys = (key: string) =>
    ctx.db.selectFrom("idempotency_keys").select(["key", "state"]).where("key", "=", key).execute();

  it("is ignored on GET: nothing stored, nothing replayed", async () => {
    const headers = { "idempotency-key": "get-is-not-a-change" };
    const first = await api(ctx.app, tokenA).get(BASE, headers);
    await insertThread(ctx.db, a.id, "Neu seit dem ersten Abruf", [{ receivedAt: "2026-01-01T09:00:00.000Z" }]);
    const again = await api(ctx.app, tokenA).get(BASE, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.json().length).toBe(first.json().length + 1);
    expect(await storedKeys("get-is-not-a-change")).toEqual([]);
  });

  it("replays PATCH …/read with the same key", async () => {
    const { threadId } = await insertThread(ctx.db, a.id, "Offline gelesen", [
      { receivedAt: "2025-07-01T10:00:00.000Z", content: "Bitte lesen" },
    ]);
    const headers = { "idempotency-key": "read-offline-7" };
    const first = await api(ctx.app, tokenA).patch(`${BASE}/${threadId}/read`, undefined, headers);
    const again = await api(ctx.app, tokenA).patch(`${BASE}/${threadId}/read`, undefined, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toBe(first.body);
    expect(await storedKeys("read-offline-7")).toEqual([{ key: "read-offline-7", state: "done" }]);
  });
});
