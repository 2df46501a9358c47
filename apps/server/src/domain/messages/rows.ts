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

/** Who made a history entry in seeded data. */
type Actor = { kind: ActorKind; name: string };

export interface ThreadMessageSeed {
  direction: "inbound" | "outbound";
  actor: Actor;
  staffUserId?: string | null;
  content: string;
  receivedAt: string;
  readAt: string | null;
}

export async function insertThread(
  db: Db,
  tenantId: string,
  subject: string,
  messages: ThreadMessageSeed[],
): Promise<string> {
  const threadId = randomUUID();
  const times = messages.map((m) => m.receivedAt).sort();
  await db
    .insertInto("message_threads")
    .values({
      id: threadId,
      tenant_id: tenantId,
      subject,
      created_at: times[0]!,
      last_message_at: times[times.length - 1]!,
    })
    .execute();
  await db
    .insertInto("messages")
    .values(
      messages.map((m) => ({
        id: randomUUID(),
        thread_id: threadId,
        tenant_id: tenantId,
        direction: m.direction,
        actor_kind: m.actor.kind,
        staff_user_id: m.staffUserId ?? null,
        sender_name: m.actor.name,
        content: m.content,
        received_at: m.receivedAt,
        read_at: m.readAt,
      })),
    )
    .execute();
  await refreshThreadSummaries(db, [threadId]);
  return threadId;
}
