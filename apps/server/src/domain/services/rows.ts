import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";
import type { ServiceRecordPhotosTable, ServiceRecordsTable } from "../../db/types.js";
import type { FileStore } from "../../lib/file-store.js";
import { contentHash } from "./record-hash.js";

/**
 * Row writers for seeded and generated data (demo seed, bench): finished Einsätze with the times
 * given — the device's and the server's — sealed with the same content hash the app computes
 * (record-hash.ts), so the proof documents and verifyServiceRecord treat them as any. The app's own
 * writes go through records.ts.
 */

export interface FinishedRecordSeed {
  visitId: string | null;
  buildingId: string;
  serviceKindId: string;
  staffId: string;
  crewFirstName: string;
  team: string | null;
  /** The device's times (ISO instants). */
  startedAt: string;
  finishedAt: string;
  /** Seconds until the server heard of each (a phone in a cellar syncs later); default 5. */
  syncDelaySeconds?: number;
  onSite?: { onSite: boolean; distanceM: number; accuracyM: number } | null;
  checklist: { item: string; done: boolean }[];
  materials?: { name: string; amount: number; unit: "kg" | "l" | "Stück" | "Sack" }[];
  conditions?: { snow: boolean; ice: boolean; temperature_c: number | null } | null;
  remark?: string;
  /** After-photos (PNG or JPEG bytes), in slot order. */
  afterPhotos?: { bytes: Buffer; mime: string }[];
}

const later = (instant: string, seconds: number) =>
  new Date(new Date(instant).getTime() + seconds * 1000).toISOString();

/** Inserts finished, sealed records with their after-photos; returns their ids in order. */
export async function insertFinishedServiceRecords(
  db: Db,
  files: FileStore,
  seeds: FinishedRecordSeed[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const seed of seeds) {
    const delay = seed.syncDelaySeconds ?? 5;
    const row: ServiceRecordsTable = {
      id: randomUUID(),
      visit_id: seed.visitId,
      building_id: seed.buildingId,
      service_kind_id: seed.serviceKindId,
      staff_id: seed.staffId,
      crew_first_name: seed.crewFirstName,
      team: seed.team,
      started_at: new Date(seed.startedAt).toISOString(),
      started_at_server: later(seed.startedAt, delay),
      finished_at: new Date(seed.finishedAt).toISOString(),
      finished_at_server: later(seed.finishedAt, delay),
      on_site: seed.onSite ? (seed.onSite.onSite ? 1 : 0) : null,
      distance_m: seed.onSite?.distanceM ?? null,
      accuracy_m: seed.onSite?.accuracyM ?? null,
      checklist: JSON.stringify(seed.checklist),
      materials: JSON.stringify(seed.materials ?? []),
      conditions: seed.conditions ? JSON.stringify(seed.conditions) : null,
      remark: seed.remark ?? "",
      corrects_record_id: null,
      correction_reason: null,
      content_hash: null,
      created_at: later(seed.startedAt, delay),
    };
    const photos: ServiceRecordPhotosTable[] = [];
    for (const [position, photo] of (seed.afterPhotos ?? []).entries()) {
      photos.push({
        id: randomUUID(),
        record_id: row.id,
        kind: "after",
        position,
        mime_type: photo.mime,
        size_bytes: photo.bytes.length,
        sha256: createHash("sha256").update(photo.bytes).digest("hex"),
        storage_key: await files.put(photo.bytes),
        created_at: row.finished_at_server as string,
      });
    }
    row.content_hash = contentHash(row, photos);
    await db.insertInto("service_records").values(row).execute();
    if (photos.length > 0) await db.insertInto("service_record_photos").values(photos).execute();
    ids.push(row.id);
  }
  return ids;
}
