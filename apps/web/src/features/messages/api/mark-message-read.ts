import { okResponse } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { messageTexts } from "../texts";
import { messageQueriesToRefresh } from "./invalidation";

/** PATCH messages/{id}/read with an empty body (spec section 7); not listed as waiting. */
export const markMessageRead = defineChange({
  key: ["api", "messages", "read"],
  method: "PATCH",
  url: (threadId: string) => apiPaths.messageRead(threadId),
  refresh: (threadId) => messageQueriesToRefresh(threadId),
  describe: () => ({ label: messageTexts.queue.markRead, listed: false }),
  response: okResponse,
});

export function useMarkMessageRead() {
  return useChange(markMessageRead, {
    // Opening a message offline queues the mark quietly: the tenant did not submit anything.
    meta: {
      errorTitle: messageTexts.errorTitle,
      errorDescription: messageTexts.thread.markReadFailed,
      offlineNotice: false,
    },
  });
}
