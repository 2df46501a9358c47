import { randomUUID } from "node:crypto";
import { type ActorKind, API_BASE, type DocumentType, LIMITS, type TenantDocument } from "@mieter-portal/contracts";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { prepareQueryByLimit } from "../../db/prepared.js";
import type { DocumentRow } from "../../db/types.js";
import { HttpError } from "../../lib/errors.js";
import type { FileStore } from "../../lib/file-store.js";
import { decodeCursor, type Page, type PageRequest, splitPage } from "../../lib/pagination.js";
import { nowIso } from "../../lib/time.js";
import {
  type DetectedType,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPE_NOT_ALLOWED,
  detectDocumentType,
  EMPTY_FILE,
  removeAll,
  sanitizeFilename,
  withTypeExtension,
} from "../../lib/uploads.js";

export const documentFileUrl = (id: string) => `${API_BASE}/tenant/documents/${id}/file`;

function toTenantDocument(row: DocumentRow): TenantDocument {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    file_type: row.mime_type,
    file_size: Number(row.size_bytes),
    file_url: documentFileUrl(row.id),
    uploaded_at: row.uploaded_at,
    is_tenant_uploaded: Number(row.is_tenant_uploaded) === 1,
  };
}

const CURSOR_LIST = "documents";

/** The tenant's documents, newest upload first (documents_tenant_idx), behind `after`, at most `limit` rows plus one. */
function documentRows(db: Db, tenantId: string, after: { at: string; id: string } | null, limit: number) {
  let query = db.selectFrom("documents").selectAll().where("tenant_id", "=", tenantId);
  if (after) query = query.where((eb) => eb(eb.refTuple("uploaded_at", "id"), "<", eb.tuple(after.at, after.id)));
  return query
    .orderBy("uploaded_at", "desc")
    .orderBy("id", "desc")
    .limit(sql.lit(limit + 1));
}

const documentQueries = {
  first: prepareQueryByLimit(["tenantId"], (db, p, limit) => documentRows(db, p.tenantId, null, limit)),
  after: prepareQueryByLimit(["tenantId", "at", "id"], (db, p, limit) =>
    documentRows(db, p.tenantId, { at: p.at, id: p.id }, limit),
  ),
};

/** One page of the tenant's documents, newest upload first. */
export async function listDocuments(db: Db, tenantId: string, page: PageRequest): Promise<Page<TenantDocument>> {
  let rows: DocumentRow[];
  if (page.cursor) {
    const [at, id] = decodeCursor(CURSOR_LIST, page.cursor, 2) as [string, string];
    rows = await documentQueries.after(page.limit).execute(db, { tenantId, at, id });
  } else {
    rows = await documentQueries.first(page.limit).execute(db, { tenantId });
  }
  const { rows: pageRows, nextCursor } = splitPage(rows, page.limit, CURSOR_LIST, (row) => [row.uploaded_at, row.id]);
  return { items: pageRows.map(toTenantDocument), nextCursor };
}

/** What a download needs; undefined when the document does not exist or belongs to someone else. */
export async function findDocumentFile(db: Db, tenantId: string, documentId: string) {
  return db
    .selectFrom("documents")
    .select(["storage_key", "mime_type", "original_filename", "size_bytes"])
    .where("id", "=", documentId)
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
}

export interface NewDocument {
  tenantId: string;
  /** Shown title; defaults to the cleaned file name. */
  title?: string | null;
  type: DocumentType;
  bytes: Buffer;
  /** Name the file came with (cleaned here). */
  filename?: string | null;
  /** tenant = uploaded in the portal; staff/system = published by the management. */
  actorKind: ActorKind;
}

/**
 * The checks of every document, uploaded or published: not empty (400), at most 20 MB (413), and
 * by its bytes a PDF, DOC, DOCX, JPEG or PNG (415 file_type_not_allowed). Returns the detected type.
 */
export async function checkDocumentBytes(bytes: Buffer): Promise<DetectedType> {
  if (bytes.length === 0) throw new HttpError(400, "bad_request", EMPTY_FILE, { file: EMPTY_FILE });
  if (bytes.length > LIMITS.documentMaxBytes) throw new HttpError(413, "file_too_large", DOCUMENT_TOO_LARGE);
  const type = await detectDocumentType(bytes);
  if (!type) {
    throw new HttpError(415, "file_type_not_allowed", DOCUMENT_TYPE_NOT_ALLOWED, { file: DOCUMENT_TYPE_NOT_ALLOWED });
  }
  return type;
}

/**
 * Checks a document by its bytes (PDF, DOC, DOCX, JPEG, PNG), stores the file and writes its row.
 * Used by the tenant upload, the admin command line ("publish a document") and the demo seed.
 * Throws HttpError 400 (empty), 413 (over 20 MB) or 415 (file_type_not_allowed) before writing anything.
 */
export async function createDocument(db: Db, files: FileStore, input: NewDocument): Promise<TenantDocument> {
  const { bytes } = input;
  const type = await checkDocumentBytes(bytes);
  const filename = withTypeExtension(sanitizeFilename(input.filename, "Dokument"), type);
  const title =
    input.title?.trim() || Array.from(sanitizeFilename(input.filename, "Dokument")).slice(0, LIMITS.titleMax).join("");
  const key = await files.put(bytes);
  const row: DocumentRow = {
    id: randomUUID(),
    tenant_id: input.tenantId,
    title,
    type: input.type,
    mime_type: type.mime,
    size_bytes: bytes.length,
    storage_key: key,
    original_filename: filename,
    uploaded_at: nowIso(),
    is_tenant_uploaded: input.actorKind === "tenant" ? 1 : 0,
    actor_kind: input.actorKind,
    publication_id: null,
  };
  try {
    await db.insertInto("documents").values(row).execute();
  } catch (err) {
    await removeAll(files, [key]);
    throw err;
  }
  return toTenantDocument(row);
}
