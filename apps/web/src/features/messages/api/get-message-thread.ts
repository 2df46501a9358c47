import { messageThread } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { defineRead } from "@/lib/reads";
import { messageTexts } from "../texts";

export const messageThreadQueryKey = (id: string) => [apiPaths.message(id)] as const;

const readThread = defineRead({ resource: messageTexts.resource, response: messageThread });

/** One conversation, oldest message first. A missing thread is shown inline, not as a toast. */
export function getMessageThreadQueryOptions(id: string) {
  return queryOptions({
    queryKey: messageThreadQueryKey(id),
    queryFn: readThread,
    meta: { silent: true },
  });
}
