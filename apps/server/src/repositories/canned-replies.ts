import { randomUUID } from "node:crypto";
import type { CannedReply } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../db/connection.js";
import { nowIso } from "../lib/time.js";
import { type AuditActor, recordAudit } from "./audit.js";

/** Textbausteine: replies the management uses again and again (Administrators keep them). */
export async function listCannedReplies(db: Db): Promise<CannedReply[]> {
  return db.selectFrom("canned_replies").select(["id", "title", "body", "updated_at"]).orderBy("title").execute();
}

export async function createCannedReply(db: Db, input: { title: string; body: string }, actor: AuditActor) {
  const id = randomUUID();
  await withTransaction(db, async (trx) => {
    const at = nowIso();
    await trx
      .insertInto("canned_replies")
      .values({ id, ...input, created_at: at, updated_at: at })
      .execute();
    await recordAudit(trx, actor, {
      action: "canned_reply.created",
      entityType: "canned_reply",
      entityId: id,
      after: input,
    });
  });
  return id;
}

export async function updateCannedReply(
  db: Db,
  id: string,
  input: { title: string; body: string },
  actor: AuditActor,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom("canned_replies")
      .select(["title", "body"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return false;
    await trx
      .updateTable("canned_replies")
      .set({ ...input, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "canned_reply.updated",
      entityType: "canned_reply",
      entityId: id,
      before,
      after: input,
    });
    return true;
  });
}

export async function deleteCannedReply(db: Db, id: string, actor: AuditActor): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom("canned_replies")
      .select(["title", "body"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return false;
    await trx.deleteFrom("canned_replies").where("id", "=", id).execute();
    await recordAudit(trx, actor, { action: "canned_reply.deleted", entityType: "canned_reply", entityId: id, before });
    return true;
  });
}
