import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/connection.js";
import { refreshThreadSummaries } from "../../src/domain/messages/messages.js";

export interface MessageSeed {
  direction?: "inbound" | "outbound";
  senderName?: string;
  content?: string;
  receivedAt: string;
  readAt?: string | null;
}

/** Inserts a thread with its messages; last_message_at is the newest message's time. */
export async function insertThread(
  db: Db,
  tenantId: string,
  subject: string,
  messages: MessageSeed[],
): Promise<{ threadId: string; messageIds: string[] }> {
  const threadId = randomUUID();
  const times = messages.map((m) => m.receivedAt).sort();
  await db
    .insertInto("message_threads")
    .values({
      id: threadId,
      tenant_id: tenantId,
      subject,
      created_at: times[0] ?? new Date().toISOString(),
      last_message_at: times.at(-1) ?? new Date().toISOString(),
    })
    .execute();
  const messageIds: string[] = [];
  for (const m of messages) {
    const id = randomUUID();
    messageIds.push(id);
    const direction = m.direction ?? "inbound";
    await db
      .insertInto("messages")
      .values({
        id,
        thread_id: threadId,
        tenant_id: tenantId,
        direction,
        actor_kind: direction === "inbound" ? "staff" : "tenant",
        staff_user_id: null,
        sender_name: m.senderName ?? (direction === "inbound" ? "Hausverwaltung" : "Erika Mustermann"),
        content: m.content ?? "Guten Tag, bitte beachten Sie die Ankündigung.",
        received_at: m.receivedAt,
        read_at: m.readAt ?? null,
      })
      .execute();
  }
  await refreshThreadSummaries(db, [threadId]);
  return { threadId, messageIds };
}
