import { addDays } from "@mieter-portal/contracts";
import type { ServiceMissedVisit } from "@mieter-portal/contracts/services";
import { type Db, withTransaction } from "../../db/connection.js";
import { berlinToday, germanDateOf, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { closeInboxItem, putInboxItem } from "../inbox/inbox.js";
import { WINTER_SERVICE_KEY } from "./plans.js";
import { workingDaysAfter } from "./reports.js";

/**
 * Missed visits (issue 27 §4, decision 048): the only writer of service_missed_visits. A planned
 * visit whose window passed without a finished record is noticed once — the visit is the table's key,
 * so a second run or a second process adds nothing — and opens an Eingang item ("Einsatz verpasst")
 * for those who plan the building's services, due one working day later. A record finished late
 * closes it; so does a staff member who notes what was done about it.
 */

/** How far back a run looks: older visits are history, not news (a server down for weeks). */
export const MISSED_LOOKBACK_DAYS = 14;

const berlinClock = (at: Date) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .format(at)
    .slice(0, 5);

/**
 * Notices the visits missed until `at` and closes the items of visits finished late; returns how
 * many were newly noticed. One transaction: a visit noticed has its Eingang item, or neither exists.
 */
export async function noticeMissedVisits(db: Db, at = new Date()): Promise<number> {
  const today = berlinToday(at);
  const clock = berlinClock(at);
  const now = at.toISOString();
  return withTransaction(db, async (trx) => {
    const late = await trx
      .selectFrom("service_missed_visits as m")
      .select("m.visit_id")
      .where("m.closed_at", "is", null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("service_records as r")
            .select("r.id")
            .whereRef("r.visit_id", "=", "m.visit_id")
            .where("r.content_hash", "is not", null)
            .where("r.content_hash", "!=", ""),
        ),
      )
      .execute();
    for (const { visit_id } of late) {
      await trx
        .updateTable("service_missed_visits")
        .set({ closed_at: now, close_note: "Einsatz nachgetragen" })
        .where("visit_id", "=", visit_id)
        .where("closed_at", "is", null)
        .execute();
      await closeInboxItem(trx, "service_missed", visit_id);
    }
    const candidates = await trx
      .selectFrom("service_visits as v")
      .innerJoin("service_kinds as k", "k.id", "v.service_kind_id")
      .select(["v.id", "v.building_id", "v.planned_on", "k.name"])
      // Winterdienst is planned for every day of its season, but a dry day needs no Einsatz: the
      // Streuprotokoll marks it "kein Einsatz" (decision 049). It is never a missed visit.
      .where("k.key", "!=", WINTER_SERVICE_KEY)
      .where("v.planned_on", ">=", addDays(today, -MISSED_LOOKBACK_DAYS))
      .where((eb) =>
        eb.or([
          eb("v.planned_on", "<", today),
          eb.and([eb("v.planned_on", "=", today), eb("v.window_end", "<=", clock)]),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("service_missed_visits as m").select("m.visit_id").whereRef("m.visit_id", "=", "v.id"))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("service_records as r")
              .select("r.id")
              .whereRef("r.visit_id", "=", "v.id")
              .where("r.content_hash", "is not", null)
              .where("r.content_hash", "!=", ""),
          ),
        ),
      )
      .orderBy("v.planned_on")
      .orderBy("v.id")
      .execute();
    let noticed = 0;
    for (const visit of candidates) {
      const inserted = await trx
        .insertInto("service_missed_visits")
        .values({
          visit_id: visit.id,
          building_id: visit.building_id,
          noticed_at: now,
          closed_at: null,
          closed_by: null,
          close_note: null,
        })
        .onConflict((oc) => oc.column("visit_id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      noticed++;
      await putInboxItem(trx, {
        kind: "service_missed",
        itemId: visit.id,
        tenantId: null,
        buildingId: visit.building_id,
        state: "new",
        title: `Einsatz verpasst: ${visit.name} am ${germanDateOf(visit.planned_on)}`,
        createdAt: now,
        dueAt: workingDaysAfter(now, 1),
      });
    }
    return noticed;
  });
}

/** The missed visits of the buildings in scope (open ones, or all of a period), newest first. */
export async function listMissedVisits(
  db: Db,
  buildingIds: string[] | "all",
  filter: { buildingId?: string; visitId?: string; open: boolean; from?: string; until?: string },
): Promise<ServiceMissedVisit[]> {
  if (buildingIds !== "all" && buildingIds.length === 0) return [];
  let query = db
    .selectFrom("service_missed_visits as m")
    .innerJoin("service_visits as v", "v.id", "m.visit_id")
    .innerJoin("service_kinds as k", "k.id", "v.service_kind_id")
    .innerJoin("buildings as b", "b.id", "m.building_id")
    .select([
      "m.visit_id",
      "m.building_id",
      "b.name as building_name",
      "k.name as service_name",
      "v.planned_on",
      "v.window_start",
      "v.window_end",
      "m.noticed_at",
      "m.closed_at",
      "m.close_note",
    ]);
  if (buildingIds !== "all") query = query.where("m.building_id", "in", buildingIds);
  if (filter.buildingId) query = query.where("m.building_id", "=", filter.buildingId);
  if (filter.visitId) query = query.where("m.visit_id", "=", filter.visitId);
  if (filter.open) query = query.where("m.closed_at", "is", null);
  if (filter.from) query = query.where("v.planned_on", ">=", filter.from);
  if (filter.until) query = query.where("v.planned_on", "<=", filter.until);
  const rows = await query.orderBy("v.planned_on", "desc").orderBy("m.visit_id").limit(500).execute();
  return rows.map((r) => ({
    visit_id: r.visit_id,
    building_id: r.building_id,
    building_name: r.building_name,
    service_name: r.service_name,
    planned_on: r.planned_on,
    window: { start: r.window_start, end: r.window_end },
    noticed_at: r.noticed_at,
    closed_at: r.closed_at,
    close_note: r.close_note,
  }));
}

/** The building of a missed visit (undefined: not missed or unknown). */
export async function missedVisitBuilding(db: Db, visitId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("service_missed_visits")
    .select("building_id")
    .where("visit_id", "=", visitId)
    .executeTakeFirst();
  return row?.building_id;
}

/** A staff member notes what was done about a missed visit; its Eingang item closes. */
export async function closeMissedVisit(
  db: Db,
  actor: AuditActor,
  visitId: string,
  note: string,
): Promise<"ok" | "closed_already"> {
  return withTransaction(db, async (trx) => {
    const now = nowIso();
    const updated = await trx
      .updateTable("service_missed_visits")
      .set({ closed_at: now, closed_by: actor.staffId, close_note: note })
      .where("visit_id", "=", visitId)
      .where("closed_at", "is", null)
      .returning("building_id")
      .executeTakeFirst();
    if (!updated) return "closed_already";
    await closeInboxItem(trx, "service_missed", visitId);
    await recordAudit(trx, actor, {
      action: "service_visit.missed_closed",
      entityType: "service_visit",
      entityId: visitId,
      buildingId: updated.building_id,
      after: { note },
    });
    return "ok";
  });
}
