import type { TenantRef } from "@mieter-portal/contracts/staff";
import type { Db } from "../db/connection.js";

/** The tenant as the console names them: name, e-mail, building and apartment of the current tenancy. */
export async function tenantRefOf(
  db: Db,
  tenantId: string,
): Promise<(TenantRef & { buildingId: string | null }) | undefined> {
  const row = await db
    .selectFrom("tenants")
    .leftJoin("tenancies as current", (join) =>
      join.on((eb) =>
        eb(
          "current.id",
          "=",
          eb
            .selectFrom("tenancies")
            .select("tenancies.id")
            .whereRef("tenancies.tenant_id", "=", "tenants.id")
            .orderBy("tenancies.start_date", "desc")
            .orderBy("tenancies.created_at", "desc")
            .orderBy("tenancies.id", "desc")
            .limit(1),
        ),
      ),
    )
    .leftJoin("buildings", "buildings.id", "current.building_id")
    .select([
      "tenants.id",
      "tenants.first_name",
      "tenants.last_name",
      "tenants.email",
      "current.apartment_number",
      "buildings.id as building_id",
      "buildings.name as building_name",
    ])
    .where("tenants.id", "=", tenantId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    building: row.building_id ? { id: row.building_id, name: row.building_name ?? "" } : null,
    unit: row.apartment_number ?? null,
    buildingId: row.building_id ?? null,
  };
}

export async function staffRefOf(db: Db, staffId: string | null) {
  if (!staffId) return null;
  const row = await db.selectFrom("staff_users").select(["id", "name"]).where("id", "=", staffId).executeTakeFirst();
  return row ?? null;
}
