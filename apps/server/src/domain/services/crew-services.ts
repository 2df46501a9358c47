import type { CrewService } from "@mieter-portal/contracts/services";
import type { Db } from "../../db/connection.js";
import { berlinToday } from "../../lib/time.js";
import { planRunningOn } from "./plans.js";
import type { VisitScope } from "./visits.js";

/**
 * The services a crew member may record unplanned in the buildings in scope (issue 27 §2): each
 * service with a plan running there today, with that plan's checklist and team (the newest plan if
 * two run), and the catalogue's "Sonstige Leistung" in every building.
 */
export async function listCrewServices(db: Db, scope: VisitScope, today = berlinToday()): Promise<CrewService[]> {
  if (scope.buildingIds !== "all" && scope.buildingIds.length === 0) return [];
  let plans = db
    .selectFrom("service_plans as p")
    .innerJoin("service_kinds as k", "k.id", "p.service_kind_id")
    .select([
      "p.building_id",
      "p.service_kind_id",
      "k.key as service_key",
      "k.name as service_name",
      "p.checklist",
      "p.team",
      "p.valid_from",
    ])
    .where(planRunningOn(today));
  let buildings = db.selectFrom("buildings").select("id");
  if (scope.buildingIds !== "all") {
    plans = plans.where("p.building_id", "in", scope.buildingIds);
    buildings = buildings.where("id", "in", scope.buildingIds);
  }
  const [rows, buildingRows, other] = await Promise.all([
    plans.orderBy("p.valid_from", "desc").orderBy("p.id").execute(),
    buildings.orderBy("id").execute(),
    db.selectFrom("service_kinds").select(["id", "key", "name"]).where("key", "=", "sonstige").executeTakeFirst(),
  ]);
  const found = new Map<string, CrewService>();
  for (const row of rows) {
    const key = `${row.building_id}/${row.service_kind_id}`;
    if (found.has(key)) continue;
    found.set(key, {
      building_id: row.building_id,
      service_kind_id: row.service_kind_id,
      service_key: row.service_key,
      service_name: row.service_name,
      checklist: JSON.parse(row.checklist) as string[],
      team: row.team,
    });
  }
  if (other)
    for (const { id } of buildingRows)
      if (!found.has(`${id}/${other.id}`))
        found.set(`${id}/${other.id}`, {
          building_id: id,
          service_kind_id: other.id,
          service_key: other.key,
          service_name: other.name,
          checklist: [],
          team: null,
        });
  return [...found.values()].sort(
    (a, b) =>
      a.building_id.localeCompare(b.building_id) ||
      Number(a.service_key === "sonstige") - Number(b.service_key === "sonstige") ||
      a.service_name.localeCompare(b.service_name, "de"),
  );
}
