import { type MessageThread, messageThread, type NewConversationRequest } from "@mieter-portal/contracts";
import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import { messageTexts } from "../texts";
import { messageQueriesToRefresh } from "./invalidation";

/** POST messages {subject, content}: a new conversation with the management. */
export function startConversationVariables(input: NewConversationRequest) {
  return apiMutation("POST", "/api/v1/tenant/messages", input, messageQueriesToRefresh());
}

/** The created conversation, or null when the answer is not one (e.g. a change queued offline). */
export function createdThread(data: unknown): MessageThread | null {
  const parsed = messageThread.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function useStartConversation() {
  const t = messageTexts.newConversation;
  return useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.messages.create,
    meta: {
      successTitle: t.successTitle,
      successDescription: t.successDescription,
      errorTitle: messageTexts.errorTitle,
      errorDescription: t.failed,
    },
  });
}
