import { CANNED_REPLY_PLACEHOLDERS } from "@mieter-portal/contracts/staff";
import { describe, expect, it } from "vitest";
import { cannedReplyText, fillPlaceholders, type ReplyContext } from "./canned-reply-fill";

const anna: ReplyContext = {
  firstName: "Anna",
  lastName: "Schneider",
  building: "Lindenstraße 5",
  unit: "3. OG links",
  staffName: "Sabine Krüger",
};

describe("inserting a Textbaustein (issue 25 §10)", () => {
  it("starts an empty reply with a salutation, so that 'vielen Dank …' follows it", () => {
    expect(cannedReplyText("vielen Dank für Ihre Nachricht.", anna, "")).toBe(
      "Guten Tag Anna Schneider,\n\nvielen Dank für Ihre Nachricht.",
    );
    expect(cannedReplyText("vielen Dank.", anna, "  \n")).toBe("Guten Tag Anna Schneider,\n\nvielen Dank.");
  });

  it("adds no second salutation: not after text already written, not before a Textbaustein with its own", () => {
    expect(cannedReplyText("vielen Dank.", anna, "Guten Tag Frau Schneider,")).toBe("vielen Dank.");
    expect(cannedReplyText("Guten Tag {Anrede},\n\nDanke.", anna, "")).toBe("Guten Tag Anna Schneider,\n\nDanke.");
  });

  it("fills every placeholder the contracts allow", () => {
    const all = CANNED_REPLY_PLACEHOLDERS.join("|");
    expect(fillPlaceholders(all, anna)).toBe("Anna Schneider|Anna|Schneider|Lindenstraße 5|3. OG links|Sabine Krüger");
  });

  it("leaves a placeholder it has no value for, for the writer to fill in", () => {
    expect(fillPlaceholders("Ihre Wohnung {Wohnung} im Haus {Gebäude}", { ...anna, unit: null, building: null })).toBe(
      "Ihre Wohnung {Wohnung} im Haus {Gebäude}",
    );
  });
});
