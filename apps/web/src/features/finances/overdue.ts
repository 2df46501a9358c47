import type { RentPayment } from "@mieter-portal/contracts";

/**
 * The overdue charges the "Überfällig" card shows: this year's, and the earliest unpaid one when it
 * is overdue (in January, last December's), each once, oldest first.
 */
export function overduePayments(yearPayments: RentPayment[], current: RentPayment | null | undefined): RentPayment[] {
  const found = new Map<string, RentPayment>();
  if (current?.status === "overdue") found.set(current.id, current);
  for (const p of yearPayments) if (p.status === "overdue") found.set(p.id, p);
  return [...found.values()].sort((a, b) => a.due_date.localeCompare(b.due_date));
}
