import { describe, expect, it } from "vitest";
import { paymentStatusBadge } from "./payment-status";

describe("paymentStatusBadge", () => {
  it("maps paid, pending and anything else to the spec's badges", () => {
    expect(paymentStatusBadge("paid")).toEqual({ label: "Bezahlt", tone: "success" });
    expect(paymentStatusBadge("pending")).toEqual({ label: "Ausstehend", tone: "warning" });
    expect(paymentStatusBadge("overdue").label).toBe("Überfällig");
    expect(paymentStatusBadge("whatever").label).toBe("Überfällig");
  });
});
