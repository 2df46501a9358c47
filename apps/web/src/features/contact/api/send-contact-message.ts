import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import type { ContactFormValues } from "../contact-validation";
import { contactTexts } from "../texts";

/** Message lists to refresh: the conversation appears under Nachrichten (any filter) and on the dashboard. */
const MESSAGE_QUERIES = [["/api/v1/tenant/messages"], ["/api/tenant/messages"]];

/**
 * The contact form sends a real message (DESIGN decision 10): POST /api/v1/tenant/messages
 * {subject, content} through the central mutation path: offline it is queued and sent by the sync.
 */
export function contactMessageVariables(values: ContactFormValues): ApiMutationVariables {
  return apiMutation(
    "POST",
    "/api/v1/tenant/messages",
    { subject: values.subject, content: values.message },
    MESSAGE_QUERIES,
  );
}

export function useSendContactMessage() {
  return useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.contact.send,
    meta: {
      successTitle: contactTexts.sentTitle,
      successDescription: contactTexts.sentDescription,
      errorTitle: contactTexts.failedTitle,
      errorDescription: contactTexts.failedDescription,
    },
  });
}
