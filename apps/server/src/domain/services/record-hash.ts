import { createHash } from "node:crypto";
import type { Db } from "../../db/connection.js";
import type { ServiceRecordPhotosTable, ServiceRecordsTable } from "../../db/types.js";

/** The seal of a finished record (issue 27 §2, decision 042). */

type RecordRow = ServiceRecordsTable;
type PhotoRow = Pick<ServiceRecordPhotosTable, "kind" | "position" | "sha256">;

/**
 * SHA-256 over the record as stored, in a fixed field order, with its photos' hashes in slot
 * order. Anyone holding the data and the photos can recompute it.
 */
export function contentHash(row: RecordRow, photos: PhotoRow[]): string {
  const canonical = {
    id: row.id,
    visit_id: row.visit_id,
    building_id: row.building_id,
    service_kind_id: row.service_kind_id,
    staff_id: row.staff_id,
    started_at: row.started_at,
    started_at_server: row.started_at_server,
    finished_at: row.finished_at,
    finished_at_server: row.finished_at_server,
    on_site: row.on_site,
    distance_m: row.distance_m,
    accuracy_m: row.accuracy_m,
    checklist: JSON.parse(row.checklist) as unknown,
    materials: JSON.parse(row.materials) as unknown,
    conditions: row.conditions === null ? null : (JSON.parse(row.conditions) as unknown),
    remark: row.remark,
    corrects_record_id: row.corrects_record_id,
    correction_reason: row.correction_reason,
    photos: [...photos]
      .sort((p, q) => (p.kind === q.kind ? p.position - q.position : p.kind === "before" ? -1 : 1))
      .map((p) => `${p.kind}:${p.position}:${p.sha256}`),
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** Recomputes a finished record's hash from what is stored: false when data or photo hashes were altered. */
export async function verifyServiceRecord(db: Db, recordId: string): Promise<boolean | undefined> {
  const row = await db.selectFrom("service_records").selectAll().where("id", "=", recordId).executeTakeFirst();
  if (!row?.content_hash) return undefined;
  const photos = await db
    .selectFrom("service_record_photos")
    .select(["kind", "position", "sha256"])
    .where("record_id", "=", recordId)
    .execute();
  return contentHash(row, photos) === row.content_hash;
}
