import { pushPayload } from "@mieter-portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/connection.js";
import { claimOverduePush, putInboxItem } from "../src/domain/inbox/inbox.js";
import { OVERDUE_PUSH_WINDOW_MS, pushNewlyOverdue } from "../src/domain/inbox/overdue-pushes.js";
import { BUILDING_A, BUILDING_B } from "./factories/staff.js";
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
import { backendPid, waitUntilWaitingOnLock } from "./pg-locks.js";
import { type PushReceiver, startPushReceiver, type TestDevice } from "./push-receiver.js";

/**
 * Issue 29, staff: "Überfällige Einträge" by push. An Eingang item that passes its due time reaches
 * the devices of those who chose the event (off by default) and may see the item — its assignee, or
 * else the staff of its building — once per due time, through the real delivery to a local push
 * service that decrypts it. SQLite, and PostgreSQL with TEST_DATABASE_URL (there also with two
 * processes at once).
 */
const HOUR = 3_600_000;
const PUBLIC_URL = "https://mieter.example";

describe("overdue items by push", () => {
  let ctx: TestContext;
  let receiver: PushReceiver;
  /** Chose overdue pushes: a Verwalter and a Hausmeister of building A, a Verwalter of B. Default: another of A. */
  const people: Record<
    "chose" | "hausmeister" | "otherHouse" | "default",
    { staff: StaffFixture; device: TestDevice }
  > = {} as never;

  beforeAll(async () => {
    receiver = await startPushReceiver();
    ctx = await createTestContext(
      { PUBLIC_URL, VAPID_SUBJECT: "mailto:technik@gruenfeld.example", PUSH_SERVICE_HOSTS: "127.0.0.1" },
      { pushAgent: receiver.agent },
    );
    const staffOf = {
      chose: await createStaffMember(ctx.db, "verwalter", [BUILDING_A]),
      hausmeister: await createStaffMember(ctx.db, "hausmeister", [BUILDING_A]),
      otherHouse: await createStaffMember(ctx.db, "verwalter", [BUILDING_B]),
      default: await createStaffMember(ctx.db, "verwalter", [BUILDING_A]),
    };
    for (const [name, staff] of Object.entries(staffOf) as [keyof typeof people, StaffFixture][]) {
      const token = await staffLogin(ctx.app, staff);
      const device = receiver.device(name);
      const put = await api(ctx.app, token).inject({
        method: "PUT",
        url: "/api/v1/staff/push/subscription",
        payload: device.subscription,
      });
      expect(put.statusCode).toBe(200);
      if (name !== "default") {
        const prefs = await api(ctx.app, token).inject({
          method: "PUT",
          url: "/api/v1/staff/push/preferences",
          payload: { events: { overdue: true } },
        });
        expect(prefs.statusCode).toBe(200);
      }
      people[name] = { staff, device };
    }
  });
  afterAll(async () => {
    await ctx?.close();
    await receiver?.close();
  });

  /** A tenant of building A asks something: an Eingang message item due 24 hours later. */
  async function waitingMessage(): Promise<{ id: string; dueAt: string }> {
    const tenant = await createTenant(ctx.db, { address: BUILDING_A });
    const res = await api(ctx.app, await login(ctx.app, tenant)).post("/api/v1/tenant/messages", {
      subject: "Heizung",
      content: "Die Heizung im Bad bleibt kalt.",
    });
    expect(res.statusCode).toBe(201);
    const item = await ctx.db
      .selectFrom("inbox_items")
      .select("due_at")
      .where("kind", "=", "message")
      .where("item_id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    return { id: res.json().id, dueAt: item.due_at };
  }
  /** The overdue pushes received (an assignment brings its own "Ihnen wurde ein Eintrag zugewiesen"). */
  const overdue = () =>
    receiver.received.filter((p) => pushPayload.parse(p.payload).notification.title.startsWith("Überfällig"));
  const shown = (who: keyof typeof people) => overdue().filter((p) => p.device === people[who].device.name);
  const shifted = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

  it("pushes an item that became overdue once, to those who chose it and may see it", async () => {
    receiver.received.splice(0);
    const message = await waitingMessage();
    // Not yet due: nothing.
    expect(await pushNewlyOverdue(ctx.db, shifted(message.dueAt, -HOUR))).toBe(0);
    const at = shifted(message.dueAt, 5 * 60_000);
    expect(await pushNewlyOverdue(ctx.db, at)).toBe(1);
    // A second round, or another process, finds nothing left to push.
    expect(await pushNewlyOverdue(ctx.db, at)).toBe(0);
    await ctx.app.notifications.runOnce();
    expect(shown("chose")).toHaveLength(1);
    expect(shown("chose")[0]).toMatchObject({ urgency: "low", ttl: String(24 * 3600) });
    expect(pushPayload.parse(shown("chose")[0]!.payload).notification).toMatchObject({
      title: "Überfällig: Nachricht",
      body: "Lindenstraße 5",
      navigate: `${PUBLIC_URL}/verwaltung/nachrichten/${message.id}`,
    });
    // A Hausmeister does not see tenants' messages; B's Verwalter not building A; the default is off.
    expect(shown("hausmeister")).toEqual([]);
    expect(shown("otherHouse")).toEqual([]);
    expect(shown("default")).toEqual([]);
  });

  it("an assigned item goes to its assignee only; a new due time may become overdue again", async () => {
    receiver.received.splice(0);
    const message = await waitingMessage();
    const admin = api(ctx.app, await staffLogin(ctx.app, await createStaffMember(ctx.db, "administrator")));
    const assign = (to: StaffFixture) =>
      admin.post(`/api/v1/staff/inbox/message/${message.id}/assign`, { assignee_id: to.id });
    expect((await assign(people.default.staff)).statusCode).toBe(200);
    // The assignee did not choose overdue pushes: nobody gets one (not the building's others).
    expect(await pushNewlyOverdue(ctx.db, shifted(message.dueAt, 60_000))).toBe(1);
    await ctx.app.notifications.runOnce();
    expect(overdue()).toEqual([]);

    // Assigned to one who chose it; the item's due time moves (as a new question of the tenant moves
    // it, through the inbox's writer) and passes again.
    expect((await assign(people.chose.staff)).statusCode).toBe(200);
    const item = await ctx.db
      .selectFrom("inbox_items")
      .selectAll()
      .where("kind", "=", "message")
      .where("item_id", "=", message.id)
      .executeTakeFirstOrThrow();
    const moved = shifted(message.dueAt, 2 * HOUR).toISOString();
    await putInboxItem(ctx.db, {
      kind: "message",
      itemId: message.id,
      tenantId: item.tenant_id,
      state: item.state,
      title: item.title,
      createdAt: item.created_at,
      dueAt: moved,
    });
    expect(await pushNewlyOverdue(ctx.db, shifted(moved, 60_000))).toBe(1);
    await ctx.app.notifications.runOnce();
    expect(shown("chose")).toHaveLength(1);
    expect(overdue()).toHaveLength(1);
  });

  it("does not push items overdue for longer than a day (the first start after an update, a server that was down)", async () => {
    receiver.received.splice(0);
    const message = await waitingMessage();
    expect(await pushNewlyOverdue(ctx.db, shifted(message.dueAt, OVERDUE_PUSH_WINDOW_MS + HOUR))).toBe(0);
    await ctx.app.notifications.runOnce();
    expect(receiver.received).toEqual([]);
  });

  describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two processes at once (PostgreSQL)", () => {
    it("the second waits for the first's open transaction and pushes nothing twice", async () => {
      // The other tests' items are pushed first, so that only this test's item is left.
      await pushNewlyOverdue(ctx.db, new Date(Date.now() + 25 * HOUR));
      const message = await waitingMessage();
      const at = shifted(message.dueAt, 60_000);
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let claimed!: (value: boolean) => void;
      const firstClaimed = new Promise<boolean>((resolve) => {
        claimed = resolve;
      });
      // The first process claims the item and holds its transaction open.
      const first = ctx.db.transaction().execute(async (trx: Db) => {
        claimed(await claimOverduePush(trx, "message", message.id, message.dueAt));
        await committed;
      });
      expect(await firstClaimed).toBe(true);
      let pid: number | undefined;
      const second = ctx.db.transaction().execute(async (trx: Db) => {
        pid = await backendPid(trx);
        return pushNewlyOverdue(trx, at);
      });
      await waitUntilWaitingOnLock(ctx.db, () => pid);
      commit();
      await first;
      expect(await second).toBe(0);
      expect(await pushNewlyOverdue(ctx.db, at)).toBe(0);
      // Without the claim's condition the second would have pushed the item the first had claimed.
      const events = await ctx.db.selectFrom("push_events").select("payload").where("kind", "=", "overdue").execute();
      expect(events.filter((e) => e.payload.includes(message.id))).toEqual([]);
    });
  });
});
