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

/** Rows per statement: keeps every statement well under SQLite's bound-parameter limit. */
const CHUNK = 500;

export interface DocumentSeed {
  title: string;
  type: DocumentType;
  bytes: Buffer;
  filename: string;
  mimeType: string;
  uploadedAt: string;
  actorKind: ActorKind;
}

/** A document row over a file already in the store (bulk seeding: many rows may share one file). */
export interface DocumentRowSeed extends Omit<DocumentSeed, "bytes"> {
  id?: string;
  tenantId: string;
  storageKey: string;
  sizeBytes: number;
}

/** Inserts document rows in chunks; returns their ids in order. */
export async function insertDocumentRows(db: Db, documents: DocumentRowSeed[]): Promise<string[]> {
  const rows = documents.map((d) => ({
    id: d.id ?? randomUUID(),
    tenant_id: d.tenantId,
    title: d.title,
    type: d.type,
    mime_type: d.mimeType,
    size_bytes: d.sizeBytes,
    storage_key: d.storageKey,
    original_filename: d.filename,
    uploaded_at: d.uploadedAt,
    is_tenant_uploaded: d.actorKind === "tenant" ? 1 : 0,
    actor_kind: d.actorKind,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto("documents")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  return rows.map((r) => r.id);
}

/** Stores the bytes in the file store and the row in the database; returns the storage key. */
export async function insertDocument(db: Db, files: FileStore, tenantId: string, d: DocumentSeed): Promise<string> {
  const storageKey = await files.put(d.bytes);
  const { bytes, ...rest } = d;
  await insertDocumentRows(db, [{ ...rest, tenantId, storageKey, sizeBytes: bytes.length }]);
  return storageKey;
}
