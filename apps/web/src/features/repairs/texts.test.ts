import { REPAIR_STATUS_LABELS, repairStatus } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { REPAIR_STATUS, repairTexts } from "./texts";

describe("the repair history's words", () => {
  it("names the management by its signature alone, without a redundant '(Hausverwaltung)'", () => {
    const signed = "Sabine Krüger, Grünfeld Hausverwaltung";
    expect(repairTexts.detail.actor("staff", signed)).toBe(signed);
    expect(repairTexts.detail.actor("staff", "")).toBe("Hausverwaltung");
    expect(repairTexts.detail.actor("tenant", "Anna Schmidt")).toBe("Anna Schmidt (Sie)");
  });

  it("says each status in the contracts' words, the ones the console uses", () => {
    for (const status of repairStatus.options) {
      expect(REPAIR_STATUS[status].label).toBe(REPAIR_STATUS_LABELS[status]);
    }
  });
});
