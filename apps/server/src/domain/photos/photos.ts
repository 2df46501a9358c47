import { randomUUID } from "node:crypto";
import { API_BASE, type MeterKind, type PhotoInfo } from "@mieter-portal/contracts";
import type { Kysely } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database, PhotoRow } from "../../db/types.js";
import type { CheckedFile } from "../../lib/uploads.js";

export type PhotoOwnerType = "meter_reading" | "repair";

export const photoUrl = (id: string) => `${API_BASE}/tenant/photos/${id}`;

export function toPhotoInfo(row: PhotoRow): PhotoInfo {
  return {
    id: row.id,
    filename: row.filename,
    file_type: row.mime_type,
    file_size: Number(row.size_bytes),
    url: photoUrl(row.id),
  };
}

export interface NewPhoto {
  file: CheckedFile;
  storageKey: string;
  position: number;
  meter?: MeterKind;
}

/** Inserts the rows of already stored photos (call inside the owner's transaction). */
export async function insertPhotos(
  trx: Kysely<Database>,
  owner: { tenantId: string; type: PhotoOwnerType; id: string; createdAt: string },
  photos: NewPhoto[],
): Promise<PhotoRow[]> {
  if (photos.length === 0) return [];
  const rows: PhotoRow[] = photos.map((p) => ({
    id: randomUUID(),
    tenant_id: owner.tenantId,
    owner_type: owner.type,
    owner_id: owner.id,
    meter: p.meter ?? null,
    position: p.position,
    filename: p.file.filename,
    mime_type: p.file.mime,
    size_bytes: p.file.size,
    storage_key: p.storageKey,
    created_at: owner.createdAt,
  }));
  await trx.insertInto("photos").values(rows).execute();
  return rows;
}

/** The photos of several owners of one tenant, grouped by owner id, each group by position. */
export async function findPhotosByOwner(
  db: Db,
  tenantId: string,
  type: PhotoOwnerType,
  ownerIds: string[],
): Promise<Map<string, PhotoRow[]>> {
  const byOwner = new Map<string, PhotoRow[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await db
    .selectFrom("photos")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("owner_type", "=", type)
    .where("owner_id", "in", ownerIds)
    .orderBy("position", "asc")
    .orderBy("id", "asc")
    .execute();
  for (const row of rows) {
    const list = byOwner.get(row.owner_id) ?? [];
    list.push(row);
    byOwner.set(row.owner_id, list);
  }
  return byOwner;
}

/** One photo of the tenant, or undefined (also when it belongs to someone else). */
export async function findPhoto(db: Db, tenantId: string, photoId: string): Promise<PhotoRow | undefined> {
  return db
    .selectFrom("photos")
    .selectAll()
    .where("id", "=", photoId)
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
}

/** Any photo by id, with the owning tenant (the staff console checks building and role itself). */
export async function findPhotoById(db: Db, photoId: string): Promise<PhotoRow | undefined> {
  return db.selectFrom("photos").selectAll().where("id", "=", photoId).executeTakeFirst();
}
