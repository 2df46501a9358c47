import type { Db } from "../db/connection.js";
import { normalizeEmail } from "./auth.js";

/** Tenants and their tenancies as the admin command line finds them (creating: tenant-onboarding.ts). */

export async function findTenantByEmail(db: Db, email: string) {
  return db
    .selectFrom("tenants")
    .select(["id", "email", "first_name", "last_name"])
    .where("email_normalized", "=", normalizeEmail(email))
    .executeTakeFirst();
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
