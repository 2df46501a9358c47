import { randomUUID } from "node:crypto";
import { addDays, LIMITS } from "@mieter-portal/contracts";
import type { DocumentAudience, DocumentPublication, PublishedDocumentType } from "@mieter-portal/contracts/staff";
import type { Selectable } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import type { DocumentPublicationsTable, DocumentsTable } from "../../db/types.js";
import type { FileStore } from "../../lib/file-store.js";
import { decodeCursor, splitPage } from "../../lib/pagination.js";
import { berlinToday, berlinToUtc, nowIso } from "../../lib/time.js";
import { removeAll, sanitizeFilename, withTypeExtension } from "../../lib/uploads.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { type AudienceTenant, audienceOf } from "../notices/audiences.js";
import { addDocumentDigestLine } from "../notifications/notifications.js";
import { buildingName, enqueuePush } from "../push/events.js";
import { channelsFor } from "../push/preferences.js";
import { checkDocumentBytes } from "./documents.js";
import { DOCUMENT_DIGEST_SUBJECT, digestLineOf } from "./mails.js";

/**
 * Documents to many (issue 14 §3; docs/decisions/014-notices-and-documents-to-many.md): one file,
 * checked like a tenant's upload, stored once and shared by one `documents` row per recipient, so
 * every tenant finds it under its section. Tenants hear about new documents in a digest, at most
 * one mail a day, at 8:00 Berlin time.
 */

type PublicationRow = Selectable<DocumentPublicationsTable>;

/** The digest goes out at this hour (Berlin) on the morning after the documents were published. */
export const DOCUMENT_DIGEST_HOUR = 8;

/** The next 8:00 in Berlin after `now`: when the digest of documents published now is sent. */
export function nextDigestMorning(now = new Date()): string {
  const today = berlinToday(now);
  const todays = berlinToUtc(today, DOCUMENT_DIGEST_HOUR);
  return (
    todays.getTime() > now.getTime() ? todays : berlinToUtc(addDays(today, 1), DOCUMENT_DIGEST_HOUR)
  ).toISOString();
}

const DOCUMENT_ROWS_PER_INSERT = 500;

export interface NewPublication {
  audience: DocumentAudience;
  /** The tenant (audience "tenant"). */
  tenantId?: string | undefined;
  /** The building: the audience's building, or for one tenant their building (for the console's scope). */
  buildingId: string | null;
  title: string;
  type: PublishedDocumentType;
  bytes: Buffer;
  filename?: string | null | undefined;
}

/** The tenant addressed by one publication, if they exist. */
async function singleTenant(db: Db, tenantId: string): Promise<AudienceTenant[]> {
  const row = await db
    .selectFrom("tenants")
    .select(["id", "email", "first_name", "last_name", "notify_email"])
    .where("id", "=", tenantId)
    .executeTakeFirst();
  return row ? [{ ...row, notify_email: Number(row.notify_email) }] : [];
}

/**
 * Publishes one document: checks the bytes (400/413/415 before anything is written), stores the
 * file once, and in one transaction writes the publication, a documents row per recipient, their
 * digest lines (tenants with e-mail on) and the audit entry. "no_recipients" when nobody would get
 * it (a building without running tenancies); nothing is written then either.
 */
export async function publishDocument(
  db: Db,
  files: FileStore,
  input: NewPublication,
  actor: AuditActor,
): Promise<string | "no_recipients"> {
  const type = await checkDocumentBytes(input.bytes);
  const recipients =
    input.audience === "tenant"
      ? await singleTenant(db, input.tenantId ?? "")
      : await audienceOf(db, input.audience === "building" ? input.buildingId : null);
  if (recipients.length === 0) return "no_recipients";

  const now = nowIso();
  const cleaned = sanitizeFilename(input.filename, "Dokument");
  const publication: PublicationRow = {
    id: randomUUID(),
    title: Array.from(input.title.trim()).slice(0, LIMITS.titleMax).join(""),
    type: input.type,
    audience: input.audience,
    building_id: input.buildingId,
    tenant_id: input.audience === "tenant" ? (input.tenantId ?? null) : null,
    mime_type: type.mime,
    size_bytes: input.bytes.length,
    storage_key: await files.put(input.bytes),
    original_filename: withTypeExtension(cleaned, type),
    recipient_count: recipients.length,
    created_by: actor.staffId,
    created_at: now,
  };
  try {
    await withTransaction(db, async (trx) => {
      await trx.insertInto("document_publications").values(publication).execute();
      const rows: Selectable<DocumentsTable>[] = recipients.map((tenant) => ({
        id: randomUUID(),
        tenant_id: tenant.id,
        title: publication.title,
        type: publication.type,
        mime_type: publication.mime_type,
        size_bytes: publication.size_bytes,
        storage_key: publication.storage_key,
        original_filename: publication.original_filename,
        uploaded_at: now,
        is_tenant_uploaded: 0,
        actor_kind: "staff",
        publication_id: publication.id,
      }));
      for (let i = 0; i < rows.length; i += DOCUMENT_ROWS_PER_INSERT) {
        await trx
          .insertInto("documents")
          .values(rows.slice(i, i + DOCUMENT_ROWS_PER_INSERT))
          .execute();
      }
      // Issue 29: each tenant's choice for new documents (e-mail and/or push).
      const channels = await channelsFor(
        trx,
        "tenant",
        recipients.map((t) => t.id),
        "document",
      );
      await enqueuePush(
        trx,
        recipients.map((t) => ({ kind: "tenant" as const, id: t.id })),
        {
          kind: "document",
          title: "Neues Dokument im Mieter-Portal",
          building: await buildingName(trx, publication.building_id),
          path: "/documents",
        },
      );
      await addDocumentDigestLine(
        trx,
        recipients.filter((t) => t.notify_email === 1 && channels.get(t.id)?.email !== false),
        {
          subject: DOCUMENT_DIGEST_SUBJECT,
          line: digestLineOf(publication.title, input.type),
          sendAfter: nextDigestMorning(new Date(now)),
        },
      );
      await recordAudit(trx, actor, {
        action: "document.published",
        entityType: "document_publication",
        entityId: publication.id,
        buildingId: publication.building_id,
        after: {
          title: publication.title,
          type: publication.type,
          audience: publication.audience,
          building_id: publication.building_id,
          tenant_id: publication.tenant_id,
          filename: publication.original_filename,
          file_type: publication.mime_type,
          file_size: publication.size_bytes,
          recipient_count: publication.recipient_count,
        },
      });
    });
  } catch (err) {
    await removeAll(files, [publication.storage_key]);
    throw err;
  }
  return publication.id;
}

// ---- the console's list ----

export interface PublicationScope {
  allBuildings: boolean;
  buildingIds: string[];
}

function publicationQuery(db: Db) {
  return db
    .selectFrom("document_publications")
    .leftJoin("buildings", "buildings.id", "document_publications.building_id")
    .leftJoin("tenants", "tenants.id", "document_publications.tenant_id")
    .leftJoin("staff_users", "staff_users.id", "document_publications.created_by")
    .selectAll("document_publications")
    .select([
      "buildings.name as building_name",
      "tenants.first_name as tenant_first_name",
      "tenants.last_name as tenant_last_name",
      "staff_users.name as created_by_name",
    ]);
}

type PublicationListRow = PublicationRow & {
  building_name: string | null;
  tenant_first_name: string | null;
  tenant_last_name: string | null;
  created_by_name: string | null;
};

function toPublication(row: PublicationListRow): DocumentPublication {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    audience: row.audience,
    building: row.building_id ? { id: row.building_id, name: row.building_name ?? "" } : null,
    tenant: row.tenant_id
      ? { id: row.tenant_id, name: `${row.tenant_first_name ?? ""} ${row.tenant_last_name ?? ""}`.trim() }
      : null,
    file_type: row.mime_type,
    file_size: Number(row.size_bytes),
    filename: row.original_filename,
    recipient_count: Number(row.recipient_count),
    created_at: row.created_at,
    created_by: row.created_by ? { id: row.created_by, name: row.created_by_name ?? "" } : null,
  };
}

export async function findPublication(db: Db, id: string): Promise<DocumentPublication | undefined> {
  const row = (await publicationQuery(db).where("document_publications.id", "=", id).executeTakeFirst()) as
    | PublicationListRow
    | undefined;
  return row ? toPublication(row) : undefined;
}

const CURSOR = "publications";

/**
 * What the management published, newest first: an Administrator sees all; a Verwalter those for
 * their buildings (and their tenants) and those for all tenants.
 */
export async function listPublications(
  db: Db,
  scope: PublicationScope,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ items: DocumentPublication[]; next_cursor: string | null }> {
  let rows = publicationQuery(db);
  if (!scope.allBuildings) {
    const ids = scope.buildingIds.length > 0 ? scope.buildingIds : [""];
    rows = rows.where((eb) =>
      eb.or([eb("document_publications.audience", "=", "all"), eb("document_publications.building_id", "in", ids)]),
    );
  }
  if (query.cursor) {
    const [at, id] = decodeCursor(CURSOR, query.cursor, 2) as [string, string];
    rows = rows.where((eb) =>
      eb(eb.refTuple("document_publications.created_at", "document_publications.id"), "<", eb.tuple(at, id)),
    );
  }
  const found = (await rows
    .orderBy("document_publications.created_at", "desc")
    .orderBy("document_publications.id", "desc")
    .limit(query.limit + 1)
    .execute()) as PublicationListRow[];
  const page = splitPage(found, query.limit, CURSOR, (r) => [r.created_at, r.id]);
  return { items: page.rows.map(toPublication), next_cursor: page.nextCursor };
}
