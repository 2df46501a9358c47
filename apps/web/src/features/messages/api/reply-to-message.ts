import { type ReplyRequest, threadMessage } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { messageTexts } from "../texts";
import { messageQueriesToRefresh } from "./invalidation";

/** POST messages/{id}/replies {content}. */
export const replyToMessage = defineChange({
  key: ["api", "messages", "reply"],
  method: "POST",
  url: ({ threadId }: { threadId: string; reply: ReplyRequest }) => apiPaths.messageReplies(threadId),
  body: ({ reply }) => reply,
  refresh: ({ threadId }) => messageQueriesToRefresh(threadId),
  describe: ({ reply }) => ({ label: messageTexts.queue.reply, detail: reply.content }),
  response: threadMessage,
});

export function useReplyToMessage() {
  return useChange(replyToMessage, {
    meta: { errorTitle: messageTexts.errorTitle, errorDescription: messageTexts.replyForm.failed },
  });
}
