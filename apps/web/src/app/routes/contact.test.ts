import { describe, expect, it } from "vitest";
import { contactConversation } from "@/features/contact/api/send-contact-message";
import { startConversation } from "@/features/messages/api/start-conversation";
import { changeVariables } from "@/lib/changes";

describe("the contact form's message", () => {
  it("becomes a new conversation: POST tenant/messages {subject, content}, refreshing the message lists", () => {
    // The app hands the contact form the messages feature's "start a conversation" (contact.tsx).
    const variables = changeVariables(startConversation, contactConversation({ subject: "Frage", message: "Text" }));
    expect(variables).toMatchObject({
      method: "POST",
      url: "/api/v1/tenant/messages",
      data: { subject: "Frage", content: "Text" },
      invalidates: [["/api/v1/tenant/messages"]],
      label: "Neue Nachricht",
      detail: "Frage",
      listed: true,
    });
    expect(variables.idempotencyKey).toMatch(/\S{8,}/);
  });
});
