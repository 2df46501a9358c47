import type { QueryKey } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { messageThreadQueryKey } from "./get-message-thread";

/** Prefix of both message lists (all, unread): the dashboard and the notifications read them too. */
export const messageListsQueryKey = [apiPaths.messages] as const;

/** What a change to a conversation makes stale: the lists and, when known, the thread itself. */
export function messageQueriesToRefresh(threadId?: string): QueryKey[] {
  return threadId ? [messageListsQueryKey, messageThreadQueryKey(threadId)] : [messageListsQueryKey];
}
