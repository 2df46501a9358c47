import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/connection.js";
import { refreshThreadSummaries } from "../src/domain/messages/messages.js";
import { insertThread } from "./factories/messages.js";
import { createTenant, createTestContext, type TestContext } from "./helpers.js";
import { backendPid, waitUntilWaitingOnLock } from "./pg-locks.js";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Runs `work` in a transaction of its own connection that stays open until `commit` is called. */
function openTransaction(db: Db, work: (trx: Db) => Promise<void>) {
  let commit!: () => void;
  const committed = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let worked!: () => void;
  const done = new Promise<void>((resolve) => {
    worked = resolve;
  });
  const finished = db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    await work(conn as Db);
    worked();
    await committed;
    await sql`commit`.execute(conn);
  });
  return { done, commit, finished };
}

// Decision 024: the tenant marks a conversation read while the management answers in it. Each
// writer recounts the thread; the one that commits last must count the other's message.
describe.skipIf(!onPostgres)("a thread's summary with two writers at once (PostgreSQL)", () => {
  it("counts the management's answer that committed while the tenant's recount waited", async () => {
    const tenant = await createTenant(ctx.db);
    const { threadId } = await insertThread(ctx.db, tenant.id, "Heizung", [
      { receivedAt: "2026-01-02T09:00:00.000Z", content: "Erste" },
    ]);
    const answerId = randomUUID();
    // The management's answer: written and recounted, not committed yet.
    const answer = openTransaction(ctx.db, async (trx) => {
      await trx
        .insertInto("messages")
        .values({
          id: answerId,
          thread_id: threadId,
          tenant_id: tenant.id,
          direction: "inbound",
          actor_kind: "staff",
          staff_user_id: null,
          sender_name: "Hausverwaltung",
          content: "Zweite",
          received_at: "2026-01-03T09:00:00.000Z",
          read_at: null,
        })
        .execute();
      await refreshThreadSummaries(trx, [threadId]);
    });
    await answer.done;
    // The tenant reads what was there (the first message) and recounts: it waits for the lock.
    let readerPid: number | undefined;
    const reading = ctx.db.connection().execute(async (conn) => {
      readerPid = await backendPid(conn);
      await sql`begin`.execute(conn);
      await conn
        .updateTable("messages")
        .set({ read_at: "2026-01-03T10:00:00.000Z" })
        .where("thread_id", "=", threadId)
        .where("read_at", "is", null)
        .execute();
      await refreshThreadSummaries(conn as Db, [threadId]);
      await sql`commit`.execute(conn);
    });
    // Wait until the tenant's transaction is blocked on the thread's row lock, then commit the answer.
    await waitUntilWaitingOnLock(ctx.db, () => readerPid);
    answer.commit();
    await answer.finished;
    await reading;
    const row = await ctx.db
      .selectFrom("message_threads")
      .select(["message_count", "unread_count", "last_inbound_id"])
      .where("id", "=", threadId)
      .executeTakeFirstOrThrow();
    // The answer arrived after what the tenant read: it is unread and the newest.
    expect({ ...row, message_count: Number(row.message_count), unread_count: Number(row.unread_count) }).toEqual({
      message_count: 2,
      unread_count: 1,
      last_inbound_id: answerId,
    });
  });
});
