import { addDays } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";
import type { ServiceRecordsTable } from "../../db/types.js";
import { berlinToUtc, germanDateOf } from "../../lib/time.js";
import { germanNumber } from "../meter-readings/campaign-csv.js";
import type { ProofRecord } from "./proof.js";
import { berlinDateOfInstant, shortHash } from "./proof-text.js";

/**
 * The records a Leistungsnachweis shows (decision 049): a building's records of the visits and its
 * unplanned ones, each chain of corrections as one entry with the newest sealed data.
 */

/** Rows per `in (…)` list (SQLite's bound-parameter limit). */
const CHUNK = 400;

type RecordRow = ServiceRecordsTable;

export const byCreated = (p: RecordRow, q: RecordRow) =>
  p.created_at < q.created_at ? -1 : p.created_at > q.created_at ? 1 : p.id < q.id ? -1 : 1;

function materialsText(json: string): { text: string; kg: number } {
  const materials = JSON.parse(json) as { name: string; amount: number; unit: string }[];
  return {
    text: materials.map((m) => `${m.name} ${germanNumber(m.amount)} ${m.unit}`).join(", "),
    kg: materials.filter((m) => m.unit === "kg").reduce((sum, m) => sum + m.amount, 0),
  };
}

/**
 * Each record chain (a record and its corrections) as one entry: the newest finished correction's
 * data, or the record itself; the note says what was corrected and which sealed entry it replaces.
 */
export function effectiveRecords(rows: RecordRow[], photoCounts: Map<string, number>): Map<string, ProofRecord> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const rootOf = (row: RecordRow): RecordRow => {
    let current = row;
    for (let hops = 0; current.corrects_record_id && hops < 100; hops++) {
      const parent = byId.get(current.corrects_record_id);
      if (!parent) break;
      current = parent;
    }
    return current;
  };
  const chains = new Map<string, RecordRow[]>();
  for (const row of [...rows].sort(byCreated)) {
    const root = rootOf(row);
    chains.set(root.id, [...(chains.get(root.id) ?? []), row]);
  }
  const result = new Map<string, ProofRecord>();
  for (const [rootId, chain] of chains) {
    const root = chain[0]!;
    const corrections = chain.filter((r) => r.corrects_record_id !== null && r.content_hash);
    const shown = corrections.at(-1) ?? root;
    const checklist = JSON.parse(shown.checklist) as { done: boolean }[];
    const materials = materialsText(shown.materials);
    const last = corrections.at(-1);
    result.set(rootId, {
      id: shown.id,
      startedAt: shown.started_at,
      startedAtServer: shown.started_at_server,
      finishedAt: shown.content_hash ? shown.finished_at : null,
      finishedAtServer: shown.content_hash ? shown.finished_at_server : null,
      crewFirstName: shown.crew_first_name,
      team: shown.team,
      checklistDone: checklist.filter((c) => c.done).length,
      checklistTotal: checklist.length,
      photos: photoCounts.get(shown.id) ?? 0,
      onSite: shown.on_site === null ? null : shown.on_site === 1,
      distanceM: shown.distance_m,
      materials: materials.text,
      gritKg: materials.kg,
      conditions: shown.conditions === null ? null : (JSON.parse(shown.conditions) as ProofRecord["conditions"]),
      remark: shown.remark,
      hash: shown.content_hash || null,
      correction: last
        ? `Korrigiert am ${germanDateOf(berlinDateOfInstant(last.created_at))}${corrections.length > 1 ? ` (${corrections.length}. Korrektur)` : ""}: ${last.correction_reason ?? ""}${root.content_hash ? ` (ersetzt Eintrag ${shortHash(root.content_hash)})` : ""}`
        : null,
    });
  }
  return result;
}

export async function photoCounts(db: Db, recordIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let i = 0; i < recordIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom("service_record_photos")
      .select(["record_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("record_id", "in", recordIds.slice(i, i + CHUNK))
      .groupBy("record_id")
      .execute();
    for (const row of rows) counts.set(row.record_id, Number(row.n));
  }
  return counts;
}

/** The records of the visits, and the unplanned ones of the building begun in the period, with their corrections. */
export async function recordsOf(db: Db, buildingId: string, visitIds: string[], from: string, until: string) {
  const rows: RecordRow[] = [];
  for (let i = 0; i < visitIds.length; i += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom("service_records")
        .selectAll()
        .where("visit_id", "in", visitIds.slice(i, i + CHUNK))
        .execute()),
    );
  }
  const unplanned = await db
    .selectFrom("service_records")
    .selectAll()
    .where("building_id", "=", buildingId)
    .where("visit_id", "is", null)
    .where("corrects_record_id", "is", null)
    .where("started_at", ">=", berlinToUtc(from, 0).toISOString())
    .where("started_at", "<", berlinToUtc(addDays(until, 1), 0).toISOString())
    .execute();
  rows.push(...unplanned);
  // Corrections of unplanned records: follow each chain (a correction may itself be corrected).
  let parents = unplanned.map((r) => r.id);
  while (parents.length > 0) {
    const children: RecordRow[] = [];
    for (let i = 0; i < parents.length; i += CHUNK) {
      children.push(
        ...(await db
          .selectFrom("service_records")
          .selectAll()
          .where("corrects_record_id", "in", parents.slice(i, i + CHUNK))
          .execute()),
      );
    }
    rows.push(...children);
    parents = children.map((r) => r.id);
  }
  return rows;
}
