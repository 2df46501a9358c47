import { randomUUID } from "node:crypto";
import { addDays } from "@mieter-portal/contracts";
import type {
  ServiceRating,
  ServiceRatingRequest,
  ServiceRatingsSummary,
  TenantRatableVisit,
} from "@mieter-portal/contracts/services";
import type { Db } from "../../db/connection.js";
import { berlinToday, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { currentTenancyOf } from "../tenants/current-tenancy.js";

/**
 * Ratings of finished visits (issue 27 §3, decision 048): the only writer of service_ratings. One per
 * tenant and visit (a unique key); a second rating of the same visit changes the first, so a phone
 * that sends a changed mind later wins, and a retry with the same Idempotency-Key gets the first
 * answer. Staff read averages per service and team and the comments, never who wrote them.
 */

/** How far back a tenant sees visits to rate. */
const RATABLE_DAYS = 30;

async function buildingOfTenant(db: Db, tenantId: string): Promise<string | null> {
  const tenancy = await currentTenancyOf(db, tenantId).select("building_id").executeTakeFirst();
  return tenancy?.building_id ?? null;
}

/** The sealed records of the visits (newest first), and who did them. */
function sealedRecordsOf(db: Db, visitIds: string[]) {
  return db
    .selectFrom("service_records")
    .select(["visit_id", "team", "finished_at"])
    .where("visit_id", "in", visitIds)
    .where("content_hash", "is not", null)
    .where("content_hash", "!=", "")
    .orderBy("finished_at", "desc")
    .execute();
}

export type RatingRefusal = "not_found" | "not_finished";

/**
 * Saves the tenant's rating of a visit of their house whose service the management shows tenants
 * (else not_found: the route answers 404, as for anything not theirs) and which has a finished
 * record (else not_finished: 409). Writes in the caller's transaction, with the audit entry.
 */
export async function rateVisit(
  db: Db,
  actor: AuditActor & { tenantId: string },
  visitId: string,
  input: ServiceRatingRequest,
): Promise<{ created: boolean; rating: ServiceRating } | RatingRefusal> {
  const buildingId = await buildingOfTenant(db, actor.tenantId);
  if (!buildingId) return "not_found";
  const visit = await db
    .selectFrom("service_visits as v")
    .innerJoin("service_plans as p", "p.id", "v.plan_id")
    .select(["v.id", "v.building_id", "v.service_kind_id", "v.planned_on"])
    .where("v.id", "=", visitId)
    .where("v.building_id", "=", buildingId)
    .where("p.tenant_visible", "=", 1)
    .executeTakeFirst();
  if (!visit) return "not_found";
  const [record] = await sealedRecordsOf(db, [visit.id]);
  if (!record) return "not_finished";
  const before = await db
    .selectFrom("service_ratings")
    .select(["id", "stars", "comment"])
    .where("visit_id", "=", visit.id)
    .where("tenant_id", "=", actor.tenantId)
    .executeTakeFirst();
  const at = nowIso();
  const id = before?.id ?? randomUUID();
  await db
    .insertInto("service_ratings")
    .values({
      id,
      visit_id: visit.id,
      tenant_id: actor.tenantId,
      building_id: visit.building_id,
      service_kind_id: visit.service_kind_id,
      team: record.team,
      planned_on: visit.planned_on,
      stars: input.stars,
      comment: input.comment,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(["visit_id", "tenant_id"]).doUpdateSet({ stars: input.stars, comment: input.comment, updated_at: at }),
    )
    .execute();
  await recordAudit(db, actor, {
    action: "service_rating.saved",
    entityType: "service_rating",
    entityId: id,
    buildingId: visit.building_id,
    ...(before ? { before: { stars: before.stars, comment: before.comment } } : {}),
    after: { stars: input.stars, comment: input.comment },
  });
  return {
    created: !before,
    rating: { visit_id: visit.id, stars: input.stars, comment: input.comment, updated_at: at },
  };
}

/** The finished visits of the last 30 days the tenant may rate, newest first, with their own rating. */
export async function ratableVisits(db: Db, tenantId: string, today = berlinToday()): Promise<TenantRatableVisit[]> {
  const buildingId = await buildingOfTenant(db, tenantId);
  if (!buildingId) return [];
  const visits = await db
    .selectFrom("service_visits as v")
    .innerJoin("service_plans as p", "p.id", "v.plan_id")
    .innerJoin("service_kinds as k", "k.id", "v.service_kind_id")
    .select(["v.id", "v.service_kind_id", "k.name", "v.planned_on"])
    .where("v.building_id", "=", buildingId)
    .where("p.tenant_visible", "=", 1)
    .where("v.planned_on", ">=", addDays(today, -RATABLE_DAYS))
    .where("v.planned_on", "<=", today)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("service_records as r")
          .select("r.id")
          .whereRef("r.visit_id", "=", "v.id")
          .where("r.content_hash", "is not", null)
          .where("r.content_hash", "!=", ""),
      ),
    )
    .orderBy("v.planned_on", "desc")
    .orderBy("k.name")
    .limit(100)
    .execute();
  if (visits.length === 0) return [];
  const ids = visits.map((v) => v.id);
  const finished = new Map<string, string>();
  for (const r of await sealedRecordsOf(db, ids))
    if (r.visit_id && r.finished_at && !finished.has(r.visit_id)) finished.set(r.visit_id, r.finished_at);
  const mine = await db
    .selectFrom("service_ratings")
    .select(["visit_id", "stars", "comment", "updated_at"])
    .where("tenant_id", "=", tenantId)
    .where("visit_id", "in", ids)
    .execute();
  const ratingOf = new Map(mine.map((r) => [r.visit_id, r]));
  return visits.map((v) => ({
    visit_id: v.id,
    service_kind_id: v.service_kind_id,
    service_name: v.name,
    planned_on: v.planned_on,
    finished_at: finished.get(v.id) ?? "",
    my_rating: ratingOf.get(v.id) ?? null,
  }));
}

const average = (sum: number, count: number) => (count === 0 ? 0 : Math.round((sum / count) * 100) / 100);

/**
 * The staff's figures of a period (visit days, inclusive) in the buildings in scope: average and
 * count per service and per team, and the comments without who wrote them.
 */
export async function ratingsSummary(
  db: Db,
  buildingIds: string[] | "all",
  from: string,
  until: string,
): Promise<ServiceRatingsSummary> {
  if (buildingIds !== "all" && buildingIds.length === 0) return { by_service: [], by_team: [], comments: [] };
  let query = db
    .selectFrom("service_ratings as r")
    .innerJoin("service_kinds as k", "k.id", "r.service_kind_id")
    .select(["r.service_kind_id", "k.name", "r.team", "r.stars", "r.comment", "r.planned_on"])
    .where("r.planned_on", ">=", from)
    .where("r.planned_on", "<=", until);
  if (buildingIds !== "all") query = query.where("r.building_id", "in", buildingIds);
  const rows = await query.orderBy("r.planned_on", "desc").orderBy("r.updated_at", "desc").execute();
  const byService = new Map<string, { name: string; sum: number; count: number }>();
  const byTeam = new Map<string | null, { sum: number; count: number }>();
  for (const r of rows) {
    const s = byService.get(r.service_kind_id) ?? { name: r.name, sum: 0, count: 0 };
    s.sum += r.stars;
    s.count++;
    byService.set(r.service_kind_id, s);
    const t = byTeam.get(r.team) ?? { sum: 0, count: 0 };
    t.sum += r.stars;
    t.count++;
    byTeam.set(r.team, t);
  }
  return {
    by_service: [...byService.entries()]
      .map(([id, s]) => ({
        service_kind_id: id,
        service_name: s.name,
        average: average(s.sum, s.count),
        count: s.count,
      }))
      .sort((a, b) => a.service_name.localeCompare(b.service_name, "de")),
    by_team: [...byTeam.entries()]
      .map(([team, t]) => ({ team, average: average(t.sum, t.count), count: t.count }))
      .sort((a, b) => (a.team ?? "").localeCompare(b.team ?? "", "de")),
    comments: rows.flatMap((r) =>
      r.comment
        ? [{ service_name: r.name, team: r.team, planned_on: r.planned_on, stars: r.stars, comment: r.comment }]
        : [],
    ),
  };
}
