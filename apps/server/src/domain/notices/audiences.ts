import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { berlinToday } from "../../lib/time.js";
import { hasPortalAccess, OPEN_END } from "../tenants/auth.js";

/**
 * Who a notice or a published document reaches (issue 14 §3, §4;
 * docs/decisions/014-notices-and-documents-to-many.md):
 * - a building: the tenants with a running tenancy there (no end date, or one not yet passed);
 * - every building: every tenant who may sign in (a running tenancy, or one that ended less than
 *   the access period ago — the portal's own rule in repositories/auth.ts).
 */

export interface AudienceTenant {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  notify_email: number;
}

const TENANT_COLUMNS = [
  "tenants.id",
  "tenants.email",
  "tenants.first_name",
  "tenants.last_name",
  "tenants.notify_email",
] as const;

/** The tenants of a building (running tenancy), or with buildingId null every tenant with portal access. */
export async function audienceOf(db: Db, buildingId: string | null, today = berlinToday()): Promise<AudienceTenant[]> {
  if (buildingId !== null) {
    const rows = await db
      .selectFrom("tenants")
      .select(TENANT_COLUMNS)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("tenancies")
            .select("tenancies.id")
            .whereRef("tenancies.tenant_id", "=", "tenants.id")
            .where("tenancies.building_id", "=", buildingId)
            .where((e) => e.or([e("tenancies.end_date", "is", null), e("tenancies.end_date", ">=", today)])),
        ),
      )
      .orderBy("tenants.id")
      .execute();
    return rows.map((r) => ({ ...r, notify_email: Number(r.notify_email) }));
  }
  const rows = await db
    .selectFrom("tenants")
    .innerJoin("tenancies", "tenancies.tenant_id", "tenants.id")
    .select([...TENANT_COLUMNS, (eb) => eb.fn.max(eb.fn.coalesce("tenancies.end_date", sql.lit(OPEN_END))).as("end")])
    .groupBy(TENANT_COLUMNS)
    .orderBy("tenants.id")
    .execute();
  return rows
    .filter((r) => hasPortalAccess(r.end as string | null, today))
    .map(({ end: _end, ...r }) => ({ ...r, notify_email: Number(r.notify_email) }));
}

/** The buildings of the tenant's running tenancies (whose notices the tenant sees). */
export async function runningBuildingIds(db: Db, tenantId: string, today = berlinToday()): Promise<string[]> {
  const rows = await db
    .selectFrom("tenancies")
    .select("building_id")
    .where("tenant_id", "=", tenantId)
    .where("building_id", "is not", null)
    .where((e) => e.or([e("end_date", "is", null), e("end_date", ">=", today)]))
    .execute();
  return [...new Set(rows.map((r) => r.building_id as string))];
}
