import type { MessageThread } from "@mieter-portal/contracts";
import { useEffect, useRef } from "react";
import { useMarkMessageRead } from "./api/mark-message-read";
import { hasUnreadInbound } from "./messages";

/** Opening a thread with unread messages from the management marks it read, once per thread. */
export function useMarkReadOnOpen(thread: MessageThread | undefined) {
  const { mutate } = useMarkMessageRead();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!thread || marked.current === thread.id || !hasUnreadInbound(thread)) return;
    marked.current = thread.id;
    mutate(thread.id);
  }, [thread, mutate]);
}
