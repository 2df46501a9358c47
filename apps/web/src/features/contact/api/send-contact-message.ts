import type { MessageThread, NewConversationRequest } from "@mieter-portal/contracts";
import { type ChangeDeclaration, useChange } from "@/lib/changes";
import type { ContactFormValues } from "../contact-validation";
import { contactTexts } from "../texts";

/**
 * The contact form sends a real message (DESIGN decision 10): it starts a conversation with the
 * messages feature's own change (POST tenant/messages {subject, content}; offline it is queued and
 * sent by the sync). A feature never imports another, so the app hands that declaration in
 * (app/routes/contact.tsx).
 */
export type StartConversationChange = ChangeDeclaration<NewConversationRequest, MessageThread>;

/** What the form's values become: the new conversation's subject and first message. */
export function contactConversation(values: ContactFormValues): NewConversationRequest {
  return { subject: values.subject, content: values.message };
}

export function useSendContactMessage(startConversation: StartConversationChange) {
  return useChange(startConversation, {
    meta: {
      successTitle: contactTexts.sentTitle,
      successDescription: contactTexts.sentDescription,
      errorTitle: contactTexts.failedTitle,
      errorDescription: contactTexts.failedDescription,
    },
  });
}
