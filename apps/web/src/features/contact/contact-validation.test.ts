import { describe, expect, it } from "vitest";
import { contactConversation } from "./api/send-contact-message";
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

  it("becomes a new conversation's {subject, content} (sent by the messages feature's change, see app/routes/contact.test.ts)", () => {
    expect(contactConversation({ subject: "Frage", message: "Text" })).toEqual({ subject: "Frage", content: "Text" });
  });
});
