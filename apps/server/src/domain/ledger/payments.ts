import type { PaymentStatus, RentPayment } from "@mieter-portal/contracts";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { prepareQuery } from "../../db/prepared.js";
import type { Payment } from "../../db/types.js";
import { berlinToday, centsToEuros } from "../../lib/time.js";
import { directDebitsOfCharges } from "../sepa/charge-debits.js";

/** Payment statuses that still wait for money. */
export const UNPAID_STATUSES = ["pending", "overdue"] as const;

/**
 * `status in ('pending', 'overdue')` written out, not bound: the same condition as the partial
 * index payments_unpaid_idx (migration 0002), which the database uses only when it sees it.
 */
const isUnpaid = sql<boolean>`status in (${sql.join(UNPAID_STATUSES.map((status) => sql.lit(status)))})`;

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

const currentPaymentQuery = prepareQuery(["tenantId"], (db, p) =>
  db
    .selectFrom("payments")
    .selectAll()
    .where("tenant_id", "=", p.tenantId)
    .where(isUnpaid)
    .orderBy("due_date", "asc")
    .orderBy("created_at", "asc")
    .limit(sql.lit(1)),
);

/** The tenant's earliest payment that is not paid yet, or null. */
export async function findCurrentPayment(db: Db, tenantId: string): Promise<RentPayment | null> {
  const row = await currentPaymentQuery.executeTakeFirst(db, { tenantId });
  if (!row) return null;
  // "Lastschrift eingereicht" instead of a bare "Überfällig", or the return's reason (issue 28).
  const debit = (await directDebitsOfCharges(db, [row])).get(row.id);
  return { ...toRentPayment(row), ...(debit ? { direct_debit: debit } : {}) };
}
