import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";
import { tenancySearchText, tenantSearchText } from "../../lib/search-text.js";
import { tenantSortKey } from "../../lib/sort-key.js";
import { ensureBuilding } from "../staff/buildings.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions. The derived columns (normalised e-mail, search text, sort key) are computed
 * here, the way the module's other writers compute them.
 */

/** Rows per statement: keeps every statement well under SQLite's bound-parameter limit. */
const CHUNK = 500;

export interface TenantSeed {
  /** A given id (bulk seeding that links rows itself); a new one otherwise. */
  id?: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  /** When the password was last set; createdAt unless given. */
  passwordChangedAt?: string;
}

/** Inserts the tenants in chunks; returns their ids in order. */
export async function insertTenants(db: Db, tenants: TenantSeed[]): Promise<string[]> {
  const rows = tenants.map((t) => ({
    id: t.id ?? randomUUID(),
    email: t.email,
    email_normalized: t.email.trim().toLowerCase(),
    password_hash: t.passwordHash,
    first_name: t.firstName,
    last_name: t.lastName,
    search_text: tenantSearchText(t),
    sort_key: tenantSortKey(t),
    password_changed_at: t.passwordChangedAt ?? t.createdAt,
    created_at: t.createdAt,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto("tenants")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  return rows.map((r) => r.id);
}

export async function insertTenant(db: Db, t: TenantSeed): Promise<string> {
  const [id] = await insertTenants(db, [t]);
  return id!;
}

export interface TenancySeed {
  id?: string;
  address: string;
  apartmentNumber: string | null;
  startDate: string;
  endDate?: string | null;
  baseRentCents: number;
  utilitiesCents: number;
  paymentMethod: "sepa_direct_debit" | "bank_transfer" | "standing_order";
  dueDay: number;
  ibanLast4?: string | null;
  createdAt: string;
}

/**
 * Inserts the tenancies in chunks with the building each names (null: none, as tenancies created
 * before buildings existed); returns their ids in order.
 */
export async function insertTenancies(
  db: Db,
  tenancies: (TenancySeed & { tenantId: string; buildingId: string | null })[],
): Promise<string[]> {
  const rows = tenancies.map((t) => ({
    id: t.id ?? randomUUID(),
    tenant_id: t.tenantId,
    address: t.address,
    building_id: t.buildingId,
    apartment_number: t.apartmentNumber,
    search_text: tenancySearchText({ address: t.address, unit: t.apartmentNumber }),
    start_date: t.startDate,
    end_date: t.endDate ?? null,
    base_rent_cents: t.baseRentCents,
    utilities_cents: t.utilitiesCents,
    payment_method: t.paymentMethod,
    due_day: t.dueDay,
    iban_last4: t.ibanLast4 ?? null,
    created_at: t.createdAt,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto("tenancies")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  return rows.map((r) => r.id);
}

/** One tenancy in the building at its address (created when it is new). */
export async function insertTenancy(db: Db, tenantId: string, t: TenancySeed): Promise<string> {
  const [id] = await insertTenancies(db, [{ ...t, tenantId, buildingId: await ensureBuilding(db, t.address) }]);
  return id!;
}
