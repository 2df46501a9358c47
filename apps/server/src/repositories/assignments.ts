import type { InboxKind } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../db/connection.js";
import { type AuditActor, recordAudit } from "./audit.js";

const ENTITY_TABLE = { repair: "repairs", message: "message_threads", appointment: "appointments" } as const;

/**
 * Assigns an open inbox item to a staff member (or to nobody): on the inbox row and, for repairs,
 * conversations and appointments, on the item itself so it stays with the item after it closes.
 * False when the item is not open in the inbox.
 */
export async function assignItem(
  db: Db,
  kind: InboxKind,
  itemId: string,
  assigneeId: string | null,
  actor: AuditActor,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const item = await trx
      .selectFrom("inbox_items")
      .select(["assignee_id", "building_id"])
      .where("kind", "=", kind)
      .where("item_id", "=", itemId)
      .executeTakeFirst();
    if (!item) return false;
    await trx
      .updateTable("inbox_items")
      .set({ assignee_id: assigneeId })
      .where("kind", "=", kind)
      .where("item_id", "=", itemId)
      .execute();
    if (kind !== "meter_reading") {
      await trx.updateTable(ENTITY_TABLE[kind]).set({ assignee_id: assigneeId }).where("id", "=", itemId).execute();
    }
    await recordAudit(trx, actor, {
      action: `${kind}.assigned`,
      entityType: kind,
      entityId: itemId,
      buildingId: item.building_id,
      before: { assignee_id: item.assignee_id },
      after: { assignee_id: assigneeId },
    });
    return true;
  });
}
