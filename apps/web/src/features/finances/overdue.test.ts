import type { RentPayment } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { overduePayments } from "./overdue";

const charge = (id: string, status: RentPayment["status"], due_date: string): RentPayment => ({
  id,
  amount: 750,
  currency: "EUR",
  status,
  due_date,
  paid_at: null,
  description: `Miete ${id}`,
});

describe("the charges of the 'Überfällig' card", () => {
  it("takes this year's overdue ones and last year's earliest unpaid, each once, oldest first", () => {
    const december = charge("dez", "overdue", "2025-12-03");
    const january = charge("jan", "overdue", "2026-01-03");
    const february = charge("feb", "pending", "2026-02-03");
    expect(overduePayments([february, january], december).map((p) => p.id)).toEqual(["dez", "jan"]);
    expect(overduePayments([january], january).map((p) => p.id)).toEqual(["jan"]);
    expect(overduePayments([february], february)).toEqual([]);
    expect(overduePayments([], null)).toEqual([]);
  });
});
