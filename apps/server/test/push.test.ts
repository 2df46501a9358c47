import { createHash } from "node:crypto";
import { addDays, pushDeliveryOverview, pushPayload } from "@mieter-portal/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { publishDocument } from "../src/domain/documents/document-publications.js";
import { createNotice } from "../src/domain/notices/notices.js";
import { claimDuePushes, PUSH_CLAIM_MS } from "../src/domain/push/deliveries.js";
import { CLAIM_BATCH, IN_FLIGHT, pushPayloadOf } from "../src/jobs/push-delivery.js";
import { berlinToday } from "../src/lib/time.js";
import { createPushSender, PUSH_SEND_TIMEOUT_MS } from "../src/lib/web-push-sender.js";
import { fixture } from "./factories/documents.js";
import { insertThread } from "./factories/messages.js";
import { repairPayload } from "./factories/repairs.js";
import { dailyPlan } from "./factories/services.js";
import { BUILDING_A } from "./factories/staff.js";
import {
  api,
  createStaffMember,
  createTenant,
  createTestContext,
  login,
  staffLogin,
  type TenantFixture,
  type TestContext,
} from "./helpers.js";
import { type PushReceiver, startPushReceiver, type TestDevice } from "./push-receiver.js";

/**
 * Issue 29 "Done when": real Web Push requests to a local push service (test/push-receiver.ts) that
 * decrypts them with the subscription's own private key; SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
describe("Web Push", () => {
  let ctx: TestContext;
  let receiver: PushReceiver;
  let tenant: TenantFixture;
  let token: string;
  let staffToken: string;
  let staffId: string;
  let buildingId: string;
  const PUBLIC_URL = "https://mieter.example";

  beforeAll(async () => {
    receiver = await startPushReceiver();
    ctx = await createTestContext(
      // The test's push service runs on 127.0.0.1; in production only the browsers' services are taken.
      { PUBLIC_URL, VAPID_SUBJECT: "mailto:technik@gruenfeld.example", PUSH_SERVICE_HOSTS: "127.0.0.1" },
      { pushAgent: receiver.agent },
    );
    tenant = await createTenant(ctx.db, { address: BUILDING_A });
    token = await login(ctx.app, tenant);
    const staff = await createStaffMember(ctx.db, "verwalter", [BUILDING_A]);
    staffToken = await staffLogin(ctx.app, staff);
    staffId = staff.id;
    buildingId = (
      await ctx.db.selectFrom("buildings").select("id").where("address", "=", BUILDING_A).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const tenantApi = () => api(ctx.app, token);
  const subscribe = async (device: TestDevice, bearer = token, realm = "tenant") =>
    api(ctx.app, bearer).inject({
      method: "PUT",
      url: `/api/v1/${realm}/push/subscription`,
      payload: device.subscription,
    });
  const deliveries = (state?: string) => {
    let query = ctx.db.selectFrom("push_deliveries").selectAll();
    if (state) query = query.where("state", "=", state as "pending");
    return query.execute();
  };
  const clearReceived = () => receiver.received.splice(0);
  /** Moves the clock forward (Date only; timers keep running) for retries and claims. */
  const later = (ms: number) => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ms, shouldAdvanceTime: true, advanceTimeDelta: 1 });
  };
  const staffReply = async (content: string) => {
    const { threadId } = await insertThread(ctx.db, tenant.id, "Heizung im Bad kalt", [
      { direction: "outbound", receivedAt: new Date().toISOString(), content: "Die Heizung ist kalt." },
    ]);
    const res = await api(ctx.app, staffToken).post(`/api/v1/staff/threads/${threadId}/replies`, { content });
    expect(res.statusCode).toBe(200);
    return threadId;
  };

  it("hands out the VAPID key and registers this device once, renewing it at each start", async () => {
    const key = await tenantApi().get("/api/v1/tenant/push/key");
    expect(key.statusCode).toBe(200);
    expect(key.json()).toEqual({ public_key: ctx.config.push.publicKey });

    const phone = receiver.device("phone-a");
    const first = await subscribe(phone);
    expect(first.statusCode).toBe(200);
    const again = await api(ctx.app, token).inject({
      method: "PUT",
      url: "/api/v1/tenant/push/subscription",
      payload: phone.subscription,
      headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Safari/604.1" },
    });
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().label).toBe("iPhone");
    const list = await tenantApi().get("/api/v1/tenant/push/devices");
    expect(list.json().devices).toHaveLength(1);
  });

  it("pushes a staff answer to the tenant's device: decrypted payload, TTL, urgency, topic, VAPID", async () => {
    clearReceived();
    const threadId = await staffReply("Der Hausmeister kommt morgen um 9 Uhr.");
    const events = await ctx.db.selectFrom("push_events").selectAll().execute();
    const event = events.find((e) => e.kind === "message_reply")!;
    await ctx.app.notifications.runOnce();

    expect(receiver.received).toHaveLength(1);
    const push = receiver.received[0]!;
    expect(push.device).toBe("phone-a");
    expect(push.contentEncoding).toBe("aes128gcm");
    expect(push.ttl).toBe(String(7 * 24 * 3600));
    expect(push.urgency).toBe("normal");
    const topic = createHash("sha256").update(event.id).digest("base64url").slice(0, 32);
    expect(push.topic).toBe(topic);
    expect(push.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(push.vapid).toMatchObject({
      aud: new URL(receiver.device("probe").endpoint).origin,
      sub: "mailto:technik@gruenfeld.example",
      key: ctx.config.push.publicKey,
    });
    expect(push.vapid.exp * 1000).toBeGreaterThan(Date.now());
    expect(pushPayload.parse(push.payload)).toEqual({
      web_push: 8030,
      mutable: true,
      notification: {
        title: "Neue Antwort der Verwaltung",
        body: "Lindenstraße 5",
        navigate: `${PUBLIC_URL}/messages/${threadId}`,
        lang: "de-DE",
        dir: "ltr",
        tag: event.id,
        silent: false,
        data: { kind: "message_reply", building: "Lindenstraße 5", path: `/messages/${threadId}`, event_id: event.id },
      },
    });
    // Nothing personal on the lock screen: no name, no subject, no text of the answer.
    const text = JSON.stringify(push.payload);
    for (const secret of [tenant.firstName, tenant.lastName, "Heizung", "Hausmeister", "9 Uhr"]) {
      expect(text).not.toContain(secret);
    }
    expect((await deliveries("sent")).length).toBe(1);
    // Sent once: another round sends nothing.
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toHaveLength(1);
  });

  it("pushes an outage with urgency high for a day, and a new document (when chosen) low for four weeks", async () => {
    clearReceived();
    const actor = { staffId: null, name: "Test", ip: null };
    const mail = { company: "Grünfeld Hausverwaltung", publicUrl: PUBLIC_URL };
    await createNotice(
      ctx.db,
      {
        buildingId,
        title: "Aufzug",
        text: "Der Aufzug steht still.",
        kind: "emergency",
        emergencyType: "lift_out_of_order",
        outageFrom: new Date().toISOString(),
        outageUntil: new Date(Date.now() + 4 * 3600_000).toISOString(),
      },
      actor,
      mail,
    );
    // Documents go by push only when the tenant chose so.
    const prefs = await tenantApi().inject({
      method: "PUT",
      url: "/api/v1/tenant/push/preferences",
      payload: { events: { document: { push: true } } },
    });
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json().events.document).toEqual({ email: true, push: true });
    expect(prefs.json().events.notice).toEqual({ email: true, push: true });
    await publishDocument(
      ctx.db,
      ctx.app.files,
      {
        audience: "building",
        buildingId,
        title: "Hausordnung 2027",
        type: "house_rules",
        bytes: fixture("sample.pdf"),
      },
      actor,
    );
    await ctx.app.notifications.runOnce();
    const byKind = Object.fromEntries(
      receiver.received.map((p) => [pushPayload.parse(p.payload).notification.data.kind, p]),
    );
    expect(byKind.notice).toMatchObject({ ttl: String(24 * 3600), urgency: "high" });
    expect(pushPayload.parse(byKind.notice!.payload).notification).toMatchObject({
      title: "Störung: Aufzug außer Betrieb",
      body: "Lindenstraße 5",
      navigate: `${PUBLIC_URL}/`,
    });
    expect(byKind.document).toMatchObject({ ttl: String(28 * 24 * 3600), urgency: "low" });
    expect(pushPayload.parse(byKind.document!.payload).notification).toMatchObject({
      title: "Neues Dokument im Mieter-Portal",
      navigate: `${PUBLIC_URL}/documents`,
    });
    expect(receiver.received).toHaveLength(2);
  });

  it("respects the tenant's choice per event: no push, and no mail, when turned off", async () => {
    clearReceived();
    const put = await tenantApi().inject({
      method: "PUT",
      url: "/api/v1/tenant/push/preferences",
      payload: { events: { message_reply: { push: false, email: false } } },
    });
    expect(put.json().events.message_reply).toEqual({ email: false, push: false });
    const before = await ctx.db
      .selectFrom("notification_outbox")
      .select("id")
      .where("recipient_id", "=", tenant.id)
      .execute();
    await staffReply("Noch eine Antwort.");
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toHaveLength(0);
    const after = await ctx.db
      .selectFrom("notification_outbox")
      .select("id")
      .where("recipient_id", "=", tenant.id)
      .execute();
    expect(after.length).toBe(before.length);
    await tenantApi().inject({
      method: "PUT",
      url: "/api/v1/tenant/push/preferences",
      payload: { events: { message_reply: { push: true, email: true } } },
    });
  });

  it("retries a push the service refused with 500 after a pause, and sends it once", async () => {
    clearReceived();
    receiver.answer(receiver.device("phone-a"), [500]);
    await staffReply("Antwort bei gestörtem Push-Dienst.");
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toHaveLength(0);
    const [waiting] = await deliveries("pending");
    expect(waiting).toMatchObject({ attempts: 1, last_status: 500, claimed_until: null });
    expect(Date.parse(waiting!.next_attempt_at)).toBeGreaterThan(Date.now());
    // Not due yet: nothing goes out.
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toHaveLength(0);
    later(31_000);
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(
      (await ctx.db.selectFrom("push_deliveries").selectAll().where("id", "=", waiting!.id).executeTakeFirstOrThrow())
        .state,
    ).toBe("sent");
    later(3600_000);
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toHaveLength(1);
  });

  it("neither loses nor doubles a push whose process died between claim and send", async () => {
    clearReceived();
    await staffReply("Antwort während eines Absturzes.");
    // The crashed process: it claimed the row and never sent it.
    const [claimed] = await claimDuePushes(ctx.db, 10);
    expect(claimed).toBeDefined();
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toHaveLength(0);
    later(PUSH_CLAIM_MS + 1000);
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toHaveLength(1);
    later(PUSH_CLAIM_MS + 1000);
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toHaveLength(1);
  });

  it("a process that died after the push service took the push but before marking it: one repeat, same Topic, shown once", async () => {
    clearReceived();
    await staffReply("Antwort, deren Versand nicht vermerkt wurde.");
    const [claimed] = await claimDuePushes(ctx.db, 10);
    // The crashed process sent it (the push service answered 201) and died before markPushSent.
    const sender = createPushSender({ ...ctx.config.push, agent: receiver.agent });
    const result = await sender.send({
      endpoint: claimed!.subscription!.endpoint,
      keys: { p256dh: claimed!.subscription!.p256dh, auth: claimed!.subscription!.auth },
      payload: JSON.stringify(pushPayloadOf(claimed!, PUBLIC_URL)),
      ttlSeconds: claimed!.ttlSeconds,
      urgency: claimed!.urgency,
      topic: claimed!.topic,
    });
    expect(result.outcome).toBe("sent");
    later(PUSH_CLAIM_MS + 1000);
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.topic).toBe(receiver.received[1]!.topic);
    expect(receiver.received[0]!.payload).toEqual(receiver.received[1]!.payload);
    expect(receiver.shownOn(receiver.device("phone-a"))).toHaveLength(1);
  });

  it("removes the device when the push service answers 410", async () => {
    clearReceived();
    const old = receiver.device("old-phone");
    const res = await subscribe(old);
    receiver.answer(old, [410]);
    await staffReply("Antwort an ein abgemeldetes Gerät.");
    await ctx.app.notifications.runOnce();
    const names = receiver.received.map((p) => p.device);
    expect(names).toEqual(["phone-a"]);
    const list = (await tenantApi().get("/api/v1/tenant/push/devices")).json().devices as { id: string }[];
    expect(list.map((d) => d.id)).not.toContain(res.json().id);
    const gone = await ctx.db
      .selectFrom("push_deliveries")
      .selectAll()
      .where("subscription_id", "=", res.json().id)
      .execute();
    expect(gone.map((d) => [d.state, d.last_status])).toEqual([["gone", 410]]);
  });

  it.each([
    ["an http endpoint", { endpoint: "http://127.0.0.1:9/push/x" }, "endpoint", "muss eine https-Adresse sein"],
    ["no endpoint", { endpoint: undefined }, "endpoint", "Push-Adresse"],
    ["an oversized p256dh", { keys: { p256dh: "B".repeat(200), auth: "A".repeat(22) } }, "keys.p256dh", "65 Byte"],
    ["an oversized auth", { keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(300) } }, "keys.auth", "16 Byte"],
    [
      "keys that are not base64url",
      { keys: { p256dh: `B${"+".repeat(86)}`, auth: "A".repeat(22) } },
      "keys.p256dh",
      "base64url",
    ],
    ["no keys", { keys: undefined }, "keys", "Schlüssel"],
    [
      "an endpoint of no push service (a crafted subscription must not make the server post anywhere)",
      { endpoint: "https://10.0.0.5:8443/intern" },
      "endpoint",
      "gehört zu keinem bekannten Push-Dienst",
    ],
  ])("refuses %s in German and stores nothing", async (_name, change, field, message) => {
    const device = receiver.device();
    const before = await ctx.db.selectFrom("push_subscriptions").select("id").execute();
    const res = await tenantApi().inject({
      method: "PUT",
      url: "/api/v1/tenant/push/subscription",
      payload: { ...device.subscription, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validation_failed");
    expect(res.json().fields[field]).toContain(message);
    expect(await ctx.db.selectFrom("push_subscriptions").select("id").execute()).toHaveLength(before.length);
  });

  it("never lets a tenant remove another tenant's device", async () => {
    const other = await createTenant(ctx.db, { address: BUILDING_A });
    const otherToken = await login(ctx.app, other);
    const device = receiver.device("phone-b");
    const theirs = (await subscribe(device, otherToken)).json().id as string;
    const refused = await tenantApi().inject({ method: "DELETE", url: `/api/v1/tenant/push/devices/${theirs}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toContain("nicht (mehr) für Push angemeldet");
    expect((await api(ctx.app, otherToken).get("/api/v1/tenant/push/devices")).json().devices).toHaveLength(1);
    expect(
      (await tenantApi().get("/api/v1/tenant/push/devices")).json().devices.map((d: { id: string }) => d.id),
    ).not.toContain(theirs);
    const removed = await api(ctx.app, otherToken).inject({
      method: "DELETE",
      url: `/api/v1/tenant/push/devices/${theirs}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await api(ctx.app, otherToken).get("/api/v1/tenant/push/devices")).json().devices).toHaveLength(0);
  });

  it("gives staff their own devices and push choices", async () => {
    const desk = receiver.device("staff-desk");
    const res = await subscribe(desk, staffToken, "staff");
    expect(res.statusCode).toBe(200);
    const list = await api(ctx.app, staffToken).get("/api/v1/staff/push/devices");
    expect(list.json().devices.map((d: { id: string }) => d.id)).toEqual([res.json().id]);
    // A staff device is not a tenant's: the tenant cannot see or remove it.
    const refused = await tenantApi().inject({ method: "DELETE", url: `/api/v1/tenant/push/devices/${res.json().id}` });
    expect(refused.statusCode).toBe(404);
    const prefs = await api(ctx.app, staffToken).get("/api/v1/staff/push/preferences");
    expect(prefs.json()).toEqual({
      events: { emergency_repair: true, service_missing: true, assigned_to_me: true, overdue: false },
    });
    const put = await api(ctx.app, staffToken).inject({
      method: "PUT",
      url: "/api/v1/staff/push/preferences",
      payload: { events: { overdue: true } },
    });
    expect(put.json().events.overdue).toBe(true);
    expect((await api(ctx.app, staffToken).get("/api/v1/staff/push/key")).json().public_key).toBe(
      ctx.config.push.publicKey,
    );
  });

  it("pushes a tenant's new emergency repair to the staff of the building who chose it", async () => {
    clearReceived();
    const res = await tenantApi().post("/api/v1/tenant/repairs", repairPayload({ urgency: "emergency" }));
    expect(res.statusCode).toBe(201);
    // A repair that is not an emergency waits for the digest.
    await tenantApi().post("/api/v1/tenant/repairs", repairPayload({ urgency: "low" }));
    await ctx.app.notifications.runOnce();
    const toDesk = receiver.received.filter((p) => p.device === "staff-desk");
    expect(toDesk).toHaveLength(1);
    expect(toDesk[0]).toMatchObject({ urgency: "high", ttl: String(24 * 3600) });
    expect(pushPayload.parse(toDesk[0]!.payload).notification).toMatchObject({
      title: "Neue Notfall-Reparatur",
      body: "Lindenstraße 5",
      navigate: `${PUBLIC_URL}/verwaltung/reparaturen/${res.json().id}`,
    });
  });

  it("shows Administrators the deliveries by state, the devices and the pushes that keep failing", async () => {
    const flaky = receiver.device("flaky-phone");
    await subscribe(flaky);
    receiver.answer(flaky, [503]);
    await staffReply("Antwort an ein Gerät mit gestörtem Dienst.");
    await ctx.app.notifications.runOnce();
    const admin = await createStaffMember(ctx.db, "administrator");
    const adminToken = await staffLogin(ctx.app, admin);
    const res = await api(ctx.app, adminToken).get("/api/v1/staff/push/deliveries");
    expect(res.statusCode).toBe(200);
    const view = pushDeliveryOverview.parse(res.json());
    expect(view.counts.sent).toBeGreaterThanOrEqual(6);
    expect(view.counts.gone).toBe(1);
    expect(view.devices).toEqual({ tenant: 2, staff: 1 });
    expect(view.problems).toEqual([
      expect.objectContaining({ kind: "message_reply", state: "pending", attempts: 1, last_status: 503 }),
    ]);
    expect(JSON.stringify(view)).not.toContain(flaky.endpoint);
    const refused = await api(ctx.app, staffToken).get("/api/v1/staff/push/deliveries");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Die Zustellung der Push-Nachrichten sehen nur Administratoren.");
  });

  it("pushes a meter-reading request to those who chose it (urgency low, a week)", async () => {
    clearReceived();
    const chosen = await tenantApi().inject({
      method: "PUT",
      url: "/api/v1/tenant/push/preferences",
      payload: { events: { meter_reading: { push: true } } },
    });
    expect(chosen.json().events.meter_reading).toEqual({ email: true, push: true });
    const today = berlinToday();
    const started = await api(ctx.app, staffToken).post("/api/v1/staff/meter-campaigns", {
      building_id: buildingId,
      meter: "water",
      starts_on: addDays(today, -1),
      ends_on: addDays(today, 6),
    });
    expect(started.statusCode).toBe(201);
    await ctx.app.notifications.runOnce();
    const toPhone = receiver.received.filter((p) => p.device === "phone-a");
    expect(toPhone).toHaveLength(1);
    expect(toPhone[0]).toMatchObject({ urgency: "low", ttl: String(7 * 24 * 3600) });
    expect(pushPayload.parse(toPhone[0]!.payload).notification).toMatchObject({
      title: "Bitte Zählerstand ablesen",
      body: "Lindenstraße 5",
      navigate: `${PUBLIC_URL}/meter-readings`,
    });
    // The other tenant of the house kept the default (no push for meter readings).
    expect(receiver.received.filter((p) => p.device === "phone-b")).toHaveLength(0);
  });

  it("pushes an item a colleague assigned to a staff member, not one they took themselves", async () => {
    clearReceived();
    const reported = await tenantApi().post("/api/v1/tenant/repairs", repairPayload({ urgency: "medium" }));
    const repairId = reported.json().id as string;
    const mine = await api(ctx.app, staffToken).post(`/api/v1/staff/inbox/repair/${repairId}/assign`, {
      assignee_id: staffId,
    });
    expect(mine.statusCode).toBeLessThan(300);
    await ctx.app.notifications.runOnce();
    expect(receiver.received.filter((p) => p.device === "staff-desk")).toHaveLength(0);
    const admin = await createStaffMember(ctx.db, "administrator");
    const adminToken = await staffLogin(ctx.app, admin);
    await api(ctx.app, adminToken).post(`/api/v1/staff/inbox/repair/${repairId}/assign`, { assignee_id: null });
    const assigned = await api(ctx.app, adminToken).post(`/api/v1/staff/inbox/repair/${repairId}/assign`, {
      assignee_id: staffId,
    });
    expect(assigned.statusCode).toBeLessThan(300);
    await ctx.app.notifications.runOnce();
    const toDesk = receiver.received.filter((p) => p.device === "staff-desk");
    expect(toDesk).toHaveLength(1);
    expect(toDesk[0]).toMatchObject({ urgency: "normal", ttl: String(3 * 24 * 3600) });
    expect(pushPayload.parse(toDesk[0]!.payload).notification).toMatchObject({
      title: "Ihnen wurde ein Eintrag zugewiesen",
      body: "Lindenstraße 5",
      navigate: `${PUBLIC_URL}/verwaltung/eingang`,
    });
  });

  it("pushes a tenant's 'Leistung fehlt' to the house's Verwalter when the plan names nobody responsible", async () => {
    clearReceived();
    expect((await subscribe(receiver.device("staff-tablet"), staffToken, "staff")).statusCode).toBe(200);
    const kind = await ctx.db
      .selectFrom("service_kinds")
      .select("id")
      .where("key", "=", "treppenhausreinigung")
      .executeTakeFirstOrThrow();
    const today = berlinToday();
    await dailyPlan(ctx.db, buildingId, "treppenhausreinigung", { startsInDays: -10 });
    const res = await tenantApi().post(
      "/api/v1/tenant/services/reports",
      { service_kind_id: kind.id, date: addDays(today, -1), text: "Treppenhaus nicht gewischt.", photos: [] },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.notifications.runOnce();
    const toTablet = receiver.received.filter((p) => p.device === "staff-tablet");
    expect(toTablet).toHaveLength(1);
    expect(toTablet[0]).toMatchObject({ urgency: "normal", ttl: String(24 * 3600) });
    expect(pushPayload.parse(toTablet[0]!.payload).notification).toMatchObject({
      title: "Leistung fehlt gemeldet",
      body: "Lindenstraße 5",
      navigate: `${PUBLIC_URL}/verwaltung/nachrichten/${res.json().thread_id}`,
    });
  });

  it("pushes a finished Einsatz of a plan tenants see to those who chose house services (off by default)", async () => {
    clearReceived();
    const chose = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Ayşe", lastName: "Yılmaz" });
    const didNot = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Łukasz", lastName: "Nowak" });
    for (const [who, device] of [
      [chose, "tenant-ayse"],
      [didNot, "tenant-lukasz"],
    ] as const) {
      const bearer = await login(ctx.app, who);
      expect((await subscribe(receiver.device(device), bearer)).statusCode).toBe(200);
      if (who === chose) {
        const put = await api(ctx.app, bearer).inject({
          method: "PUT",
          url: "/api/v1/tenant/push/preferences",
          payload: { events: { house_service: { push: true } } },
        });
        expect(put.json().events.house_service).toEqual({ email: true, push: true });
      }
    }
    const today = berlinToday();
    const planId = await dailyPlan(ctx.db, buildingId, "muelltonnen", { window: { start: "00:00", end: "23:59" } });
    const visit = await ctx.db
      .selectFrom("service_visits")
      .select("id")
      .where("plan_id", "=", planId)
      .where("planned_on", "=", today)
      .executeTakeFirstOrThrow();
    const recordId = crypto.randomUUID();
    const crew = api(ctx.app, staffToken);
    const started = await crew.post("/api/v1/staff/service-records", {
      id: recordId,
      visit_id: visit.id,
      started_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(started.statusCode, started.body).toBe(201);
    const finished = await crew.post(`/api/v1/staff/service-records/${recordId}/finish`, {
      finished_at: new Date().toISOString(),
      checklist: [],
      materials: [],
      remark: "",
    });
    expect(finished.statusCode, finished.body).toBe(200);
    await ctx.app.notifications.runOnce();
    expect(receiver.received.filter((p) => p.device === "tenant-lukasz")).toHaveLength(0);
    const toAyse = receiver.received.filter((p) => p.device === "tenant-ayse");
    expect(toAyse).toHaveLength(1);
    expect(pushPayload.parse(toAyse[0]!.payload).notification).toMatchObject({
      title: "Erledigt: Mülltonnen bereitstellen",
      body: "Lindenstraße 5",
      navigate: `${PUBLIC_URL}/services`,
    });
  });

  it("sends a deactivated responsible person nothing: their devices go, the house's Verwalter gets 'Leistung fehlt'", async () => {
    clearReceived();
    const former = await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]);
    const formerToken = await staffLogin(ctx.app, former);
    expect((await subscribe(receiver.device("former-phone"), formerToken, "staff")).statusCode).toBe(200);
    expect((await subscribe(receiver.device("verwalter-laptop"), staffToken, "staff")).statusCode).toBe(200);
    const kind = await ctx.db
      .selectFrom("service_kinds")
      .select("id")
      .where("key", "=", "spielplatz_pruefen")
      .executeTakeFirstOrThrow();
    const today = berlinToday();
    await dailyPlan(ctx.db, buildingId, "spielplatz_pruefen", { startsInDays: -10, responsibleStaffId: former.id });
    const admin = await staffLogin(ctx.app, await createStaffMember(ctx.db, "administrator"));
    const off = await api(ctx.app, admin).patch(`/api/v1/staff/users/${former.id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      await ctx.db.selectFrom("push_subscriptions").select("id").where("owner_id", "=", former.id).execute(),
    ).toEqual([]);
    const res = await tenantApi().post(
      "/api/v1/tenant/services/reports",
      { service_kind_id: kind.id, date: addDays(today, -1), text: "Spielplatz nicht geprüft.", photos: [] },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.notifications.runOnce();
    expect(receiver.received.filter((p) => p.device === "former-phone")).toHaveLength(0);
    expect(receiver.received.filter((p) => p.device === "verwalter-laptop")).toHaveLength(1);
  });

  it("keeps at most ten devices a person: an eleventh replaces the one seen longest ago", async () => {
    const owner = await createTenant(ctx.db, { address: BUILDING_A, firstName: "Zehn", lastName: "Geräte" });
    const bearer = await login(ctx.app, owner);
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      // Each one seen a second later than the one before.
      later(1000);
      const res = await subscribe(receiver.device(`many-${i}`), bearer);
      expect(res.statusCode).toBe(200);
      ids.push(res.json().id);
    }
    const list = (await api(ctx.app, bearer).get("/api/v1/tenant/push/devices")).json().devices as { id: string }[];
    expect(list).toHaveLength(10);
    expect(list.map((d) => d.id)).not.toContain(ids[0]);
    expect(list.map((d) => d.id)).toContain(ids[10]);
  });

  it("claims no more pushes a round than its waves of requests can send within the claim", () => {
    // Otherwise a slow push service lets the claim run out mid-batch and a second worker sends again.
    expect(Math.ceil(CLAIM_BATCH / IN_FLIGHT) * PUSH_SEND_TIMEOUT_MS).toBeLessThan(PUSH_CLAIM_MS);
  });
});
