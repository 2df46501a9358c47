import { randomUUID } from "node:crypto";
import type { ActorKind } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";
import { refreshThreadSummaries } from "./messages.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

/** Rows per statement: keeps every statement well under SQLite's bound-parameter limit. */
const CHUNK = 500;

/** Who made a history entry in seeded data. */
type Actor = { kind: ActorKind; name: string };

export interface ThreadMessageSeed {
  id?: string;
  direction: "inbound" | "outbound";
  actor: Actor;
  staffUserId?: string | null;
  content: string;
  receivedAt: string;
  readAt: string | null;
}

export interface ThreadSeed {
  id?: string;
  tenantId: string;
  subject: string;
  /** At least one; the thread starts with the oldest and its last_message_at is the newest. */
  messages: ThreadMessageSeed[];
}

/**
 * Inserts conversations with their messages in chunks and recounts their summaries (as every
 * writer of messages does); returns the threads' and the messages' ids in order.
 */
export async function insertThreads(
  db: Db,
  seeds: ThreadSeed[],
): Promise<{ threadId: string; messageIds: string[] }[]> {
  const threads = seeds.map((t) => {
    const times = t.messages.map((m) => m.receivedAt).sort();
    return {
      id: t.id ?? randomUUID(),
      tenant_id: t.tenantId,
      subject: t.subject,
      created_at: times[0]!,
      last_message_at: times[times.length - 1]!,
    };
  });
  const messages = seeds.flatMap((t, n) =>
    t.messages.map((m) => ({
      id: m.id ?? randomUUID(),
      thread_id: threads[n]!.id,
      tenant_id: t.tenantId,
      direction: m.direction,
      actor_kind: m.actor.kind,
      staff_user_id: m.staffUserId ?? null,
      sender_name: m.actor.name,
      content: m.content,
      received_at: m.receivedAt,
      read_at: m.readAt,
    })),
  );
  for (let i = 0; i < threads.length; i += CHUNK) {
    await db
      .insertInto("message_threads")
      .values(threads.slice(i, i + CHUNK))
      .execute();
  }
  for (let i = 0; i < messages.length; i += CHUNK) {
    await db
      .insertInto("messages")
      .values(messages.slice(i, i + CHUNK))
      .execute();
  }
  await refreshThreadSummaries(
    db,
    threads.map((t) => t.id),
  );
  let next = 0;
  return threads.map((t, n) => {
    const count = seeds[n]!.messages.length;
    next += count;
    return { threadId: t.id, messageIds: messages.slice(next - count, next).map((m) => m.id) };
  });
}

export async function insertThread(
  db: Db,
  tenantId: string,
  subject: string,
  messages: ThreadMessageSeed[],
): Promise<string> {
  const [thread] = await insertThreads(db, [{ tenantId, subject, messages }]);
  return thread!.threadId;
}
