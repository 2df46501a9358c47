import { randomUUID } from "node:crypto";
import { addDays } from "@mieter-portal/contracts";
import {
  HEDGE_CUT_TEXTS,
  hedgeCutRestricted,
  plannedVisitSlots,
  type SchedulePlan,
  type ServiceVisit,
} from "@mieter-portal/contracts/services";
import type { Db } from "../../db/connection.js";
import type { ServicePlansTable } from "../../db/types.js";
import { berlinToday, nowIso } from "../../lib/time.js";

/**
 * Planned visits (Einsätze), issue 27 §1: the only writer of service_visits. They are generated
 * from the plans ahead of time, like the rent ledger's charges: one per plan and day (a unique key),
 * so a second run, a second process or a crash between two runs never makes a visit twice.
 */

/** How far ahead visits exist: eight weeks, so crews and tenants see the coming weeks. */
export const VISIT_HORIZON_DAYS = 56;

/** Rows per insert statement (SQLite's bound-parameter limit is 32,766; 9 columns each). */
const CHUNK = 400;

type PlanRef = Pick<ServicePlansTable, "id" | "building_id" | "service_kind_id">;

/** Makes the plan's missing visits from today (or its start) to the horizon; returns how many. */
export function generateVisitsForPlan(
  db: Db,
  plan: PlanRef,
  schedule: SchedulePlan,
  today = berlinToday(),
): Promise<number> {
  return generateVisits(db, [{ plan, schedule }], today);
}

/**
 * Makes the missing visits of many plans to the horizon in multi-row inserts of up to CHUNK rows
 * across plans (the start and the daily job: one statement per 400 visits, not one per plan).
 * `after` (a plan's latest visit already made) skips the days it already has, so a restart sends
 * nothing at all; a visit made meanwhile by another process is kept by the unique key.
 */
export async function generateVisits(
  db: Db,
  plans: { plan: PlanRef; schedule: SchedulePlan; after?: string | null }[],
  today = berlinToday(),
): Promise<number> {
  const until = addDays(today, VISIT_HORIZON_DAYS);
  const now = nowIso();
  const rows = plans.flatMap(({ plan, schedule, after }) =>
    plannedVisitSlots(schedule, today, until)
      .filter((slot) => !after || slot.date > after)
      .map((slot) => ({
        id: randomUUID(),
        plan_id: plan.id,
        building_id: plan.building_id,
        service_kind_id: plan.service_kind_id,
        planned_on: slot.date,
        window_start: slot.window.start,
        window_end: slot.window.end,
        moved_from: slot.moved_from ?? null,
        created_at: now,
      })),
  );
  let created = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const result = await db
      .insertInto("service_visits")
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(["plan_id", "planned_on"]).doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}

/** Each plan's latest visit on or after `from` (plans without one are missing from the map). */
export async function latestVisitOfPlans(db: Db, planIds: string[], from: string): Promise<Map<string, string>> {
  const latest = new Map<string, string>();
  for (let i = 0; i < planIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom("service_visits")
      .select(["plan_id", (eb) => eb.fn.max("planned_on").as("latest")])
      .where("plan_id", "in", planIds.slice(i, i + CHUNK))
      .where("planned_on", ">=", from)
      .groupBy("plan_id")
      .execute();
    for (const row of rows) if (row.latest) latest.set(row.plan_id, row.latest);
  }
  return latest;
}

/** Removes a plan's visits from a day on (a plan changed or ended). Earlier visits stay. */
export async function withdrawVisitsFrom(db: Db, planId: string, from: string): Promise<void> {
  await db.deleteFrom("service_visits").where("plan_id", "=", planId).where("planned_on", ">=", from).execute();
}

export interface VisitScope {
  buildingIds: string[] | "all";
  buildingId?: string;
}

/** The planned visits of a period (Berlin dates, inclusive) in the buildings in scope, by day. */
export async function listServiceVisits(
  db: Db,
  scope: VisitScope,
  from: string,
  until: string,
): Promise<ServiceVisit[]> {
  if (scope.buildingIds !== "all" && scope.buildingIds.length === 0) return [];
  let query = db
    .selectFrom("service_visits as v")
    .innerJoin("service_kinds as k", "k.id", "v.service_kind_id")
    .innerJoin("service_plans as p", "p.id", "v.plan_id")
    .select([
      "v.id",
      "v.plan_id",
      "v.building_id",
      "k.name as service_name",
      "k.key as service_key",
      "p.checklist",
      "v.planned_on",
      "v.window_start",
      "v.window_end",
      "v.moved_from",
    ])
    .where("v.planned_on", ">=", from)
    .where("v.planned_on", "<=", until);
  if (scope.buildingIds !== "all") query = query.where("v.building_id", "in", scope.buildingIds);
  if (scope.buildingId) query = query.where("v.building_id", "=", scope.buildingId);
  const rows = await query
    .orderBy("v.planned_on")
    .orderBy("v.window_start")
    .orderBy("k.name")
    .orderBy("v.id")
    .execute();
  const records = await recordsOfVisits(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    plan_id: row.plan_id,
    building_id: row.building_id,
    service_name: row.service_name,
    service_key: row.service_key,
    planned_on: row.planned_on,
    window: { start: row.window_start, end: row.window_end },
    moved_from: row.moved_from,
    note: row.service_key === "hecke_schneiden" && hedgeCutRestricted(row.planned_on) ? HEDGE_CUT_TEXTS.crew : null,
    checklist: JSON.parse(row.checklist) as string[],
    record: records.get(row.id) ?? null,
  }));
}

/**
 * The record of each visit: the first one begun; once sealed, the newest correction's times. A
 * correction carries the visit of the record it corrects.
 */
async function recordsOfVisits(db: Db, visitIds: string[]): Promise<Map<string, NonNullable<ServiceVisit["record"]>>> {
  const found = new Map<string, NonNullable<ServiceVisit["record"]>>();
  for (let i = 0; i < visitIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom("service_records")
      .select([
        "id",
        "visit_id",
        "started_at",
        "finished_at",
        "content_hash",
        "corrects_record_id",
        "created_at",
        "crew_first_name",
      ])
      .where("visit_id", "in", visitIds.slice(i, i + CHUNK))
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    for (const r of rows) {
      if (!r.visit_id) continue;
      const state = r.content_hash ? ("finished" as const) : ("open" as const);
      const current = found.get(r.visit_id);
      if (!current || (r.corrects_record_id !== null && state === "finished")) {
        found.set(r.visit_id, {
          id: current?.id ?? r.id,
          state,
          started_at: r.started_at,
          finished_at: r.finished_at,
          crew_first_name: r.crew_first_name,
        });
      }
    }
  }
  return found;
}
