import { INBOX_KIND_LABELS, inboxItemPath, roleCan } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import { buildingName, enqueuePush } from "../push/events.js";
import type { PushOwner } from "../push/subscriptions.js";
import { staffToNotify } from "../staff/staff-members.js";
import { claimOverduePush, INBOX_KIND_CAPABILITY, newlyOverdueItems } from "./inbox.js";

/**
 * "Überfällige Einträge" by push (issue 29, staff): when an Eingang item passes its due time, one
 * push to its assignee, or — unassigned — to the staff of its building who may see its kind (and the
 * Administrators), each only if they chose this event (off by default). Once per item and due time:
 * the claim on inbox_items.overdue_pushed_for is made in the same transaction as the push's rows.
 */

/** Items overdue longer than this are not pushed (a server that was down, the first start after the update). */
export const OVERDUE_PUSH_WINDOW_MS = 24 * 3_600_000;
const BATCH = 200;

type OverdueItem = Awaited<ReturnType<typeof newlyOverdueItems>>[number];

async function recipientsOf(db: Db, item: OverdueItem): Promise<PushOwner[]> {
  const capability = INBOX_KIND_CAPABILITY[item.kind];
  if (item.assignee_id) {
    const assignee = await db
      .selectFrom("staff_users")
      .select(["id", "role"])
      .where("id", "=", item.assignee_id)
      .where("active", "=", 1)
      .executeTakeFirst();
    return assignee && roleCan(assignee.role, capability) ? [{ kind: "staff", id: assignee.id }] : [];
  }
  const staff = await staffToNotify(db, item.building_id, { mail: false });
  return staff.filter((s) => roleCan(s.role, capability)).map((s) => ({ kind: "staff" as const, id: s.id }));
}

/** Pushes the items that became overdue since the window began; returns how many items it pushed for. */
export async function pushNewlyOverdue(db: Db, now: Date = new Date()): Promise<number> {
  const since = new Date(now.getTime() - OVERDUE_PUSH_WINDOW_MS).toISOString();
  let pushed = 0;
  for (;;) {
    const items = await newlyOverdueItems(db, now.toISOString(), since, BATCH);
    for (const item of items) {
      const claimed = await withTransaction(db, async (trx) => {
        if (!(await claimOverduePush(trx, item.kind, item.item_id, item.due_at))) return false;
        await enqueuePush(trx, await recipientsOf(trx, item), {
          kind: "overdue",
          title: `Überfällig: ${INBOX_KIND_LABELS[item.kind]}`,
          building: await buildingName(trx, item.building_id),
          path: `/verwaltung${inboxItemPath(item.kind, item.item_id)}`,
        });
        return true;
      });
      if (claimed) pushed += 1;
    }
    if (items.length < BATCH) return pushed;
  }
}
