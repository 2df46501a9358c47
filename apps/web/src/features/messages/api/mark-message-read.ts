import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import { messageTexts } from "../texts";
import { messageQueriesToRefresh } from "./invalidation";

/** PATCH messages/{id}/read with an empty body (spec section 7). */
export function markMessageReadVariables(threadId: string) {
  return apiMutation(
    "PATCH",
    `/api/v1/tenant/messages/${encodeURIComponent(threadId)}/read`,
    undefined,
    messageQueriesToRefresh(threadId),
  );
}

export function useMarkMessageRead() {
  return useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.messages.markRead,
    // Opening a message offline queues the mark quietly: the tenant did not submit anything.
    meta: {
      errorTitle: messageTexts.errorTitle,
      errorDescription: messageTexts.thread.markReadFailed,
      offlineNotice: false,
    },
  });
}
