import { paymentMethod } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { yearOptions } from "./finance-years";
import { dueDayText, paymentMethodLabel } from "./texts";

describe("finance labels", () => {
  it("names every payment method of the API in German", () => {
    expect(paymentMethodLabel("sepa_direct_debit")).toBe("SEPA-Lastschrift");
    expect(paymentMethodLabel("bank_transfer")).toBe("Überweisung");
    expect(paymentMethodLabel("standing_order")).toBe("Dauerauftrag");
    for (const method of paymentMethod.options) expect(paymentMethodLabel(method)).not.toBe(method);
  });

  it("shows an unknown method as it came instead of hiding it", () => {
    expect(paymentMethodLabel("cash")).toBe("cash");
  });

  it("says the due day as 'am 3. des Monats'", () => {
    expect(dueDayText(3)).toBe("am 3. des Monats");
    expect(dueDayText(15)).toBe("am 15. des Monats");
  });
});

describe("yearOptions", () => {
  it("offers the years with data and the current year, newest first, once each", () => {
    expect(yearOptions([2025, 2024, 2023], 2025)).toEqual([2025, 2024, 2023]);
    expect(yearOptions([2024, 2023], 2025)).toEqual([2025, 2024, 2023]);
    expect(yearOptions([2026, 2025, 2024], 2025)).toEqual([2026, 2025, 2024]);
    expect(yearOptions([], 2025)).toEqual([2025]);
  });
});
