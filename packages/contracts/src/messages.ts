import { z } from "zod";
import { LIMITS, requiredText } from "./common.js";
import { pageQuery } from "./pagination.js";

export const messageDirection = z.enum(["inbound", "outbound"]);
/** inbound = management → tenant, outbound = tenant → management. */
export type MessageDirection = z.infer<typeof messageDirection>;

/**
 * all: every conversation, newest activity first; unread: those with unread messages of the
 * management; received: the conversations in which the management wrote, by their newest message
 * of the management, which the summary then describes (the dashboard's "Neueste Nachrichten").
 */
export const messagesQuery = pageQuery.extend({
  filter: z
    .enum(["all", "unread", "received"], { error: "Filter muss 'all', 'unread' oder 'received' sein." })
    .default("all"),
});
export type MessagesQuery = z.infer<typeof messagesQuery>;

/**
 * One conversation as the lists show it: id is the thread id, and sender_name, content and
 * received_at describe its newest message (spec section 3: Message).
 */
export const messageSummary = z.object({
  id: z.string(),
  subject: z.string(),
  sender_name: z.string(),
  content: z.string(),
  received_at: z.string(),
  unread: z.boolean(),
  unread_count: z.number().int(),
  message_count: z.number().int(),
});
export type MessageSummary = z.infer<typeof messageSummary>;
export const messageList = z.array(messageSummary);

export const threadMessage = z.object({
  id: z.string(),
  direction: messageDirection,
  sender_name: z.string(),
  content: z.string(),
  received_at: z.string(),
  read_at: z.string().nullable(),
});
export type ThreadMessage = z.infer<typeof threadMessage>;

export const messageThread = z.object({
  id: z.string(),
  subject: z.string(),
  created_at: z.string(),
  messages: z.array(threadMessage),
});
export type MessageThread = z.infer<typeof messageThread>;

export const newConversationRequest = z.object({
  subject: requiredText(LIMITS.subjectMax, "Betreff"),
  content: requiredText(LIMITS.messageMax, "Nachricht"),
});
export type NewConversationRequest = z.infer<typeof newConversationRequest>;

export const replyRequest = z.object({
  content: requiredText(LIMITS.messageMax, "Nachricht"),
});
export type ReplyRequest = z.infer<typeof replyRequest>;

/** German answers of the message endpoints. */
export const MESSAGE_TEXTS = {
  markedRead: "Nachricht als gelesen markiert.",
} as const;
