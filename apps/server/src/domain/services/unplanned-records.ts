import type { UnplannedServiceRecord } from "@mieter-portal/contracts/services";
import type { Db } from "../../db/connection.js";
import { berlinToday } from "../../lib/time.js";

/**
 * The unplanned Einsätze begun in a period (Berlin dates, inclusive) in the buildings in scope,
 * oldest first: each first record, with its newest correction's times once sealed.
 */
export async function listUnplannedRecords(
  db: Db,
  scope: { buildingIds: string[] | "all"; buildingId?: string },
  from: string,
  until: string,
): Promise<UnplannedServiceRecord[]> {
  if (scope.buildingIds !== "all" && scope.buildingIds.length === 0) return [];
  let query = db
    .selectFrom("service_records as r")
    .innerJoin("service_kinds as k", "k.id", "r.service_kind_id")
    .select([
      "r.id",
      "r.building_id",
      "k.name as service_name",
      "k.key as service_key",
      "r.started_at",
      "r.finished_at",
      "r.crew_first_name",
      "r.team",
    ])
    .where("r.visit_id", "is", null)
    .where("r.corrects_record_id", "is", null)
    // Berlin days: a day's first instant is at most 2 h before UTC midnight, its last at most 2 h after.
    .where("r.started_at", ">=", new Date(Date.parse(`${from}T00:00:00Z`) - 2 * 3_600_000).toISOString())
    .where("r.started_at", "<", new Date(Date.parse(`${until}T00:00:00Z`) + 26 * 3_600_000).toISOString());
  if (scope.buildingIds !== "all") query = query.where("r.building_id", "in", scope.buildingIds);
  if (scope.buildingId) query = query.where("r.building_id", "=", scope.buildingId);
  const rows = await query.orderBy("r.started_at").orderBy("r.id").execute();
  // Corrections may correct corrections: follow each chain to its newest link, by creation.
  const latest = new Map<string, { started_at: string; finished_at: string | null; created_at: string }>();
  let frontier = new Map(rows.map((r) => [r.id, r.id] as const));
  while (frontier.size > 0) {
    const next = new Map<string, string>();
    const ids = [...frontier.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      const corrections = await db
        .selectFrom("service_records")
        .select(["id", "corrects_record_id", "started_at", "finished_at", "created_at"])
        .where("corrects_record_id", "in", ids.slice(i, i + 500))
        .execute();
      for (const c of corrections) {
        const root = frontier.get(c.corrects_record_id!)!;
        const known = latest.get(root);
        if (!known || known.created_at <= c.created_at) latest.set(root, c);
        next.set(c.id, root);
      }
    }
    frontier = next;
  }
  return rows
    .map((row) => {
      const times = latest.get(row.id) ?? row;
      return {
        id: row.id,
        building_id: row.building_id,
        service_name: row.service_name,
        service_key: row.service_key,
        started_at: times.started_at,
        finished_at: times.finished_at,
        state: times.finished_at ? ("finished" as const) : ("open" as const),
        crew_first_name: row.crew_first_name,
        team: row.team,
      };
    })
    .filter((r) => {
      const day = berlinToday(new Date(r.started_at));
      return day >= from && day <= until;
    });
}
