import { randomUUID } from "node:crypto";
import type { PaymentStatus } from "@mieter-portal/contracts";
import type { Insertable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database } from "../../db/types.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

/** Rows per statement: keeps every statement well under SQLite's bound-parameter limit. */
const CHUNK = 500;

export interface PaymentSeed {
  amountCents: number;
  status: "paid" | "pending" | "overdue";
  dueDate: string;
  paidAt: string | null;
  description: string;
  createdAt: string;
}

/** A payment row of any tenancy (bulk seeding). */
export interface PaymentRowSeed extends Omit<PaymentSeed, "status"> {
  id?: string;
  tenantId: string;
  tenancyId: string;
  status: PaymentStatus;
  /** The rent ledger's month (YYYY-MM, unique per tenancy); null for a payment outside the ledger. */
  period: string | null;
  /** Paid so far; the column's default (0) unless given. */
  paidCents?: number;
}

/** Inserts payment rows in chunks; returns their ids in order. */
export async function insertPaymentRows(db: Db, payments: PaymentRowSeed[]): Promise<string[]> {
  const rows = payments.map((p) => ({
    id: p.id ?? randomUUID(),
    tenant_id: p.tenantId,
    tenancy_id: p.tenancyId,
    amount_cents: p.amountCents,
    currency: "EUR",
    status: p.status,
    due_date: p.dueDate,
    paid_at: p.paidAt,
    description: p.description,
    created_at: p.createdAt,
    period: p.period,
    ...(p.paidCents === undefined ? {} : { paid_cents: p.paidCents }),
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto("payments")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  return rows.map((r) => r.id);
}

/** A tenancy's monthly charges: the rent ledger's month is the due date's, paid in full or not at all. */
export async function insertPayments(db: Db, tenantId: string, tenancyId: string, payments: PaymentSeed[]) {
  await insertPaymentRows(
    db,
    payments.map((p) => ({
      ...p,
      tenantId,
      tenancyId,
      period: p.dueDate.slice(0, 7),
      paidCents: p.status === "paid" ? p.amountCents : 0,
    })),
  );
}

export async function insertInvoice(
  db: Db,
  tenantId: string,
  i: {
    title: string;
    amountCents: number;
    issuedAt: string;
    dueDate: string;
    paidAt: string | null;
    createdAt?: string;
  },
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
      created_at: i.createdAt ?? i.issuedAt,
    })
    .execute();
  return id;
}

/**
 * The ledger's own tables for a grown portfolio (the bench): rent accounts, bank transactions and
 * their allocations to charges, as rows of the tables' types, inserted in chunks.
 */
export async function insertLedgerRows(
  db: Db,
  rows: {
    accounts?: Insertable<Database["rent_accounts"]>[];
    transactions?: Insertable<Database["bank_transactions"]>[];
    allocations?: Insertable<Database["payment_allocations"]>[];
  },
): Promise<void> {
  const { accounts = [], transactions = [], allocations = [] } = rows;
  for (let i = 0; i < accounts.length; i += CHUNK) {
    await db
      .insertInto("rent_accounts")
      .values(accounts.slice(i, i + CHUNK))
      .execute();
  }
  for (let i = 0; i < transactions.length; i += CHUNK) {
    await db
      .insertInto("bank_transactions")
      .values(transactions.slice(i, i + CHUNK))
      .execute();
  }
  for (let i = 0; i < allocations.length; i += CHUNK) {
    await db
      .insertInto("payment_allocations")
      .values(allocations.slice(i, i + CHUNK))
      .execute();
  }
}
