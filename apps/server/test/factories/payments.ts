import type { PaymentStatus } from "@mieter-portal/contracts";
import type { Db } from "../../src/db/connection.js";
import { insertInvoice as insertLedgerInvoice, insertPaymentRows } from "../../src/domain/ledger/rows.js";
import { nowIso } from "../../src/lib/time.js";
import type { TenantFixture } from "../helpers.js";

/** A calendar date shifted by whole days (UTC arithmetic on YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A payment outside the rent ledger (no period) through domain/ledger/rows.ts; by default March 2025's rent, pending. */
export async function insertPayment(
  db: Db,
  tenant: Pick<TenantFixture, "id" | "tenancyId">,
  overrides: Partial<{
    amountCents: number;
    status: PaymentStatus;
    dueDate: string;
    paidAt: string | null;
    description: string;
    createdAt: string;
  }> = {},
): Promise<string> {
  const status = overrides.status ?? "pending";
  const dueDate = overrides.dueDate ?? "2025-03-03";
  const [id] = await insertPaymentRows(db, [
    {
      tenantId: tenant.id,
      tenancyId: tenant.tenancyId,
      amountCents: overrides.amountCents ?? 75_000,
      status,
      dueDate,
      paidAt: overrides.paidAt !== undefined ? overrides.paidAt : status === "paid" ? `${dueDate}T08:00:00.000Z` : null,
      description: overrides.description ?? `Miete ${dueDate.slice(0, 7)}`,
      createdAt: overrides.createdAt ?? nowIso(),
      period: null,
    },
  ]);
  return id!;
}

export function insertInvoice(
  db: Db,
  tenantId: string,
  overrides: Partial<{
    title: string;
    amountCents: number;
    issuedAt: string;
    dueDate: string;
    paidAt: string | null;
  }> = {},
): Promise<string> {
  return insertLedgerInvoice(db, tenantId, {
    title: overrides.title ?? "Nebenkostennachzahlung 2024",
    amountCents: overrides.amountCents ?? 12_345,
    issuedAt: overrides.issuedAt ?? "2025-02-01",
    dueDate: overrides.dueDate ?? "2025-03-01",
    paidAt: overrides.paidAt ?? null,
    createdAt: nowIso(),
  });
}
