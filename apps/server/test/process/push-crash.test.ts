/**
 * A real crash between claim and send (issue 29): the server's worker claims a push and sends it;
 * the push service (the local receiver) has read the request and not yet answered when the
 * process is SIGKILLed. A new process on the same database sends it again once the claim has run
 * out (PUSH_CLAIM_MS, real time: the child's clock cannot be faked), and the push service takes it.
 *
 * Nothing is lost, and the one repeat is the duplicate decision 054 accepts: both requests carry
 * the same Topic (and the same payload, whose tag is the event id), so the push service replaces
 * the waiting one and the device shows it once. No further request follows for it.
 *
 * Everything waits for states (requests at the receiver, the delivery row, an exit), never for time.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/connection.js";
import { PUSH_CLAIM_MS } from "../../src/domain/push/deliveries.js";
import { enqueuePush, type PushEventContent } from "../../src/domain/push/events.js";
import type { PushOwner } from "../../src/domain/push/subscriptions.js";
import { saveSubscription } from "../../src/domain/push/subscriptions.js";
import { createTenant } from "../helpers.js";
import { type PushReceiver, startPushReceiver } from "../push-receiver.js";
import { type SpawnedServer, spawnServer, waitFor } from "./spawn-server.js";

/** Start, the claim's minute, the second process's round, a second push: well inside three minutes. */
const TIMEOUT = 180_000;

const reply = (id: string): PushEventContent => ({
  kind: "message_reply",
  title: "Neue Antwort der Verwaltung",
  building: "Lindenstraße 5",
  path: `/messages/${id}`,
});

describe("Web Push: SIGKILL between claim and send", () => {
  let server: SpawnedServer;
  let receiver: PushReceiver;

  beforeAll(async () => {
    receiver = await startPushReceiver();
    server = await spawnServer({
      env: {
        PUSH_SERVICE_HOSTS: "127.0.0.1",
        VAPID_SUBJECT: "mailto:technik@example.com",
        PUBLIC_URL: "https://portal.example.com",
        NOTIFY_INTERVAL_MS: "200",
        LOG_LEVEL: "warn",
      },
    });
    // The child uses the system's CAs (no test agent): it trusts the receiver through this file.
    const ca = path.join(server.tmpDir, "push-receiver.pem");
    await writeFile(ca, receiver.certificate);
    server.env.NODE_EXTRA_CA_CERTS = ca;
    await server.start();
  }, TIMEOUT);

  afterAll(async () => {
    await server?.cleanup();
    await receiver?.close();
  }, TIMEOUT);

  it(
    "neither loses nor doubles the push: one repeat after the claim ran out, same Topic and payload, then nothing more",
    async () => {
      const database = openDatabase(server.database);
      try {
        const { db } = database;
        const tenant = await createTenant(db);
        const owner: PushOwner = { kind: "tenant", id: tenant.id };
        const phone = receiver.device("phone");
        await saveSubscription(db, owner, phone.subscription, undefined);
        receiver.hold(phone);
        const deliveryOf = async (eventPath: string) =>
          db
            .selectFrom("push_deliveries")
            .innerJoin("push_events", "push_events.id", "push_deliveries.event_id")
            .select([
              "push_deliveries.state",
              "push_deliveries.attempts",
              "push_deliveries.last_status",
              "push_deliveries.claimed_until",
              "push_events.topic",
            ])
            .where("push_events.payload", "like", `%${eventPath}%`)
            .executeTakeFirstOrThrow();

        expect(await enqueuePush(db, [owner], reply("absturz"))).toBe(1);

        // The first process claimed it and its request is at the push service, unanswered.
        await waitFor("the first request at the receiver", () => (receiver.held.length === 1 ? true : undefined));
        const claimed = await deliveryOf("/messages/absturz");
        expect(claimed).toMatchObject({ state: "pending", attempts: 1, last_status: null });
        expect(claimed.claimed_until).not.toBeNull();
        server.signal("SIGKILL");
        expect(await server.waitForExit(30_000)).toEqual({ code: null, signal: "SIGKILL" });
        expect(receiver.received).toHaveLength(0);
        expect(await deliveryOf("/messages/absturz")).toMatchObject({ state: "pending", attempts: 1 });

        // The new process leaves the claim alone until it runs out, then sends the push again.
        await server.start();
        const again = await waitFor(
          "the repeat, taken by the push service",
          () => receiver.received[0],
          PUSH_CLAIM_MS + 60_000,
          200,
        );
        expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(claimed.claimed_until!));
        const sent = await waitFor(
          "the delivery marked sent",
          async () => {
            const row = await deliveryOf("/messages/absturz");
            return row.state === "sent" ? row : undefined;
          },
          30_000,
          100,
        );
        expect(sent).toMatchObject({ state: "sent", attempts: 2, last_status: 201, claimed_until: null });

        // The one duplicate: the same Topic (the event's), the same payload (tag = event id).
        const [first] = receiver.held;
        expect(again.topic).toBe(sent.topic);
        expect(first!.topic).toBe(again.topic);
        expect(first!.payload).toEqual(again.payload);
        expect(receiver.shownOn(phone)).toHaveLength(1);

        // Nothing more for it: a later push goes out in a later round of the worker, and by then the
        // receiver has still taken the first one only once.
        expect(await enqueuePush(db, [owner], reply("danach"))).toBe(1);
        await waitFor(
          "the later push marked sent",
          async () => ((await deliveryOf("/messages/danach")).state === "sent" ? true : undefined),
          30_000,
          100,
        );
        const paths = receiver.received.map(
          (p) => (p.payload as { notification: { data: { path: string } } }).notification.data.path,
        );
        expect(paths).toEqual(["/messages/absturz", "/messages/danach"]);
        expect(receiver.held).toHaveLength(1);
      } finally {
        await database.destroy();
      }
    },
    TIMEOUT,
  );
});
