import { randomUUID } from "node:crypto";
import { type BuildingSite, DEFAULT_SITE_TOLERANCE_M } from "@mieter-portal/contracts/services";
import type { Building } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";

/** The building at a street address: found, or created (same street address, same building). */
export async function ensureBuilding(db: Db, address: string): Promise<string> {
  const trimmed = address.trim();
  await db
    .insertInto("buildings")
    .values({
      id: randomUUID(),
      name: trimmed.split(",")[0]?.trim() || trimmed,
      address: trimmed,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column("address").doNothing())
    .execute();
  const row = await db.selectFrom("buildings").select("id").where("address", "=", trimmed).executeTakeFirstOrThrow();
  return row.id;
}

/** Buildings with their number of tenants with a running tenancy; all, or only these. */
export async function listBuildings(db: Db, only: string[] | "all"): Promise<Building[]> {
  let query = db
    .selectFrom("buildings")
    .select((eb) => [
      "buildings.id",
      "buildings.name",
      "buildings.address",
      eb
        .selectFrom("tenancies")
        .select((e) => e.fn.count<number>("tenancies.tenant_id").distinct().as("n"))
        .whereRef("tenancies.building_id", "=", "buildings.id")
        .where("tenancies.end_date", "is", null)
        .as("tenant_count"),
    ])
    .orderBy("buildings.name");
  if (only !== "all") {
    if (only.length === 0) return [];
    query = query.where("buildings.id", "in", only);
  }
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, name: r.name, address: r.address, tenant_count: Number(r.tenant_count ?? 0) }));
}

export async function buildingsExist(db: Db, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await db
    .selectFrom("buildings")
    .select("id")
    .where("id", "in", [...new Set(ids)])
    .execute();
  return rows.length === new Set(ids).size;
}

/**
 * A house's saved position and radius (what `setBuildingSite` wrote): null while none is saved,
 * undefined when the house does not exist.
 */
export async function buildingSiteOf(db: Db, buildingId: string): Promise<BuildingSite | null | undefined> {
  const row = await db
    .selectFrom("buildings")
    .select(["latitude", "longitude", "site_tolerance_m"])
    .where("id", "=", buildingId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.latitude === null || row.longitude === null) return null;
  return {
    building_id: buildingId,
    latitude: row.latitude,
    longitude: row.longitude,
    // The crews' check takes the default for a house saved without one: say the radius it uses.
    tolerance_m: row.site_tolerance_m ?? DEFAULT_SITE_TOLERANCE_M,
  };
}

/**
 * Where a house is and how far from it still counts as "am Objekt" (issue 27 §2): the crew's
 * position fix on Beginn is checked against it; the fix itself is never stored.
 */
export async function setBuildingSite(
  db: Db,
  actor: AuditActor,
  buildingId: string,
  site: { latitude: number; longitude: number; tolerance_m: number },
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom("buildings")
      .select(["latitude", "longitude", "site_tolerance_m"])
      .where("id", "=", buildingId)
      .executeTakeFirst();
    if (!before) return false;
    await trx
      .updateTable("buildings")
      .set({ latitude: site.latitude, longitude: site.longitude, site_tolerance_m: site.tolerance_m })
      .where("id", "=", buildingId)
      .execute();
    await recordAudit(trx, actor, {
      action: "building.site_set",
      entityType: "building",
      entityId: buildingId,
      buildingId,
      before,
      after: { latitude: site.latitude, longitude: site.longitude, site_tolerance_m: site.tolerance_m },
    });
    return true;
  });
}
