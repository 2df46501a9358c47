import { REPAIR_STATUS_LABELS as REPAIR_STATUS_WORDS, repairStatus } from "@mieter-portal/contracts";
import { INBOX_STATE_LABELS } from "@mieter-portal/contracts/staff";
import { describe, expect, it } from "vitest";
import { REPAIR_STATUS_LABELS } from "./labels";

describe("repair status words (issue 25 §11)", () => {
  it("are the contracts' words, the ones the tenant app shows", () => {
    for (const status of repairStatus.options) {
      expect(REPAIR_STATUS_LABELS[status].label).toBe(REPAIR_STATUS_WORDS[status]);
    }
  });

  it("are never what the inbox badge says: an answered repair the tenant sees as 'Termin geplant' is not 'In Bearbeitung'", () => {
    const statusWords = new Set(Object.values(REPAIR_STATUS_WORDS));
    for (const label of Object.values(INBOX_STATE_LABELS)) expect(statusWords).not.toContain(label);
  });
});
