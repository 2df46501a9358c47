import { type InboxKind, STAFF_INBOX_PATH } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { enqueueMail } from "../notifications/notifications.js";
import type { MailContext } from "../notifications/notify.js";
import { buildingName, enqueuePush } from "../push/events.js";
import { assignedMail } from "./mails.js";

/** The outbox kind of the mail that tells a staff member an item was assigned to them. */
export const STAFF_ASSIGNED_KIND = "staff_assigned";

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
  mail: MailContext,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const item = await trx
      .selectFrom("inbox_items")
      .select(["assignee_id", "building_id", "title"])
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
    if (kind !== "meter_reading" && kind !== "service_missed") {
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
    if (assigneeId && assigneeId !== actor.staffId && assigneeId !== item.assignee_id) {
      await noticeToAssignee(trx, mail, assigneeId, actor, { kind, itemId, title: item.title });
      // Issue 29: and a push to their devices when they chose "Mir zugewiesene Einträge".
      await enqueuePush(trx, [{ kind: "staff", id: assigneeId }], {
        kind: "assigned_to_me",
        title: "Ihnen wurde ein Eintrag zugewiesen",
        building: await buildingName(trx, item.building_id),
        path: STAFF_INBOX_PATH,
      });
    }
    return true;
  });
}

/**
 * Tells a staff member that a colleague assigned an item to them (issue 25 §13): one mail through
 * the outbox, unless they turned notifications off (Profil → Benachrichtigungen) or left.
 */
async function noticeToAssignee(
  db: Db,
  mail: MailContext,
  assigneeId: string,
  actor: AuditActor,
  item: { kind: InboxKind; itemId: string; title: string },
): Promise<void> {
  const staff = await db
    .selectFrom("staff_users")
    .select(["email", "name"])
    .where("id", "=", assigneeId)
    .where("active", "=", 1)
    .where("notify_new_items", "=", 1)
    .executeTakeFirst();
  if (!staff) return;
  await enqueueMail(db, {
    recipientKind: "staff",
    recipientId: assigneeId,
    to: staff.email,
    kind: STAFF_ASSIGNED_KIND,
    ...assignedMail(mail, staff.name, actor.name, item),
  });
}
