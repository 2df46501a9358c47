import type { ThreadMessage } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { messageQueriesToRefresh } from "./api/invalidation";
import { chronological, hasUnreadInbound, parseMessageFilter } from "./messages";

function message(id: string, direction: ThreadMessage["direction"], receivedAt: string, readAt: string | null) {
  return { id, direction, sender_name: "x", content: id, received_at: receivedAt, read_at: readAt };
}

describe("parseMessageFilter", () => {
  it("knows unread and falls back to all", () => {
    expect(parseMessageFilter("unread")).toBe("unread");
    expect(parseMessageFilter("all")).toBe("all");
    expect(parseMessageFilter(null)).toBe("all");
    expect(parseMessageFilter("UNREAD")).toBe("all");
  });
});

describe("hasUnreadInbound", () => {
  it("is true only for an unread message from the management", () => {
    expect(hasUnreadInbound({ messages: [message("a", "inbound", "2025-01-01T00:00:00Z", null)] })).toBe(true);
    expect(
      hasUnreadInbound({ messages: [message("a", "inbound", "2025-01-01T00:00:00Z", "2025-01-02T00:00:00Z")] }),
    ).toBe(false);
    // The tenant's own messages never count as unread.
    expect(hasUnreadInbound({ messages: [message("a", "outbound", "2025-01-01T00:00:00Z", null)] })).toBe(false);
    expect(hasUnreadInbound({ messages: [] })).toBe(false);
  });
});

describe("chronological", () => {
  it("orders oldest first and keeps the given order for equal times", () => {
    const list = [
      message("c", "inbound", "2025-01-03T00:00:00Z", null),
      message("a1", "outbound", "2025-01-01T00:00:00Z", null),
      message("a2", "inbound", "2025-01-01T00:00:00Z", null),
      message("b", "inbound", "2025-01-02T00:00:00Z", null),
    ];
    expect(chronological(list).map((m) => m.id)).toEqual(["a1", "a2", "b", "c"]);
  });
});

describe("messageQueriesToRefresh", () => {
  it("refreshes both lists (dashboard included) and the thread", () => {
    expect(messageQueriesToRefresh("t1")).toEqual([["/api/v1/tenant/messages"], ["/api/v1/tenant/messages/t1"]]);
    expect(messageQueriesToRefresh()).toEqual([["/api/v1/tenant/messages"]]);
  });
});
