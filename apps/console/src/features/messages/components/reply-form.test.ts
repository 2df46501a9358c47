import { describe, expect, it } from "vitest";
import { insertAtCaret } from "./reply-form";

describe("inserting a Textbaustein", () => {
  it("fills an empty reply", () => {
    expect(insertAtCaret("", "Vielen Dank.", null)).toEqual({ text: "Vielen Dank.", caret: 12 });
  });

  it("goes to the caret, after a blank line when text precedes it", () => {
    expect(insertAtCaret("Guten Tag,Grüße", "Danke.", 10)).toEqual({ text: "Guten Tag,\n\nDanke.Grüße", caret: 18 });
    expect(insertAtCaret("Hallo\n", "Danke.", 6)).toEqual({ text: "Hallo\nDanke.", caret: 12 });
  });
});
