import { BETRKV_CATEGORY_LABELS, type BetrkvCategory } from "@mieter-portal/contracts/services";
import type { Db } from "../../db/connection.js";
import { berlinToUtc } from "../../lib/time.js";
import { WINTER_SERVICE_KEY } from "./plans.js";
import { byCreated, effectiveRecords, photoCounts, recordsOf } from "./proof-records.js";
import { berlinDateOfInstant, berlinTimeOf, minutesBetween } from "./proof-text.js";

/**
 * The Leistungsnachweis (issue 27 §4, decision 049): every Einsatz of a building in a period, with
 * its record as the crew sealed it, the visits missed, and totals per service and per Betriebskosten
 * category. Read-only; proof-pdf.ts and proof-csv.ts render it.
 */

export type ProofStatus = "done" | "unplanned" | "missed" | "no_call" | "in_progress" | "planned";

export const PROOF_STATUS_LABELS: Record<ProofStatus, string> = {
  done: "erbracht",
  unplanned: "erbracht (ungeplant)",
  missed: "nicht erbracht",
  no_call: "kein Einsatz",
  in_progress: "begonnen",
  planned: "geplant",
};

export interface ProofRecord {
  id: string;
  startedAt: string;
  startedAtServer: string;
  finishedAt: string | null;
  finishedAtServer: string | null;
  crewFirstName: string;
  team: string | null;
  checklistDone: number;
  checklistTotal: number;
  photos: number;
  onSite: boolean | null;
  distanceM: number | null;
  /** "Streusalz 12 kg, Sand 1 Sack" */
  materials: string;
  /** Streumittel in kg (materials counted in kg), for the winter log. */
  gritKg: number;
  conditions: { snow: boolean; ice: boolean; temperature_c: number | null } | null;
  remark: string;
  hash: string | null;
  /** "Korrigiert am 25.11.2026: … (ersetzt Eintrag 1a2b3c4d5e6f)"; null when never corrected. */
  correction: string | null;
}

export interface ProofRow {
  /** YYYY-MM-DD: the planned day, or the Berlin day an unplanned Einsatz began. */
  date: string;
  serviceKey: string;
  serviceName: string;
  category: BetrkvCategory;
  /** The planned window; null for an unplanned Einsatz. */
  window: { start: string; end: string } | null;
  movedFrom: string | null;
  status: ProofStatus;
  /** A record begun but never finished (so not sealed) is shown with its Beginn. */
  record: ProofRecord | null;
}

export interface ProofTotal {
  serviceName: string;
  category: BetrkvCategory;
  planned: number;
  done: number;
  unplanned: number;
  missed: number;
  /** Winterdienst days whose window passed without an Einsatz: readiness, not a missed visit. */
  quiet: number;
  open: number;
  photos: number;
  /** Device time between Beginn and Ende of the Einsätze done, in minutes. */
  minutes: number;
}

export interface ProofCategoryTotal {
  category: BetrkvCategory;
  label: string;
  chargeable: boolean;
  done: number;
  missed: number;
  minutes: number;
}

export interface ServiceProof {
  building: { id: string; name: string; address: string };
  from: string;
  until: string;
  category: BetrkvCategory | null;
  rows: ProofRow[];
  totals: ProofTotal[];
  categories: ProofCategoryTotal[];
  /** When the document was made (ISO); visits whose window ends later are "geplant", not missed. */
  madeAt: string;
}

/** Whether a planned visit's window has passed at `now` (Berlin wall-clock end of the window). */
const windowPassed = (date: string, end: string, now: Date) => {
  const [h, m] = end.split(":").map(Number) as [number, number];
  return berlinToUtc(date, h, m).getTime() < now.getTime();
};

/**
 * The Leistungsnachweis's content: undefined when the building does not exist. `kinds` narrows to
 * services (the winter log asks for Winterdienst only).
 */
export async function serviceProof(
  db: Db,
  buildingId: string,
  period: { from: string; until: string; category?: BetrkvCategory | null; serviceKeys?: string[] },
  now = new Date(),
): Promise<ServiceProof | undefined> {
  const building = await db
    .selectFrom("buildings")
    .select(["id", "name", "address"])
    .where("id", "=", buildingId)
    .executeTakeFirst();
  if (!building) return undefined;
  const { from, until } = period;
  const category = period.category ?? null;
  let visitQuery = db
    .selectFrom("service_visits as v")
    .innerJoin("service_kinds as k", "k.id", "v.service_kind_id")
    .select(["v.id", "v.planned_on", "v.window_start", "v.window_end", "v.moved_from", "k.key", "k.name", "k.category"])
    .where("v.building_id", "=", buildingId)
    .where("v.planned_on", ">=", from)
    .where("v.planned_on", "<=", until);
  if (category) visitQuery = visitQuery.where("k.category", "=", category);
  if (period.serviceKeys) visitQuery = visitQuery.where("k.key", "in", period.serviceKeys);
  const visits = await visitQuery.execute();
  const kinds = new Map(
    (await db.selectFrom("service_kinds").select(["id", "key", "name", "category"]).execute()).map((k) => [k.id, k]),
  );
  const records = (
    await recordsOf(
      db,
      buildingId,
      visits.map((v) => v.id),
      from,
      until,
    )
  ).filter((r) => {
    const kind = kinds.get(r.service_kind_id);
    return (
      !!kind &&
      (!category || kind.category === category) &&
      (!period.serviceKeys || period.serviceKeys.includes(kind.key))
    );
  });
  const effective = effectiveRecords(
    records,
    await photoCounts(
      db,
      records.map((r) => r.id),
    ),
  );
  const rootsByVisit = new Map<string, ProofRecord>();
  // The first record begun for a visit counts (as the console's list does); others stay visible as unplanned rows.
  const rootRows = records.filter((r) => r.corrects_record_id === null).sort(byCreated);
  const rows: ProofRow[] = [];
  for (const root of rootRows) {
    const record = effective.get(root.id)!;
    if (root.visit_id && !rootsByVisit.has(root.visit_id)) {
      rootsByVisit.set(root.visit_id, record);
      continue;
    }
    if (root.visit_id) continue;
    const kind = kinds.get(root.service_kind_id)!;
    rows.push({
      date: berlinDateOfInstant(root.started_at),
      serviceKey: kind.key,
      serviceName: kind.name,
      category: kind.category,
      window: null,
      movedFrom: null,
      status: record.hash ? "unplanned" : "in_progress",
      record,
    });
  }
  for (const visit of visits) {
    const record = rootsByVisit.get(visit.id) ?? null;
    const passed = windowPassed(visit.planned_on, visit.window_end, now);
    // Winterdienst is planned every day of its season but done when it snows or freezes: a day
    // without an Einsatz is "kein Einsatz", not a missed visit (the Streuprotokoll lists them).
    const status: ProofStatus = record?.hash
      ? "done"
      : passed
        ? !record && visit.key === WINTER_SERVICE_KEY
          ? "no_call"
          : "missed"
        : record
          ? "in_progress"
          : "planned";
    rows.push({
      date: visit.planned_on,
      serviceKey: visit.key,
      serviceName: visit.name,
      category: visit.category,
      window: { start: visit.window_start, end: visit.window_end },
      movedFrom: visit.moved_from,
      status,
      record,
    });
  }
  rows.sort(
    (p, q) =>
      p.date.localeCompare(q.date) ||
      (p.window?.start ?? (p.record ? berlinTimeOf(p.record.startedAt) : "")).localeCompare(
        q.window?.start ?? (q.record ? berlinTimeOf(q.record.startedAt) : ""),
      ) ||
      p.serviceName.localeCompare(q.serviceName, "de"),
  );
  return {
    building,
    from,
    until,
    category,
    rows,
    totals: totalsOf(rows),
    categories: categoryTotalsOf(rows),
    madeAt: now.toISOString(),
  };
}

function totalsOf(rows: ProofRow[]): ProofTotal[] {
  const totals = new Map<string, ProofTotal>();
  for (const row of rows) {
    const key = `${row.category}\u0000${row.serviceName}`;
    let total = totals.get(key);
    if (!total) {
      total = {
        serviceName: row.serviceName,
        category: row.category,
        planned: 0,
        done: 0,
        unplanned: 0,
        missed: 0,
        quiet: 0,
        open: 0,
        photos: 0,
        minutes: 0,
      };
      totals.set(key, total);
    }
    if (row.window) total.planned++;
    if (row.status === "done") total.done++;
    else if (row.status === "unplanned") total.unplanned++;
    else if (row.status === "missed") total.missed++;
    else if (row.status === "no_call") total.quiet++;
    else total.open++;
    if (row.record?.hash) {
      total.photos += row.record.photos;
      if (row.record.finishedAt) total.minutes += minutesBetween(row.record.startedAt, row.record.finishedAt);
    }
  }
  const order = Object.keys(BETRKV_CATEGORY_LABELS);
  return [...totals.values()].sort(
    (p, q) => order.indexOf(p.category) - order.indexOf(q.category) || p.serviceName.localeCompare(q.serviceName, "de"),
  );
}

function categoryTotalsOf(rows: ProofRow[]): ProofCategoryTotal[] {
  const result: ProofCategoryTotal[] = [];
  for (const category of Object.keys(BETRKV_CATEGORY_LABELS) as BetrkvCategory[]) {
    const of = rows.filter((r) => r.category === category);
    if (of.length === 0) continue;
    const done = of.filter((r) => r.status === "done" || r.status === "unplanned");
    result.push({
      category,
      label: BETRKV_CATEGORY_LABELS[category],
      chargeable: category !== "none",
      done: done.length,
      missed: of.filter((r) => r.status === "missed").length,
      minutes: done.reduce(
        (sum, r) => sum + (r.record?.finishedAt ? minutesBetween(r.record.startedAt, r.record.finishedAt) : 0),
        0,
      ),
    });
  }
  return result;
}
