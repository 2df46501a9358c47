import { sql } from "kysely";
import type { Db } from "../../db/connection.js";

/**
 * The one rule for a tenant's current tenancy (issue 26 §1, decision 037): the tenancy with the
 * latest start date; of two that start on the same day, the one recorded last (`created_at`), then
 * the greater id. Every query that needs "the tenant's current tenancy" goes through one of these
 * two builders — the sign-in's user record, the console's tenant names and list, the inbox, the
 * finances, the meter readings and the admin commands alike.
 */

/**
 * The tenant's current tenancy as a query on `tenancies` (one row at most); the caller selects
 * the columns it needs.
 */
export function currentTenancyOf(db: Db, tenantId: string) {
  return db
    .selectFrom("tenancies")
    .where("tenancies.tenant_id", "=", tenantId)
    .orderBy("tenancies.start_date", "desc")
    .orderBy("tenancies.created_at", "desc")
    .orderBy("tenancies.id", "desc")
    .limit(sql.lit(1));
}

/**
 * The id of the current tenancy of the tenant in the outer query's column `tenantIdColumn`
 * (e.g. "tenants.id"): a correlated subquery to join on, `current.id = (…)`.
 */
export function currentTenancyIdFor(db: Db, tenantIdColumn: "tenants.id" | "tenancies.tenant_id") {
  return db
    .selectFrom("tenancies as latest")
    .select("latest.id")
    .where("latest.tenant_id", "=", sql.ref<string>(tenantIdColumn))
    .orderBy("latest.start_date", "desc")
    .orderBy("latest.created_at", "desc")
    .orderBy("latest.id", "desc")
    .limit(sql.lit(1));
}
