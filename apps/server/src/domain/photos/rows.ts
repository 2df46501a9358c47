import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";
import type { FileStore } from "../../lib/file-store.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

export interface PhotoSeed {
  ownerType: "meter_reading" | "repair";
  ownerId: string;
  meter?: "water" | "electricity" | "heating" | null;
  position: number;
  filename: string;
  bytes: Buffer;
  mimeType: string;
  createdAt: string;
}

export async function insertPhoto(db: Db, files: FileStore, tenantId: string, p: PhotoSeed): Promise<string> {
  const storageKey = await files.put(p.bytes);
  await db
    .insertInto("photos")
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      owner_type: p.ownerType,
      owner_id: p.ownerId,
      meter: p.meter ?? null,
      position: p.position,
      filename: p.filename,
      mime_type: p.mimeType,
      size_bytes: p.bytes.length,
      storage_key: storageKey,
      created_at: p.createdAt,
    })
    .execute();
  return storageKey;
}
