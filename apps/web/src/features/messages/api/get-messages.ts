import { messageList } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

export type MessageFilter = "all" | "unread";

export const messagesQueryKey = (filter: MessageFilter) => ["/api/v1/tenant/messages", { filter }] as const;

const fetchMessages = getQueryFn<unknown>({ on401: "throw" });

export function getMessagesQueryOptions(filter: MessageFilter = "all") {
  return queryOptions({
    queryKey: messagesQueryKey(filter),
    queryFn: async (context) => messageList.parse(await fetchMessages(context)),
  });
}
