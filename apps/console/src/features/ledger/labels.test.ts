import { describe, expect, it } from "vitest";
import { CHARGE_STATUS, LINE_STATUS, LINE_STATUS_ORDER, parseEuros } from "./labels";

describe("ledger labels", () => {
  it("uses the spec's rent payment texts", () => {
    expect(CHARGE_STATUS.paid.label).toBe("Bezahlt");
    expect(CHARGE_STATUS.pending.label).toBe("Ausstehend");
    expect(CHARGE_STATUS.overdue.label).toBe("Überfällig");
  });

  it("names every statement line status in German, the ones that need a look first", () => {
    expect(LINE_STATUS.pending.label).toBe("Vorgemerkt");
    expect(LINE_STATUS.possible_duplicate.label).toBe("Möglicherweise bereits gebucht");
    expect(LINE_STATUS_ORDER.slice(0, 3)).toEqual(["possible_duplicate", "unmatched", "refused"]);
    expect(LINE_STATUS_ORDER.at(-1)).toBe("ignored");
    expect(new Set(LINE_STATUS_ORDER).size).toBe(8);
  });

  it("reads amounts as a property manager types them", () => {
    expect(parseEuros("750")).toBe(750);
    expect(parseEuros("750,5")).toBe(750.5);
    expect(parseEuros("1.234,56 €")).toBe(1234.56);
    expect(parseEuros("750.00")).toBe(750);
    expect(parseEuros("")).toBeUndefined();
    expect(parseEuros("7,505")).toBeUndefined();
    expect(parseEuros("-5")).toBeUndefined();
    expect(parseEuros("abc")).toBeUndefined();
  });
});
