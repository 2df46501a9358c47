import { messageList } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";
import { DASHBOARD_MESSAGE_COUNT } from "../texts";

export type MessageFilter = "all" | "unread";

const MESSAGES_PATH = "/api/v1/tenant/messages";

/** The messages screen: conversations page by page (decision 007). */
export const messagesQueryKey = (filter: MessageFilter) => pagedListKey(MESSAGES_PATH, { filter });

export function getMessagesQueryOptions(filter: MessageFilter = "all") {
  return pagedListQueryOptions(messagesQueryKey(filter), (items) => messageList.parse(items));
}

/**
 * One short page of a message list: the dashboard's 2 newest messages the tenant received
 * ("received": the management's, never the tenant's own), the notifications' unread conversations.
 */
export type LatestMessagesFilter = MessageFilter | "received";

export const latestMessagesQueryKey = (filter: LatestMessagesFilter, limit: number) =>
  [MESSAGES_PATH, { filter, limit: String(limit) }] as const;

const fetchMessages = getQueryFn<unknown>({ on401: "throw" });

export function getLatestMessagesQueryOptions(
  filter: LatestMessagesFilter = "received",
  limit = DASHBOARD_MESSAGE_COUNT,
) {
  return queryOptions({
    queryKey: latestMessagesQueryKey(filter, limit),
    queryFn: async (context) => messageList.parse(await fetchMessages(context)),
  });
}
