import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/connection.js";
import { nowIso } from "../../src/lib/time.js";
import type { TenantFixture } from "../helpers.js";

/** A calendar date shifted by whole days (UTC arithmetic on YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export async function insertPayment(
  db: Db,
  tenant: Pick<TenantFixture, "id" | "tenancyId">,
  overrides: Partial<{
    amountCents: number;
    status: string;
    dueDate: string;
    paidAt: string | null;
    description: string;
    createdAt: string;
  }> = {},
): Promise<string> {
  const id = randomUUID();
  const status = overrides.status ?? "pending";
  const dueDate = overrides.dueDate ?? "2025-03-03";
  await db
    .insertInto("payments")
    .values({
      id,
      tenant_id: tenant.id,
      tenancy_id: tenant.tenancyId,
      amount_cents: overrides.amountCents ?? 75_000,
      currency: "EUR",
      status,
      due_date: dueDate,
      paid_at:
        overrides.paidAt !== undefined ? overrides.paidAt : status === "paid" ? `${dueDate}T08:00:00.000Z` : null,
      description: overrides.description ?? `Miete ${dueDate.slice(0, 7)}`,
      created_at: overrides.createdAt ?? nowIso(),
    })
    .execute();
  return id;
}

export async function insertInvoice(
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
  const id = randomUUID();
  await db
    .insertInto("invoices")
    .values({
      id,
      tenant_id: tenantId,
      title: overrides.title ?? "Nebenkostennachzahlung 2024",
      amount_cents: overrides.amountCents ?? 12_345,
      currency: "EUR",
      issued_at: overrides.issuedAt ?? "2025-02-01",
      due_date: overrides.dueDate ?? "2025-03-01",
      paid_at: overrides.paidAt ?? null,
      created_at: nowIso(),
    })
    .execute();
  return id;
}
