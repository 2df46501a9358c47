import type { PaymentStatus, RentPayment } from "@mieter-portal/contracts";
import type { Db } from "../db/connection.js";
import type { Payment } from "../db/types.js";
import { berlinToday, centsToEuros } from "../lib/time.js";

/** Payment statuses that still wait for money. */
export const UNPAID_STATUSES = ["pending", "overdue"] as const;

/** A pending payment whose due date lies before today (Berlin) is reported as overdue. */
export function effectiveStatus(status: string, dueDate: string, today = berlinToday()): PaymentStatus {
  if (status === "paid") return "paid";
  if (status === "pending" && dueDate >= today) return "pending";
  return "overdue";
}

/** Maps a payments row to the API shape (euros, effective status). */
export function toRentPayment(row: Payment, today = berlinToday()): RentPayment {
  return {
    id: row.id,
    amount: centsToEuros(row.amount_cents),
    currency: row.currency,
    status: effectiveStatus(row.status, row.due_date, today),
    due_date: row.due_date,
    paid_at: row.paid_at,
    description: row.description,
  };
}

/** The tenant's earliest payment that is not paid yet, or null. */
export async function findCurrentPayment(db: Db, tenantId: string): Promise<RentPayment | null> {
  const row = await db
    .selectFrom("payments")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("status", "in", UNPAID_STATUSES)
    .orderBy("due_date", "asc")
    .orderBy("created_at", "asc")
    .limit(1)
    .executeTakeFirst();
  return row ? toRentPayment(row) : null;
}
