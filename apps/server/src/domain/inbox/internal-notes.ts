import { randomUUID } from "node:crypto";
import type { internalNote } from "@mieter-portal/contracts/staff";
import type { z } from "zod";
import { type Db, withTransaction } from "../../db/connection.js";
import { nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { tenantRefOf } from "../tenants/staff-tenants.js";

/**
 * Internal notes on conversations, appointments and tenants (issue 25 §15): for staff only, never on
 * a tenant endpoint or in a tenant's mail. The repairs keep theirs in repair_internal_notes
 * (repositories/staff-repairs.ts); this module is the only writer of internal_notes.
 */
export type NoteEntity = "thread" | "appointment" | "tenant";
type InternalNote = z.infer<typeof internalNote>;

/** The tenant the item belongs to (its building decides who may see the notes); undefined: no such item. */
export async function noteEntityTenant(db: Db, entity: NoteEntity, id: string): Promise<string | undefined> {
  if (entity === "tenant") {
    return (await db.selectFrom("tenants").select("id").where("id", "=", id).executeTakeFirst())?.id;
  }
  const table = entity === "thread" ? "message_threads" : "appointments";
  return (await db.selectFrom(table).select("tenant_id").where("id", "=", id).executeTakeFirst())?.tenant_id;
}

/** The building whose staff may read and write the item's notes (undefined: no such item). */
export async function noteEntityBuilding(db: Db, entity: NoteEntity, id: string) {
  const tenantId = await noteEntityTenant(db, entity, id);
  if (!tenantId) return undefined;
  return { buildingId: (await tenantRefOf(db, tenantId))?.buildingId ?? null };
}

export async function listInternalNotes(db: Db, entity: NoteEntity, id: string): Promise<InternalNote[]> {
  const rows = await db
    .selectFrom("internal_notes")
    .select(["id", "author_name", "note", "created_at"])
    .where("entity_type", "=", entity)
    .where("entity_id", "=", id)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((n) => ({ id: n.id, author: n.author_name, note: n.note, created_at: n.created_at }));
}

export async function addEntityNote(
  db: Db,
  entity: NoteEntity,
  id: string,
  note: string,
  actor: AuditActor,
  buildingId: string | null,
): Promise<void> {
  await withTransaction(db, async (trx) => {
    await trx
      .insertInto("internal_notes")
      .values({
        id: randomUUID(),
        entity_type: entity,
        entity_id: id,
        staff_id: actor.staffId,
        author_name: actor.name,
        note,
        created_at: nowIso(),
      })
      .execute();
    await recordAudit(trx, actor, {
      action: `${entity}.internal_note`,
      entityType: entity,
      entityId: id,
      buildingId,
      after: { note },
    });
  });
}
