import { messageThread } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";

export const messageThreadQueryKey = (id: string) => [`/api/v1/tenant/messages/${encodeURIComponent(id)}`] as const;

const fetchThread = getQueryFn<unknown>({ on401: "throw" });

/** One conversation, oldest message first. A missing thread is shown inline, not as a toast. */
export function getMessageThreadQueryOptions(id: string) {
  return queryOptions({
    queryKey: messageThreadQueryKey(id),
    queryFn: async (context) => messageThread.parse(await fetchThread(context)),
    meta: { silent: true },
  });
}
