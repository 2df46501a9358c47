import type { MessageThread } from "@mieter-portal/contracts";
import type { MessageFilter } from "./api/get-messages";

/** The list filter from the address bar (?filter=unread); anything else means all. */
export function parseMessageFilter(value: string | null | undefined): MessageFilter {
  return value === "unread" ? "unread" : "all";
}

/** True when the management wrote something in the thread the tenant has not read yet. */
export function hasUnreadInbound(thread: Pick<MessageThread, "messages">): boolean {
  return thread.messages.some((m) => m.direction === "inbound" && m.read_at === null);
}

/** The thread's messages oldest first (the API already sends them so; kept stable for equal times). */
export function chronological<T extends { received_at: string }>(messages: T[]): T[] {
  const time = (m: T) => {
    const t = Date.parse(m.received_at);
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  };
  return messages
    .map((m, index) => ({ m, index }))
    .sort((a, b) => time(a.m) - time(b.m) || a.index - b.index)
    .map(({ m }) => m);
}
