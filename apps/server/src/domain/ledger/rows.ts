import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

export interface PaymentSeed {
  amountCents: number;
  status: "paid" | "pending" | "overdue";
  dueDate: string;
  paidAt: string | null;
  description: string;
  createdAt: string;
}

export async function insertPayments(db: Db, tenantId: string, tenancyId: string, payments: PaymentSeed[]) {
  // Chunks keep each statement well under SQLite's bound-parameter limit.
  for (let i = 0; i < payments.length; i += 50) {
    await db
      .insertInto("payments")
      .values(
        payments.slice(i, i + 50).map((p) => ({
          id: randomUUID(),
          tenant_id: tenantId,
          tenancy_id: tenancyId,
          amount_cents: p.amountCents,
          currency: "EUR",
          status: p.status,
          due_date: p.dueDate,
          paid_at: p.paidAt,
          description: p.description,
          created_at: p.createdAt,
          // The rent ledger's month (unique per tenancy) and what is paid of it.
          period: p.dueDate.slice(0, 7),
          paid_cents: p.status === "paid" ? p.amountCents : 0,
        })),
      )
      .execute();
  }
}

export async function insertInvoice(
  db: Db,
  tenantId: string,
  i: { title: string; amountCents: number; issuedAt: string; dueDate: string; paidAt: string | null },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("invoices")
    .values({
      id,
      tenant_id: tenantId,
      title: i.title,
      amount_cents: i.amountCents,
      currency: "EUR",
      issued_at: i.issuedAt,
      due_date: i.dueDate,
      paid_at: i.paidAt,
      created_at: i.issuedAt,
    })
    .execute();
  return id;
}
