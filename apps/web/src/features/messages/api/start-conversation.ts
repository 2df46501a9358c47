import { messageThread, type NewConversationRequest } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import type { FeedbackMeta } from "@/lib/query-client";
import { messageTexts } from "../texts";
import { messageQueriesToRefresh } from "./invalidation";

/**
 * POST messages {subject, content}: a new conversation with the management. The contact form
 * starts one too (DESIGN decision 10): the app hands it this declaration (app/routes/contact.tsx),
 * since a feature never imports another.
 */
export const startConversation = defineChange({
  key: ["api", "messages", "create"],
  method: "POST",
  url: () => apiPaths.messages,
  body: (input: NewConversationRequest) => input,
  refresh: () => messageQueriesToRefresh(),
  describe: (input) => ({ label: messageTexts.queue.start, detail: input.subject }),
  response: messageThread,
});

export function useStartConversation() {
  const t = messageTexts.newConversation;
  const meta: FeedbackMeta = {
    successTitle: t.successTitle,
    successDescription: t.successDescription,
    errorTitle: messageTexts.errorTitle,
    errorDescription: t.failed,
  };
  return useChange(startConversation, { meta });
}
