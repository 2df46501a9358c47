import type { ReplyRequest } from "@mieter-portal/contracts";
import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import { messageTexts } from "../texts";
import { messageQueriesToRefresh } from "./invalidation";

/** POST messages/{id}/replies {content}. */
export function replyVariables(threadId: string, input: ReplyRequest) {
  return apiMutation(
    "POST",
    `/api/v1/tenant/messages/${encodeURIComponent(threadId)}/replies`,
    input,
    messageQueriesToRefresh(threadId),
  );
}

export function useReplyToMessage() {
  return useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.messages.reply,
    meta: { errorTitle: messageTexts.errorTitle, errorDescription: messageTexts.replyForm.failed },
  });
}
