import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";
import { tenancySearchText, tenantSearchText } from "../../lib/search-text.js";
import { tenantSortKey } from "../../lib/sort-key.js";
import { ensureBuilding } from "../staff/buildings.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

export async function insertTenant(
  db: Db,
  t: { email: string; passwordHash: string; firstName: string; lastName: string; createdAt: string },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("tenants")
    .values({
      id,
      email: t.email,
      email_normalized: t.email.trim().toLowerCase(),
      password_hash: t.passwordHash,
      first_name: t.firstName,
      last_name: t.lastName,
      search_text: tenantSearchText(t),
      sort_key: tenantSortKey(t),
      password_changed_at: t.createdAt,
      created_at: t.createdAt,
    })
    .execute();
  return id;
}

export interface TenancySeed {
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

export async function insertTenancy(db: Db, tenantId: string, t: TenancySeed): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("tenancies")
    .values({
      id,
      tenant_id: tenantId,
      address: t.address,
      building_id: await ensureBuilding(db, t.address),
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
    })
    .execute();
  return id;
}
