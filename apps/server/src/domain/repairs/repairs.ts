import { randomUUID } from "node:crypto";
import {
  type ActorKind,
  CLOSED_REPAIR_STATUSES,
  type Repair,
  type RepairLocation,
  type RepairStatus,
  type RepairType,
  URGENCY_LABELS,
  type Urgency,
} from "@mieter-portal/contracts";
import { type Kysely, sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import { prepareQueryByLimit } from "../../db/prepared.js";
import type { Database, PhotoRow, RepairHistoryRow, RepairRow } from "../../db/types.js";
import type { FileStore } from "../../lib/file-store.js";
import { decodeCursor, type Page, type PageRequest, splitPage } from "../../lib/pagination.js";
import { repairTitle } from "../../lib/repair-titles.js";
import { nowIso } from "../../lib/time.js";
import { type CheckedFile, putAll, removeAll } from "../../lib/uploads.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { closeInboxItem, currentBuildingOf, plannedDueAt, putInboxItem, repairDueAt } from "../inbox/inbox.js";
import { type MailContext, notifyStaffOfNewItem } from "../notifications/notify.js";
import { findPhotosByOwner, insertPhotos, toPhotoInfo } from "../photos/photos.js";

function toRepair(row: RepairRow, photos: PhotoRow[], history: RepairHistoryRow[]): Repair {
  return {
    id: row.id,
    type: row.type,
    location: row.location,
    description: row.description,
    urgency: row.urgency,
    status: row.status,
    reported_at: row.reported_at,
    planned_date: row.planned_date,
    completed_at: row.completed_at,
    photos: photos.map(toPhotoInfo),
    history: history.map((h) => ({
      status: h.status,
      changed_at: h.changed_at,
      actor: h.actor_kind as ActorKind,
      actor_name: h.actor_name,
      note: h.note,
    })),
  };
}

/** Photos and history of repairs of one tenant, or of one common-area repair (tenantId null: no photos). */
async function withDetails(db: Db, tenantId: string | null, rows: RepairRow[]): Promise<Repair[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [photos, history] = await Promise.all([
    tenantId ? findPhotosByOwner(db, tenantId, "repair", ids) : new Map<string, PhotoRow[]>(),
    db
      .selectFrom("repair_status_history")
      .selectAll()
      .where("repair_id", "in", ids)
      .orderBy("changed_at", "asc")
      .orderBy("id", "asc")
      .execute(),
  ]);
  const historyByRepair = new Map<string, RepairHistoryRow[]>();
  for (const h of history) {
    const list = historyByRepair.get(h.repair_id) ?? [];
    list.push(h);
    historyByRepair.set(h.repair_id, list);
  }
  return rows.map((r) => toRepair(r, photos.get(r.id) ?? [], historyByRepair.get(r.id) ?? []));
}

const CURSOR_LIST = "repairs";

/** The tenant's repairs, newest report first (repairs_tenant_idx), behind `after`, at most `limit` rows plus one. */
function repairRows(db: Db, tenantId: string, after: { at: string; id: string } | null, limit: number) {
  let query = db.selectFrom("repairs").selectAll().where("tenant_id", "=", tenantId);
  if (after) query = query.where((eb) => eb(eb.refTuple("reported_at", "id"), "<", eb.tuple(after.at, after.id)));
  return query
    .orderBy("reported_at", "desc")
    .orderBy("id", "desc")
    .limit(sql.lit(limit + 1));
}

const repairQueries = {
  first: prepareQueryByLimit(["tenantId"], (db, p, limit) => repairRows(db, p.tenantId, null, limit)),
  after: prepareQueryByLimit(["tenantId", "at", "id"], (db, p, limit) =>
    repairRows(db, p.tenantId, { at: p.at, id: p.id }, limit),
  ),
};

/** One page of the tenant's repairs, newest report first, each with photos and its history (oldest first). */
export async function listRepairs(db: Db, tenantId: string, page: PageRequest): Promise<Page<Repair>> {
  let rows: RepairRow[];
  if (page.cursor) {
    const [at, id] = decodeCursor(CURSOR_LIST, page.cursor, 2) as [string, string];
    rows = await repairQueries.after(page.limit).execute(db, { tenantId, at, id });
  } else {
    rows = await repairQueries.first(page.limit).execute(db, { tenantId });
  }
  const { rows: pageRows, nextCursor } = splitPage(rows, page.limit, CURSOR_LIST, (row) => [row.reported_at, row.id]);
  return { items: await withDetails(db, tenantId, pageRows), nextCursor };
}

/** One repair of the tenant, or undefined (also when it belongs to someone else). */
export async function findRepair(db: Db, tenantId: string, repairId: string): Promise<Repair | undefined> {
  const row = await db
    .selectFrom("repairs")
    .selectAll()
    .where("id", "=", repairId)
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [repair] = await withDetails(db, tenantId, [row]);
  return repair;
}

/** A repair by its id alone, for staff (a tenant's or a common-area repair), or undefined. */
export async function findRepairById(db: Db, repairId: string): Promise<Repair | undefined> {
  const row = await db.selectFrom("repairs").selectAll().where("id", "=", repairId).executeTakeFirst();
  if (!row) return undefined;
  const [repair] = await withDetails(db, row.tenant_id, [row]);
  return repair;
}

export interface NewRepair {
  type: RepairType;
  location: RepairLocation;
  description: string;
  urgency: Urgency;
  /** Already checked photos, in the order the tenant chose them (positions 0..2). */
  photos: CheckedFile[];
  actorName: string;
  /** Staff record it (a call, a tenant's message): history by staff, audited, no new-item mail (issue 25 §16). */
  byStaff?: { actor: AuditActor; threadId: string | null };
  /** A repair of this building's common areas, recorded by staff: no tenant, no photos (issue 25 §16). */
  commonAreaOf?: string;
}

export { repairTitle } from "../../lib/repair-titles.js";

/**
 * Stores the photo files, then writes the repair (status "reported"), its first history entry and
 * the photo rows in one transaction; when the database write fails the files are removed again.
 */
export async function createRepair(
  db: Db,
  files: FileStore,
  /** null with `input.commonAreaOf` (and `byStaff`): a repair of the building's common areas. */
  tenantId: string | null,
  input: NewRepair,
  /** Tells the building's staff (tenant reports; absent in seeds and tests of the repository alone). */
  mail?: MailContext,
): Promise<Repair> {
  if (tenantId === null && (!input.commonAreaOf || !input.byStaff || input.photos.length > 0)) {
    throw new Error("Eine Reparatur ohne Mieter legen nur Mitarbeiter für ein Haus an, ohne Fotos.");
  }
  const keys = await putAll(files, input.photos);
  const now = nowIso();
  const row: RepairRow = {
    id: randomUUID(),
    tenant_id: tenantId,
    type: input.type,
    location: input.location,
    description: input.description,
    urgency: input.urgency,
    status: "reported",
    reported_at: now,
    planned_date: null,
    completed_at: null,
    updated_at: now,
    planned_window: null,
    assignee_id: null,
    thread_id: input.byStaff?.threadId ?? null,
    building_id: tenantId === null ? (input.commonAreaOf ?? null) : null,
  };
  const history: RepairHistoryRow = {
    id: randomUUID(),
    repair_id: row.id,
    status: "reported",
    changed_at: now,
    actor_kind: input.byStaff ? "staff" : "tenant",
    actor_name: input.actorName,
    note: null,
  };
  try {
    const photoRows = await withTransaction(db, async (trx) => {
      await trx.insertInto("repairs").values(row).execute();
      await trx.insertInto("repair_status_history").values(history).execute();
      const title = repairTitle(row.type, row.location);
      const buildingId = tenantId ? await currentBuildingOf(trx, tenantId) : row.building_id;
      await putInboxItem(trx, {
        kind: "repair",
        itemId: row.id,
        tenantId,
        buildingId,
        state: "new",
        title,
        urgency: row.urgency,
        createdAt: now,
        dueAt: repairDueAt(now, row.urgency),
      });
      if (input.byStaff) {
        await recordAudit(trx, input.byStaff.actor, {
          action: "repair.created",
          entityType: "repair",
          entityId: row.id,
          buildingId,
          after: {
            tenant_id: tenantId,
            ...(row.building_id ? { common_area_of: row.building_id } : {}),
            type: row.type,
            location: row.location,
            thread_id: row.thread_id,
          },
        });
      } else if (mail) {
        await notifyStaffOfNewItem(trx, mail, buildingId, {
          kind: "repair",
          line: `Reparatur (${URGENCY_TITLES[row.urgency]}): ${title} – ${input.actorName}`,
          ...(row.urgency === "emergency"
            ? {
                push: {
                  event: "emergency_repair" as const,
                  title: "Neue Notfall-Reparatur",
                  path: `/verwaltung/reparaturen/${row.id}`,
                },
              }
            : {}),
        });
      }
      if (tenantId === null) return [];
      return insertPhotos(
        trx,
        { tenantId, type: "repair", id: row.id, createdAt: now },
        input.photos.map((file, i) => ({ file, storageKey: keys[i]!, position: i })),
      );
    });
    return toRepair(row, photoRows, [history]);
  } catch (err) {
    await removeAll(files, keys);
    throw err;
  }
}

export interface RepairStatusChange {
  status: RepairStatus;
  /** YYYY-MM-DD; undefined keeps the planned date, null clears it. */
  plannedDate?: string | null;
  /** Free text shown with the planned date ("8–12 Uhr"); undefined keeps it, null clears it. */
  plannedWindow?: string | null;
  note?: string | null;
  actorKind: ActorKind;
  actorName: string;
}

/** The contracts' words (one home with the tenant app and the console, decision 040). */
export const URGENCY_TITLES: Record<Urgency, string> = URGENCY_LABELS;

/** A history instant strictly after the previous entry, so "oldest first" stays the order of changes. */
async function nextChangeInstant(trx: Kysely<Database>, repairId: string): Promise<string> {
  const last = await trx
    .selectFrom("repair_status_history")
    .select((eb) => eb.fn.max("changed_at").as("last"))
    .where("repair_id", "=", repairId)
    .executeTakeFirst();
  const now = Date.now();
  const previous = last?.last ? Date.parse(last.last) : 0;
  return new Date(Math.max(now, previous + 1)).toISOString();
}

/**
 * Sets a repair's status (staff via the admin command line, later the staff console): updates
 * status, planned date, completed_at and updated_at and appends a history entry recording who
 * acted. Returns the repair as its tenant sees it, or undefined when no repair has this id.
 */
export async function setRepairStatus(
  db: Db,
  repairId: string,
  change: RepairStatusChange,
): Promise<Repair | undefined> {
  const found = await withTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom("repairs")
      .select([
        "id",
        "tenant_id",
        "building_id",
        "completed_at",
        "planned_date",
        "urgency",
        "reported_at",
        "type",
        "location",
      ])
      .where("id", "=", repairId)
      .executeTakeFirst();
    if (!current) return undefined;
    const at = await nextChangeInstant(trx, repairId);
    await trx
      .updateTable("repairs")
      .set({
        status: change.status,
        ...(change.plannedDate !== undefined ? { planned_date: change.plannedDate } : {}),
        ...(change.plannedWindow !== undefined ? { planned_window: change.plannedWindow } : {}),
        completed_at: change.status === "completed" ? (current.completed_at ?? at) : null,
        updated_at: at,
      })
      .where("id", "=", repairId)
      .execute();
    await trx
      .insertInto("repair_status_history")
      .values({
        id: randomUUID(),
        repair_id: repairId,
        status: change.status,
        changed_at: at,
        actor_kind: change.actorKind,
        actor_name: change.actorName,
        note: change.note?.trim() ? change.note.trim() : null,
      })
      .execute();
    // The inbox follows: closed repairs leave it; open ones are due on their planned date, or by
    // the end of their urgency's handling time.
    if (CLOSED_REPAIR_STATUSES.includes(change.status)) {
      await closeInboxItem(trx, "repair", repairId);
    } else {
      const planned = change.plannedDate !== undefined ? change.plannedDate : current.planned_date;
      await putInboxItem(trx, {
        kind: "repair",
        itemId: repairId,
        tenantId: current.tenant_id,
        buildingId: current.building_id,
        state: change.status === "reported" ? "new" : "in_progress",
        title: repairTitle(current.type, current.location),
        urgency: current.urgency,
        createdAt: current.reported_at,
        dueAt: planned ? plannedDueAt(planned) : repairDueAt(current.reported_at, current.urgency),
      });
    }
    return current.id;
  });
  return found ? findRepairById(db, repairId) : undefined;
}
