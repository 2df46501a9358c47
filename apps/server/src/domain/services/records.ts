import { createHash, randomUUID } from "node:crypto";
import type {
  ServiceRecord,
  ServiceRecordCorrection,
  ServiceRecordFinish,
  ServiceRecordStart,
} from "@mieter-portal/contracts/services";
import { type Db, withTransaction } from "../../db/connection.js";
import type { ServiceRecordsTable } from "../../db/types.js";
import type { FileStore } from "../../lib/file-store.js";
import { berlinToday, nowIso } from "../../lib/time.js";
import { type CheckedFile, putAll, removeAll } from "../../lib/uploads.js";
import { recordAudit } from "../audit/audit.js";
import { planRunningOn } from "./plans.js";
import { contentHash } from "./record-hash.js";
import { pushServiceDone } from "./service-pushes.js";
import { siteCheck } from "./site-check.js";

/**
 * The crew's records of an Einsatz (issue 27 §2, decision 042): the only writer of service_records
 * and service_record_photos. A record is started, then finished once; after that it never changes.
 * A correction is a new finished record pointing at the old one. Its content hash (SHA-256 over the
 * record's data and its photos' hashes) is shown on the proof documents.
 */

export const RECORD_REFUSALS = {
  unknownVisit: "Diesen Einsatz gibt es nicht (mehr). Bitte laden Sie die Einsätze neu.",
  unknownService: "Diese Leistung gibt es nicht. Bitte wählen Sie eine Leistung aus dem Katalog.",
  idTaken: "Dieser Einsatz wurde bereits mit anderen Angaben begonnen.",
  notYours: "Diesen Einsatz hat ein Kollege begonnen; nur er kann ihn abschließen.",
  finished: "Dieser Einsatz ist bereits abgeschlossen. Eine Änderung ist nur als Korrektur möglich.",
  notFinished: "Nur ein abgeschlossener Einsatz kann korrigiert werden.",
  endsBeforeStart: "Das Ende darf nicht vor dem Beginn liegen.",
} as const;
export type RecordRefusal = keyof typeof RECORD_REFUSALS;

export interface Crew {
  staffId: string;
  name: string;
  ip: string | null;
  /** Only the first name is kept on the record: that is what tenants may see. */
  firstName: string;
}

type RecordRow = ServiceRecordsTable;

async function storePhotos(
  db: Db,
  files: FileStore,
  recordId: string,
  kind: "before" | "after",
  photos: CheckedFile[],
): Promise<string[]> {
  if (photos.length === 0) return [];
  const keys = await putAll(files, photos);
  try {
    const now = nowIso();
    await db
      .insertInto("service_record_photos")
      .values(
        photos.map((p, i) => ({
          id: randomUUID(),
          record_id: recordId,
          kind,
          position: i,
          mime_type: p.mime,
          size_bytes: p.size,
          sha256: createHash("sha256").update(p.bytes).digest("hex"),
          storage_key: keys[i]!,
          created_at: now,
        })),
      )
      .execute();
  } catch (err) {
    await removeAll(files, keys);
    throw err;
  }
  return keys;
}

const sameStart = (row: RecordRow, input: ServiceRecordStart) =>
  row.started_at === new Date(input.started_at).toISOString();

/**
 * Beginn of an Einsatz. The id is the device's: the same start sent again answers the record as it
 * is ("existing"); the same id with another start is refused.
 */
export async function startServiceRecord(
  db: Db,
  files: FileStore,
  crew: Crew,
  input: ServiceRecordStart,
  photos: CheckedFile[],
  scope: (buildingId: string) => boolean,
): Promise<{ id: string; existing: boolean } | RecordRefusal | "out_of_scope"> {
  const existing = await db.selectFrom("service_records").selectAll().where("id", "=", input.id).executeTakeFirst();
  if (existing) {
    if (existing.staff_id !== crew.staffId || !sameStart(existing, input)) return "idTaken";
    return { id: existing.id, existing: true };
  }
  let target: { building_id: string; service_kind_id: string; team: string | null };
  if (input.visit_id) {
    const visit = await db
      .selectFrom("service_visits as v")
      .innerJoin("service_plans as p", "p.id", "v.plan_id")
      .select(["v.building_id", "v.service_kind_id", "p.team"])
      .where("v.id", "=", input.visit_id)
      .executeTakeFirst();
    if (!visit) return "unknownVisit";
    target = visit;
  } else {
    const kind = await db
      .selectFrom("service_kinds")
      .select("id")
      .where("id", "=", input.service_kind_id!)
      .executeTakeFirst();
    if (!kind) return "unknownService";
    // Unplanned: the team of the newest plan of this service running in the house today, if any.
    const plan = await db
      .selectFrom("service_plans as p")
      .select("p.team")
      .where("p.building_id", "=", input.building_id!)
      .where("p.service_kind_id", "=", kind.id)
      .where(planRunningOn(berlinToday()))
      .orderBy("p.valid_from", "desc")
      .orderBy("p.id")
      .executeTakeFirst();
    target = { building_id: input.building_id!, service_kind_id: kind.id, team: plan?.team ?? null };
  }
  if (!scope(target.building_id)) return "out_of_scope";
  const building = await db
    .selectFrom("buildings")
    .select(["latitude", "longitude", "site_tolerance_m"])
    .where("id", "=", target.building_id)
    .executeTakeFirst();
  if (!building) return "out_of_scope";
  const row: RecordRow = {
    id: input.id,
    visit_id: input.visit_id,
    building_id: target.building_id,
    service_kind_id: target.service_kind_id,
    staff_id: crew.staffId,
    crew_first_name: crew.firstName,
    team: target.team,
    started_at: new Date(input.started_at).toISOString(),
    started_at_server: nowIso(),
    finished_at: null,
    finished_at_server: null,
    ...siteCheck(building, input.position),
    checklist: "[]",
    materials: "[]",
    conditions: null,
    remark: "",
    corrects_record_id: null,
    correction_reason: null,
    content_hash: null,
    created_at: nowIso(),
  };
  await withTransaction(db, async (trx) => {
    await trx.insertInto("service_records").values(row).execute();
    await storePhotos(trx, files, row.id, "before", photos);
    await recordAudit(trx, crew, {
      action: "service_record.started",
      entityType: "service_record",
      entityId: row.id,
      buildingId: row.building_id,
      after: { started_at: row.started_at, on_site: row.on_site, distance_m: row.distance_m },
    });
  });
  return { id: row.id, existing: false };
}

function finishedRow(row: RecordRow, input: ServiceRecordFinish): RecordRow {
  return {
    ...row,
    finished_at: new Date(input.finished_at).toISOString(),
    finished_at_server: nowIso(),
    checklist: JSON.stringify(input.checklist),
    materials: JSON.stringify(input.materials),
    conditions: input.conditions === null ? null : JSON.stringify(input.conditions),
    remark: input.remark,
  };
}

const finishSnapshot = (row: RecordRow) => ({
  finished_at: row.finished_at,
  checklist: (JSON.parse(row.checklist) as { item: string; done: boolean }[]).map(
    (c) => `${c.done ? "✓" : "✗"} ${c.item}`,
  ),
  remark: row.remark,
  content_hash: row.content_hash,
});

/** Ende: the record's data and after-photos, then its hash; once. */
export async function finishServiceRecord(
  db: Db,
  files: FileStore,
  crew: Crew,
  recordId: string,
  input: ServiceRecordFinish,
  photos: CheckedFile[],
): Promise<"ok" | RecordRefusal | "not_found"> {
  return withTransaction(db, async (trx) => {
    const row = await trx.selectFrom("service_records").selectAll().where("id", "=", recordId).executeTakeFirst();
    if (!row) return "not_found";
    if (row.staff_id !== crew.staffId) return "notYours";
    // The same Ende sent again (a retry after a lost answer) is answered as done.
    if (row.content_hash && row.finished_at === new Date(input.finished_at).toISOString()) {
      return row.checklist === JSON.stringify(input.checklist) && row.remark === input.remark ? "ok" : "finished";
    }
    if (row.content_hash !== null) return "finished";
    if (new Date(input.finished_at).getTime() < new Date(row.started_at).getTime()) return "endsBeforeStart";
    // The row is claimed first: a second finish of the same record waits here and then finds it finished.
    const claimed = await trx
      .updateTable("service_records")
      .set({ content_hash: "" })
      .where("id", "=", recordId)
      .where("content_hash", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return "finished";
    await storePhotos(trx, files, recordId, "after", photos);
    const done = finishedRow(row, input);
    const stored = await trx
      .selectFrom("service_record_photos")
      .select(["kind", "position", "sha256"])
      .where("record_id", "=", recordId)
      .execute();
    done.content_hash = contentHash(done, stored);
    await trx
      .updateTable("service_records")
      .set({
        finished_at: done.finished_at,
        finished_at_server: done.finished_at_server,
        checklist: done.checklist,
        materials: done.materials,
        conditions: done.conditions,
        remark: done.remark,
        content_hash: done.content_hash,
      })
      .where("id", "=", recordId)
      .execute();
    await recordAudit(trx, crew, {
      action: "service_record.finished",
      entityType: "service_record",
      entityId: recordId,
      buildingId: row.building_id,
      after: finishSnapshot(done),
    });
    await pushServiceDone(trx, row);
    return "ok";
  });
}

/**
 * A correction of a finished record: a new finished record with the corrected data, pointing at the
 * old one, which stays as it was. Its photos are its own (the before-photos of the old one count for it
 * only if sent again). The same correction id sent again is answered as it is.
 */
export async function correctServiceRecord(
  db: Db,
  files: FileStore,
  crew: Crew,
  recordId: string,
  input: ServiceRecordCorrection,
  photos: CheckedFile[],
): Promise<{ id: string } | RecordRefusal | "not_found"> {
  return withTransaction(db, async (trx) => {
    const old = await trx.selectFrom("service_records").selectAll().where("id", "=", recordId).executeTakeFirst();
    if (!old) return "not_found";
    if (!old.content_hash) return "notFinished";
    const again = await trx.selectFrom("service_records").selectAll().where("id", "=", input.id).executeTakeFirst();
    if (again) return again.corrects_record_id === old.id ? { id: again.id } : "idTaken";
    if (new Date(input.finished_at).getTime() < new Date(input.started_at).getTime()) return "endsBeforeStart";
    const base: RecordRow = {
      ...old,
      id: input.id,
      staff_id: crew.staffId,
      crew_first_name: crew.firstName,
      started_at: new Date(input.started_at).toISOString(),
      started_at_server: nowIso(),
      corrects_record_id: old.id,
      correction_reason: input.reason,
      content_hash: null,
      created_at: nowIso(),
    };
    const row = finishedRow(base, input);
    await trx.insertInto("service_records").values(row).execute();
    await storePhotos(trx, files, row.id, "after", photos);
    row.content_hash = contentHash(
      row,
      photos.map((p, i) => ({
        kind: "after",
        position: i,
        sha256: createHash("sha256").update(p.bytes).digest("hex"),
      })),
    );
    await trx.updateTable("service_records").set({ content_hash: row.content_hash }).where("id", "=", row.id).execute();
    await recordAudit(trx, crew, {
      action: "service_record.corrected",
      entityType: "service_record",
      entityId: row.id,
      buildingId: row.building_id,
      before: { ...finishSnapshot(old), record_id: old.id },
      after: { ...finishSnapshot(row), reason: input.reason },
    });
    return { id: row.id };
  });
}

/** The building of a record (for the scope check). */
export async function serviceRecordBuilding(db: Db, recordId: string): Promise<string | undefined> {
  return (await db.selectFrom("service_records").select("building_id").where("id", "=", recordId).executeTakeFirst())
    ?.building_id;
}

/** One record as the console and the crew app show it. */
export async function findServiceRecord(db: Db, recordId: string): Promise<ServiceRecord | undefined> {
  const row = await db
    .selectFrom("service_records as r")
    .innerJoin("service_kinds as k", "k.id", "r.service_kind_id")
    .selectAll("r")
    .select("k.name as service_name")
    .where("r.id", "=", recordId)
    .executeTakeFirst();
  if (!row) return undefined;
  const photos = await db
    .selectFrom("service_record_photos")
    .select(["id", "kind", "position", "sha256"])
    .where("record_id", "=", recordId)
    .orderBy("kind", "desc")
    .orderBy("position")
    .execute();
  return {
    id: row.id,
    visit_id: row.visit_id,
    building_id: row.building_id,
    service_name: row.service_name,
    crew: { first_name: row.crew_first_name, team: row.team },
    started_at: row.started_at,
    started_at_server: row.started_at_server,
    finished_at: row.finished_at,
    finished_at_server: row.finished_at_server,
    location: {
      on_site: row.on_site === null ? null : row.on_site === 1,
      distance_m: row.distance_m,
      accuracy_m: row.accuracy_m,
    },
    checklist: JSON.parse(row.checklist) as ServiceRecord["checklist"],
    materials: JSON.parse(row.materials) as ServiceRecord["materials"],
    conditions: row.conditions === null ? null : (JSON.parse(row.conditions) as ServiceRecord["conditions"]),
    remark: row.remark,
    photos: photos.map((p) => ({ id: p.id, kind: p.kind, sha256: p.sha256 })),
    corrects_record_id: row.corrects_record_id,
    correction_reason: row.correction_reason,
    content_hash: row.content_hash || null,
  };
}

/** A photo of a record (before or after), for the staff who may read the record; undefined when it is not that record's. */
export async function findServiceRecordPhoto(db: Db, recordId: string, photoId: string) {
  const photo = await db
    .selectFrom("service_record_photos")
    .select(["id", "kind", "position", "storage_key", "mime_type"])
    .where("id", "=", photoId)
    .where("record_id", "=", recordId)
    .executeTakeFirst();
  if (!photo) return undefined;
  const extension = photo.mime_type === "image/png" ? "png" : photo.mime_type === "image/webp" ? "webp" : "jpg";
  return {
    id: photo.id,
    storage_key: photo.storage_key,
    mime_type: photo.mime_type,
    filename: `Einsatz-${photo.kind === "before" ? "vorher" : "nachher"}-${photo.position + 1}.${extension}`,
  };
}
