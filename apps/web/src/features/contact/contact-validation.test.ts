import { describe, expect, it } from "vitest";
import { contactMessageVariables } from "./api/send-contact-message";
import { validateContact } from "./contact-validation";

describe("validateContact", () => {
  it("refuses blank fields after trimming", () => {
    expect(validateContact({ subject: "   ", message: "\n\t " })).toEqual({
      kind: "invalid",
      errors: { subject: "Bitte geben Sie einen Betreff ein.", message: "Bitte geben Sie eine Nachricht ein." },
    });
    expect(validateContact({ subject: "Frage", message: " " }).kind).toBe("invalid");
  });

  it("trims what it sends", () => {
    expect(validateContact({ subject: "  Frage zur Abrechnung ", message: " Hallo!\n" })).toEqual({
      kind: "ok",
      values: { subject: "Frage zur Abrechnung", message: "Hallo!" },
    });
  });

  it("becomes a new conversation: POST tenant/messages {subject, content}, refreshing the message lists", () => {
    const variables = contactMessageVariables({ subject: "Frage", message: "Text" });
    expect(variables).toMatchObject({
      method: "POST",
      url: "/api/v1/tenant/messages",
      data: { subject: "Frage", content: "Text" },
      invalidates: [["/api/v1/tenant/messages"], ["/api/tenant/messages"]],
    });
    expect(variables.idempotencyKey).toMatch(/\S{8,}/);
  });
});
