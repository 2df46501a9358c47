import { randomUUID } from "node:crypto";
import type { CannedReply } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";

/**
 * Textbausteine: replies the management uses again and again. Shared ones are kept by the
 * Administrators; every staff member who answers tenants may keep their own beside them, which
 * nobody else sees (issue 25 §10, migration 0019).
 */

/** Who asks: their id, and whether they may keep the shared ones (Administrators). */
interface CannedReplyReader {
  staffId: string;
  keepsShared: boolean;
}

/** The shared Textbausteine and the reader's own, by title. */
export async function listCannedReplies(db: Db, reader: CannedReplyReader): Promise<CannedReply[]> {
  const rows = await db
    .selectFrom("canned_replies")
    .select(["id", "title", "body", "updated_at", "owner_staff_id"])
    .where((eb) => eb.or([eb("owner_staff_id", "is", null), eb("owner_staff_id", "=", reader.staffId)]))
    .orderBy("title")
    .orderBy("id")
    .execute();
  return rows.map(({ owner_staff_id, ...row }) => ({
    ...row,
    personal: owner_staff_id !== null,
    editable: owner_staff_id !== null || reader.keepsShared,
  }));
}

/** One Textbaustein as the reader sees it; undefined when it is someone else's own or gone. */
export async function findCannedReply(db: Db, id: string, reader: CannedReplyReader) {
  return (await listCannedReplies(db, reader)).find((c) => c.id === id);
}

/** A new Textbaustein: the reader's own unless an Administrator shares it. */
export async function createCannedReply(
  db: Db,
  input: { title: string; body: string; personal?: boolean | undefined },
  reader: CannedReplyReader,
  actor: AuditActor,
) {
  const id = randomUUID();
  const owner = reader.keepsShared && !input.personal ? null : reader.staffId;
  await withTransaction(db, async (trx) => {
    const at = nowIso();
    await trx
      .insertInto("canned_replies")
      .values({ id, title: input.title, body: input.body, owner_staff_id: owner, created_at: at, updated_at: at })
      .execute();
    await recordAudit(trx, actor, {
      action: "canned_reply.created",
      entityType: "canned_reply",
      entityId: id,
      after: { title: input.title, body: input.body, personal: owner !== null },
    });
  });
  return id;
}

/**
 * The Textbaustein the reader may change: their own, or a shared one for an Administrator.
 * "forbidden" for a shared one otherwise; undefined when it is someone else's own or gone.
 */
async function changeable(trx: Db, id: string, reader: CannedReplyReader) {
  const row = await trx
    .selectFrom("canned_replies")
    .select(["title", "body", "owner_staff_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || (row.owner_staff_id !== null && row.owner_staff_id !== reader.staffId)) return undefined;
  if (row.owner_staff_id === null && !reader.keepsShared) return "forbidden" as const;
  return { title: row.title, body: row.body };
}

export async function updateCannedReply(
  db: Db,
  id: string,
  input: { title: string; body: string },
  reader: CannedReplyReader,
  actor: AuditActor,
): Promise<boolean | "forbidden"> {
  return withTransaction(db, async (trx) => {
    const before = await changeable(trx, id, reader);
    if (before === undefined || before === "forbidden") return before ?? false;
    await trx
      .updateTable("canned_replies")
      .set({ title: input.title, body: input.body, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "canned_reply.updated",
      entityType: "canned_reply",
      entityId: id,
      before,
      after: { title: input.title, body: input.body },
    });
    return true;
  });
}

export async function deleteCannedReply(
  db: Db,
  id: string,
  reader: CannedReplyReader,
  actor: AuditActor,
): Promise<boolean | "forbidden"> {
  return withTransaction(db, async (trx) => {
    const before = await changeable(trx, id, reader);
    if (before === undefined || before === "forbidden") return before ?? false;
    await trx.deleteFrom("canned_replies").where("id", "=", id).execute();
    await recordAudit(trx, actor, { action: "canned_reply.deleted", entityType: "canned_reply", entityId: id, before });
    return true;
  });
}
