import type { Db } from "../../src/db/connection.js";
import { insertThreads } from "../../src/domain/messages/rows.js";

export interface MessageSeed {
  direction?: "inbound" | "outbound";
  senderName?: string;
  content?: string;
  receivedAt: string;
  readAt?: string | null;
}

/**
 * A thread with its messages through domain/messages/rows.ts; last_message_at is the newest
 * message's time. Inbound messages come from the management, outbound ones from the tenant.
 */
export async function insertThread(
  db: Db,
  tenantId: string,
  subject: string,
  messages: MessageSeed[],
): Promise<{ threadId: string; messageIds: string[] }> {
  const [thread] = await insertThreads(db, [
    {
      tenantId,
      subject,
      messages: messages.map((m) => {
        const direction = m.direction ?? "inbound";
        return {
          direction,
          actor: {
            kind: direction === "inbound" ? "staff" : "tenant",
            name: m.senderName ?? (direction === "inbound" ? "Hausverwaltung" : "Erika Mustermann"),
          },
          content: m.content ?? "Guten Tag, bitte beachten Sie die Ankündigung.",
          receivedAt: m.receivedAt,
          readAt: m.readAt ?? null,
        };
      }),
    },
  ]);
  return thread!;
}
