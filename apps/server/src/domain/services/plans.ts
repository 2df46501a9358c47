import { randomUUID } from "node:crypto";
import { addDays } from "@mieter-portal/contracts";
import {
  DEFAULT_WINTER_HOURS,
  describeRecurrence,
  describeSeason,
  HEDGE_CUT_TEXTS,
  hedgeCutRestricted,
  inSeason,
  type SchedulePlan,
  type ServicePlan,
  type ServicePlanChangeRequest,
  type ServicePlanRequest,
  serviceRecurrence,
} from "@mieter-portal/contracts/services";
import { type SqlBool, sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import type { ServicePlansTable } from "../../db/types.js";
import { berlinToday, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { findServiceKind, toServiceKind } from "./catalogue.js";
import { generateVisits, generateVisitsForPlan, latestVisitOfPlans, withdrawVisitsFrom } from "./visits.js";

/**
 * Service plans (issue 27 §1, decision 041): the only writer of service_plans. A plan is never
 * edited in place: a change ends it the day before the change applies and starts its successor, so
 * the visits already made (and, later, their proof) keep the plan they were made under.
 */

export const WINTER_SERVICE_KEY = "winterdienst";
export const HEDGE_SERVICE_KEY = "hecke_schneiden";

export const PLAN_REFUSALS = {
  startsInPast: "Ein Plan gilt frühestens ab heute. Bitte wählen Sie heute oder einen späteren Tag.",
  changeNotFuture: "Eine Änderung gilt frühestens ab morgen; die Einsätze bis heute bleiben, wie sie waren.",
  unknownService: "Diese Leistung gibt es nicht. Bitte wählen Sie eine Leistung aus dem Katalog.",
  ended: "Dieser Plan ist bereits beendet. Bitte legen Sie einen neuen Plan an.",
  endBeforeStart: "Das Ende des Plans darf nicht vor seinem Beginn liegen.",
  endInPast: "Ein Plan endet frühestens heute. Bitte wählen Sie heute oder einen späteren Tag.",
} as const;
export type PlanRefusal = keyof typeof PLAN_REFUSALS;

/** A plan (aliased `p` in the query) still running on `today`: not ended, or ending today or later. */
export function planRunningOn(today: string) {
  return sql<SqlBool>`(p.valid_until is null or p.valid_until >= ${today})`;
}

type PlanRow = ServicePlansTable;

/** What the generator reads of a stored plan. */
export function scheduleOf(row: PlanRow, serviceKey: string): SchedulePlan {
  const window = { start: row.window_start, end: row.window_end };
  return {
    recurrence: serviceRecurrence.parse(JSON.parse(row.recurrence)),
    season: row.season_from && row.season_until ? { from: row.season_from, until: row.season_until } : null,
    window,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    winter_hours:
      serviceKey === WINTER_SERVICE_KEY
        ? {
            weekday: window,
            sunday_holiday:
              row.rest_day_window_start && row.rest_day_window_end
                ? { start: row.rest_day_window_start, end: row.rest_day_window_end }
                : DEFAULT_WINTER_HOURS.sunday_holiday,
          }
        : null,
  };
}

/** Hedges: warn when the plan's season has days from March to September (§ 39 Abs. 5 BNatSchG). */
function planWarnings(serviceKey: string, schedule: SchedulePlan): string[] {
  if (serviceKey !== HEDGE_SERVICE_KEY) return [];
  // A leap year holds every month-day a season can name.
  for (let date = "2024-03-01"; date <= "2024-09-30"; date = addDays(date, 1)) {
    if (hedgeCutRestricted(date) && inSeason(date, schedule.season)) return [HEDGE_CUT_TEXTS.planWarning];
  }
  return [];
}

type PlanFields = Omit<ServicePlanRequest, "building_id" | "service_kind_id" | "valid_from">;

function rowOf(
  fields: PlanFields,
  ids: { building_id: string; service_kind_id: string; valid_from: string; predecessor_id: string | null },
  actor: AuditActor,
): PlanRow {
  return {
    id: randomUUID(),
    building_id: ids.building_id,
    service_kind_id: ids.service_kind_id,
    recurrence: JSON.stringify(fields.recurrence),
    season_from: fields.season?.from ?? null,
    season_until: fields.season?.until ?? null,
    window_start: fields.window.start,
    window_end: fields.window.end,
    rest_day_window_start: fields.rest_day_window?.start ?? null,
    rest_day_window_end: fields.rest_day_window?.end ?? null,
    checklist: JSON.stringify(fields.checklist),
    team: fields.team,
    responsible_staff_id: fields.responsible_staff_id,
    tenant_visible: fields.tenant_visible ? 1 : 0,
    valid_from: ids.valid_from,
    valid_until: fields.valid_until,
    predecessor_id: ids.predecessor_id,
    created_by: actor.staffId,
    created_at: nowIso(),
  };
}

/** The plan as the audit log shows it (German values; see domain/audit/audit-labels.ts). */
function snapshot(row: PlanRow) {
  const schedule = scheduleOf(row, "");
  return {
    recurrence: describeRecurrence(schedule.recurrence),
    season: schedule.season ? describeSeason(schedule.season) : null,
    window: `${row.window_start}–${row.window_end} Uhr`,
    checklist: JSON.parse(row.checklist) as string[],
    team: row.team,
    tenant_visible: row.tenant_visible === 1,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
  };
}

/** A new plan; its visits are generated at once for the horizon. */
export async function createServicePlan(
  db: Db,
  actor: AuditActor,
  input: ServicePlanRequest,
  today = berlinToday(),
): Promise<{ id: string } | PlanRefusal> {
  if (input.valid_from < today) return "startsInPast";
  const kind = await findServiceKind(db, input.service_kind_id);
  if (!kind) return "unknownService";
  const row = rowOf(input, { ...input, predecessor_id: null }, actor);
  return withTransaction(db, async (trx) => {
    await trx.insertInto("service_plans").values(row).execute();
    await generateVisitsForPlan(trx, row, scheduleOf(row, kind.key), today);
    await recordAudit(trx, actor, {
      action: "service_plan.created",
      entityType: "service_plan",
      entityId: row.id,
      buildingId: row.building_id,
      after: snapshot(row),
    });
    return { id: row.id };
  });
}

/**
 * Changes a plan from `effective_from` (tomorrow at the earliest): the plan ends the day before,
 * its visits from that day are withdrawn, and a successor with the new fields makes its own.
 */
export async function changeServicePlan(
  db: Db,
  actor: AuditActor,
  planId: string,
  input: ServicePlanChangeRequest,
  today = berlinToday(),
): Promise<{ id: string } | PlanRefusal | "not_found"> {
  if (input.effective_from <= today) return "changeNotFuture";
  return withTransaction(db, async (trx) => {
    const old = await trx.selectFrom("service_plans").selectAll().where("id", "=", planId).executeTakeFirst();
    if (!old) return "not_found";
    if (old.valid_until !== null && old.valid_until < input.effective_from) return "ended";
    const kind = await findServiceKind(trx, old.service_kind_id);
    if (!kind) return "unknownService";
    const lastDay = addDays(input.effective_from, -1);
    const from = input.effective_from > old.valid_from ? input.effective_from : old.valid_from;
    // A plan that had not started yet is replaced whole: it ends before it began.
    const ended = lastDay < old.valid_from ? addDays(old.valid_from, -1) : lastDay;
    await trx.updateTable("service_plans").set({ valid_until: ended }).where("id", "=", old.id).execute();
    await withdrawVisitsFrom(trx, old.id, input.effective_from);
    const row = rowOf(
      input,
      { building_id: old.building_id, service_kind_id: old.service_kind_id, valid_from: from, predecessor_id: old.id },
      actor,
    );
    await trx.insertInto("service_plans").values(row).execute();
    await generateVisitsForPlan(trx, row, scheduleOf(row, kind.key), today);
    await recordAudit(trx, actor, {
      action: "service_plan.changed",
      entityType: "service_plan",
      entityId: row.id,
      buildingId: row.building_id,
      before: { ...snapshot(old), id: old.id },
      after: snapshot(row),
    });
    return { id: row.id };
  });
}

/** Ends a plan after `lastDay` (today at the earliest): its later visits are withdrawn. */
export async function endServicePlan(
  db: Db,
  actor: AuditActor,
  planId: string,
  lastDay: string,
  today = berlinToday(),
): Promise<"ok" | PlanRefusal | "not_found"> {
  if (lastDay < today) return "endInPast";
  return withTransaction(db, async (trx) => {
    const old = await trx.selectFrom("service_plans").selectAll().where("id", "=", planId).executeTakeFirst();
    if (!old) return "not_found";
    if (old.valid_until !== null && old.valid_until < today) return "ended";
    if (lastDay < old.valid_from) return "endBeforeStart";
    await trx.updateTable("service_plans").set({ valid_until: lastDay }).where("id", "=", old.id).execute();
    await withdrawVisitsFrom(trx, old.id, addDays(lastDay, 1));
    await recordAudit(trx, actor, {
      action: "service_plan.ended",
      entityType: "service_plan",
      entityId: old.id,
      buildingId: old.building_id,
      before: { valid_until: old.valid_until },
      after: { valid_until: lastDay },
    });
    return "ok";
  });
}

/** The building a plan belongs to (for the scope check), or undefined. */
export async function servicePlanBuilding(db: Db, planId: string): Promise<string | undefined> {
  const row = await db.selectFrom("service_plans").select("building_id").where("id", "=", planId).executeTakeFirst();
  return row?.building_id;
}

/**
 * The plans of the given buildings (all when `buildingIds` is "all"), current and future ones
 * first; ended plans only when `includeEnded`.
 */
export async function listServicePlans(
  db: Db,
  buildingIds: string[] | "all",
  options: { buildingId?: string; includeEnded?: boolean; today?: string } = {},
): Promise<ServicePlan[]> {
  if (buildingIds !== "all" && buildingIds.length === 0) return [];
  const today = options.today ?? berlinToday();
  let query = db
    .selectFrom("service_plans as p")
    .innerJoin("service_kinds as k", "k.id", "p.service_kind_id")
    .innerJoin("buildings as b", "b.id", "p.building_id")
    .selectAll("p")
    .select([
      "k.key as kind_key",
      "k.name as kind_name",
      "k.category as kind_category",
      "k.checklist as kind_checklist",
      "b.name as building_name",
    ]);
  if (buildingIds !== "all") query = query.where("p.building_id", "in", buildingIds);
  if (options.buildingId) query = query.where("p.building_id", "=", options.buildingId);
  if (!options.includeEnded) query = query.where(planRunningOn(today));
  const rows = await query.orderBy("b.name").orderBy("k.name").orderBy("p.valid_from").orderBy("p.id").execute();
  return rows.map((row) => {
    const schedule = scheduleOf(row, row.kind_key);
    return {
      id: row.id,
      building_id: row.building_id,
      building_name: row.building_name,
      service_kind: toServiceKind({
        id: row.service_kind_id,
        key: row.kind_key,
        name: row.kind_name,
        category: row.kind_category,
        checklist: row.kind_checklist,
      }),
      recurrence: schedule.recurrence,
      season: schedule.season ?? null,
      window: schedule.window,
      rest_day_window: schedule.winter_hours ? schedule.winter_hours.sunday_holiday : null,
      checklist: JSON.parse(row.checklist) as string[],
      team: row.team,
      responsible_staff_id: row.responsible_staff_id,
      tenant_visible: row.tenant_visible === 1,
      valid_from: row.valid_from,
      valid_until: row.valid_until,
      predecessor_id: row.predecessor_id,
      warnings: planWarnings(row.kind_key, schedule),
    };
  });
}

/**
 * Extends every running plan's visits to the horizon (the daily job and the start call it).
 * Idempotent: visits are unique per plan and day.
 */
export async function ensureServiceVisits(db: Db, today = berlinToday()): Promise<number> {
  const rows = await db
    .selectFrom("service_plans as p")
    .innerJoin("service_kinds as k", "k.id", "p.service_kind_id")
    .selectAll("p")
    .select("k.key as kind_key")
    .where(planRunningOn(today))
    .execute();
  const latest = await latestVisitOfPlans(
    db,
    rows.map((row) => row.id),
    today,
  );
  return generateVisits(
    db,
    rows.map((row) => ({ plan: row, schedule: scheduleOf(row, row.kind_key), after: latest.get(row.id) ?? null })),
    today,
  );
}
