import { randomUUID } from "node:crypto";
import type { ActorKind, DocumentType } from "@mieter-portal/contracts";
import type { Db } from "../../db/connection.js";
import type { FileStore } from "../../lib/file-store.js";

/**
 * Row writers for seeded and generated data (demo seed, test factories, bench): they write this
 * module's tables directly, with the timestamps given, and follow db/types.ts's storage
 * conventions (cents, thousandths, ISO instants). The app's own writes go through the module's
 * other functions.
 */

export interface DocumentSeed {
  title: string;
  type: DocumentType;
  bytes: Buffer;
  filename: string;
  mimeType: string;
  uploadedAt: string;
  actorKind: ActorKind;
}

/** Stores the bytes in the file store and the row in the database; returns the storage key. */
export async function insertDocument(db: Db, files: FileStore, tenantId: string, d: DocumentSeed): Promise<string> {
  const storageKey = await files.put(d.bytes);
  await db
    .insertInto("documents")
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      title: d.title,
      type: d.type,
      mime_type: d.mimeType,
      size_bytes: d.bytes.length,
      storage_key: storageKey,
      original_filename: d.filename,
      uploaded_at: d.uploadedAt,
      is_tenant_uploaded: d.actorKind === "tenant" ? 1 : 0,
      actor_kind: d.actorKind,
    })
    .execute();
  return storageKey;
}
