import { randomUUID } from "node:crypto";
import { type Db, withTransaction } from "../db/connection.js";
import { normalizeEmail } from "./auth.js";
import { ensureBuilding } from "./buildings.js";

/** Tenants and their tenancies (the admin command line; the staff console follows in issue 14). */

export async function findTenantByEmail(db: Db, email: string) {
  return db
    .selectFrom("tenants")
    .select(["id", "email", "first_name", "last_name"])
    .where("email_normalized", "=", normalizeEmail(email))
    .executeTakeFirst();
}

export interface NewTenantWithTenancy {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  address: string;
  apartment: string | null;
  startDate: string;
  baseRentCents: number;
  utilitiesCents: number;
  paymentMethod: string;
  dueDay: number;
  ibanLast4: string | null;
  /** Whole seconds (tokens' iat has second precision). */
  createdAt: string;
}

/** A tenant with a running tenancy in the building at its street address (created when new). */
export async function createTenantWithTenancy(db: Db, input: NewTenantWithTenancy): Promise<string> {
  const tenantId = randomUUID();
  await withTransaction(db, async (trx) => {
    await trx
      .insertInto("tenants")
      .values({
        id: tenantId,
        email: input.email,
        email_normalized: normalizeEmail(input.email),
        password_hash: input.passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        password_changed_at: input.createdAt,
        created_at: input.createdAt,
      })
      .execute();
    await trx
      .insertInto("tenancies")
      .values({
        id: randomUUID(),
        tenant_id: tenantId,
        address: input.address,
        building_id: await ensureBuilding(trx, input.address),
        apartment_number: input.apartment,
        start_date: input.startDate,
        end_date: null,
        base_rent_cents: input.baseRentCents,
        utilities_cents: input.utilitiesCents,
        payment_method: input.paymentMethod,
        due_day: input.dueDay,
        iban_last4: input.ibanLast4,
        created_at: input.createdAt,
      })
      .execute();
  });
  return tenantId;
}

/** The tenant's current (latest) tenancy. */
export async function findCurrentTenancy(db: Db, tenantId: string) {
  return db
    .selectFrom("tenancies")
    .select(["id", "start_date", "end_date", "address", "apartment_number"])
    .where("tenant_id", "=", tenantId)
    .orderBy("start_date", "desc")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export async function setTenancyEnd(db: Db, tenancyId: string, endDate: string): Promise<void> {
  await db.updateTable("tenancies").set({ end_date: endDate }).where("id", "=", tenancyId).execute();
}
