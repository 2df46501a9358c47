import { messageList } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";
import { defineRead } from "@/lib/reads";
import { DASHBOARD_MESSAGE_COUNT, messageTexts } from "../texts";

export type MessageFilter = "all" | "unread";

/** The messages screen: conversations page by page (decision 007). */
export const messagesQueryKey = (filter: MessageFilter) => pagedListKey(apiPaths.messages, { filter });

export function getMessagesQueryOptions(filter: MessageFilter = "all") {
  return pagedListQueryOptions(messagesQueryKey(filter), (items) => messageList.parse(items), messageTexts.resource);
}

/**
 * One short page of a message list: the dashboard's 2 newest messages the tenant received
 * ("received": the management's, never the tenant's own), the notifications' unread conversations.
 */
export type LatestMessagesFilter = MessageFilter | "received";

export const latestMessagesQueryKey = (filter: LatestMessagesFilter, limit: number) =>
  [apiPaths.messages, { filter, limit: String(limit) }] as const;

const readMessages = defineRead({ resource: messageTexts.resource, response: messageList });

export function getLatestMessagesQueryOptions(
  filter: LatestMessagesFilter = "received",
  limit = DASHBOARD_MESSAGE_COUNT,
) {
  return queryOptions({
    queryKey: latestMessagesQueryKey(filter, limit),
    queryFn: readMessages,
  });
}
