import { randomUUID } from "node:crypto";
import type { RepairStatusChangeRequest, StaffNewRepair, StaffRepair, TenantRef } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import type { FileStore } from "../../lib/file-store.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { findInboxItem } from "../inbox/inbox.js";
import { type MailContext, notifyTenant } from "../notifications/notify.js";
import { staffRefOf, tenantRefOf } from "../tenants/staff-tenants.js";
import { REPAIR_STATUS_SUBJECT, repairStatusLines } from "./mails.js";
import { createRepair, findRepairById, setRepairStatus } from "./repairs.js";

/** The repair as the console shows it (internal notes included), with its building for the scope check. */
export async function findStaffRepair(
  db: Db,
  repairId: string,
): Promise<{ repair: StaffRepair; buildingId: string | null } | undefined> {
  const row = await db
    .selectFrom("repairs")
    .select(["tenant_id", "building_id", "planned_window", "assignee_id", "thread_id"])
    .where("id", "=", repairId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [tenantView, tenant, commonBuilding, notes, inbox, assignee, sourceThread] = await Promise.all([
    findRepairById(db, repairId),
    row.tenant_id ? tenantRefOf(db, row.tenant_id) : undefined,
    row.building_id
      ? db.selectFrom("buildings").select(["id", "name"]).where("id", "=", row.building_id).executeTakeFirst()
      : undefined,
    db
      .selectFrom("repair_internal_notes")
      .select(["id", "author_name", "note", "created_at"])
      .where("repair_id", "=", repairId)
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .execute(),
    findInboxItem(db, "repair", repairId),
    staffRefOf(db, row.assignee_id),
    row.thread_id
      ? db.selectFrom("message_threads").select(["id", "subject"]).where("id", "=", row.thread_id).executeTakeFirst()
      : undefined,
  ]);
  if (!tenantView) return undefined;
  // A tenant's repair, or a common-area repair with its building.
  if (row.tenant_id ? !tenant : !commonBuilding) return undefined;
  let buildingId = commonBuilding?.id ?? null;
  let tenantRef: TenantRef | null = null;
  if (tenant) {
    const { buildingId: tenantBuilding, ...ref } = tenant;
    buildingId = tenantBuilding;
    tenantRef = ref;
  }
  return {
    buildingId,
    repair: {
      ...tenantView,
      photos: tenantView.photos.map((p) => ({ ...p, url: `/api/v1/staff/photos/${p.id}` })),
      planned_window: row.planned_window,
      due_at: inbox?.due_at ?? null,
      tenant: tenantRef,
      common_area: commonBuilding ? { building: commonBuilding } : null,
      assignee: assignee ? { id: assignee.id, name: assignee.name } : null,
      internal_notes: notes.map((n) => ({ id: n.id, author: n.author_name, note: n.note, created_at: n.created_at })),
      source_thread: sourceThread ?? null,
    },
  };
}

/**
 * A staff member changes a repair's status: history entry (with the note to the tenant), inbox,
 * audit log and the tenant's mail, all in one transaction.
 */
export async function changeRepairStatusByStaff(
  db: Db,
  repairId: string,
  change: RepairStatusChangeRequest,
  actor: AuditActor & { signature: string },
  mail: MailContext,
): Promise<{ emailed: boolean }> {
  return withTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom("repairs")
      .select(["status", "planned_date", "planned_window", "tenant_id", "building_id", "type", "location"])
      .where("id", "=", repairId)
      .executeTakeFirstOrThrow();
    const noteParts = [change.status === "canceled" ? change.reason : null, change.note_to_tenant].filter(Boolean);
    const planned = change.status === "scheduled" ? (change.planned_date ?? null) : change.planned_date;
    await setRepairStatus(trx, repairId, {
      status: change.status,
      plannedDate: planned === undefined ? undefined : planned,
      plannedWindow: change.status === "scheduled" ? (change.planned_window ?? null) : undefined,
      note: noteParts.length > 0 ? noteParts.join("\n") : null,
      actorKind: "staff",
      actorName: actor.signature,
    });
    const after = await trx
      .selectFrom("repairs")
      .select(["status", "planned_date", "planned_window"])
      .where("id", "=", repairId)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "repair.status_changed",
      entityType: "repair",
      entityId: repairId,
      buildingId: before.tenant_id
        ? ((await tenantRefOf(trx, before.tenant_id))?.buildingId ?? null)
        : before.building_id,
      before: { status: before.status, planned_date: before.planned_date, planned_window: before.planned_window },
      after: { ...after, note_to_tenant: change.note_to_tenant ?? null, reason: change.reason ?? null },
    });
    const lines = repairStatusLines(before, after, change, actor.signature);
    // A common-area repair has no tenant to tell (issue 25 §16; decision 034).
    if (!before.tenant_id) return { emailed: false };
    const emailed = await notifyTenant(trx, mail, before.tenant_id, {
      kind: "repair_status",
      subject: REPAIR_STATUS_SUBJECT,
      lines,
      path: `/repairs/${repairId}`,
    });
    return { emailed };
  });
}

/** An internal note: for staff only, never on a tenant endpoint or in a tenant's mail. */
export async function addInternalNote(db: Db, repairId: string, note: string, actor: AuditActor): Promise<void> {
  await withTransaction(db, async (trx) => {
    const id = randomUUID();
    await trx
      .insertInto("repair_internal_notes")
      .values({
        id,
        repair_id: repairId,
        staff_id: actor.staffId,
        author_name: actor.name,
        note,
        created_at: new Date().toISOString(),
      })
      .execute();
    await recordAudit(trx, actor, {
      action: "repair.internal_note",
      entityType: "repair",
      entityId: repairId,
      after: { note },
    });
  });
}

/**
 * The tenant a staff-created repair is for: the given tenant, or the conversation's tenant when it
 * is made from a message. "thread_mismatch" when both are given and differ; undefined when either
 * does not exist.
 */
export async function tenantOfNewRepair(
  db: Db,
  input: Pick<StaffNewRepair, "tenant_id" | "thread_id">,
): Promise<string | "thread_mismatch" | undefined> {
  if (input.thread_id) {
    const thread = await db
      .selectFrom("message_threads")
      .select("tenant_id")
      .where("id", "=", input.thread_id)
      .executeTakeFirst();
    if (!thread) return undefined;
    if (input.tenant_id && input.tenant_id !== thread.tenant_id) return "thread_mismatch";
    return thread.tenant_id;
  }
  if (!input.tenant_id) return undefined;
  return (await db.selectFrom("tenants").select("id").where("id", "=", input.tenant_id).executeTakeFirst())?.id;
}

/**
 * Staff record a repair (issue 25 §16): for a tenant, who sees it in the app, or for a building's
 * common areas (`for: { building }`), which no tenant sees; audited, no photos.
 */
export async function createRepairByStaff(
  db: Db,
  files: FileStore,
  target: { tenant: string } | { building: string },
  input: StaffNewRepair,
  actor: AuditActor & { signature: string },
): Promise<string> {
  const tenantId = "tenant" in target ? target.tenant : null;
  const created = await createRepair(db, files, tenantId, {
    ...("building" in target ? { commonAreaOf: target.building } : {}),
    type: input.type,
    location: input.location,
    description: input.description,
    urgency: input.urgency,
    photos: [],
    actorName: actor.signature,
    byStaff: { actor, threadId: input.thread_id ?? null },
  });
  return created.id;
}
