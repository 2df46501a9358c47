import type { Urgency } from "@mieter-portal/contracts";
import {
  APPOINTMENT_ANSWER_MS,
  type InboxCounts,
  type InboxItem,
  type InboxKind,
  type InboxQuery,
  type InboxState,
  MESSAGE_REPLY_MS,
  METER_REVIEW_MS,
  REPAIR_RESPONSE_MS,
} from "@mieter-portal/contracts/staff";
import { type ExpressionBuilder, sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database } from "../../db/types.js";
import { repairTitle } from "../../lib/repair-titles.js";
import { berlinToUtc, nowIso } from "../../lib/time.js";
import { currentTenancyIdFor, currentTenancyOf } from "../tenants/current-tenancy.js";

/**
 * The inbox: one row per item that waits for the management, written in the same transaction
 * as the change that opens, moves or closes the item (the only writer of inbox_items). The console
 * reads one indexed table instead of four, however many closed items the years pile up.
 */

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** The building of the tenant's current tenancy (null without one). */
export async function currentBuildingOf(db: Db, tenantId: string): Promise<string | null> {
  const row = await currentTenancyOf(db, tenantId).select("building_id").executeTakeFirst();
  return row?.building_id ?? null;
}

export const repairDueAt = (reportedAt: string, urgency: string) =>
  plus(reportedAt, REPAIR_RESPONSE_MS[urgency as keyof typeof REPAIR_RESPONSE_MS] ?? REPAIR_RESPONSE_MS.medium);
/** The end of the planned day, Berlin time. */
export const plannedDueAt = (plannedDate: string) => berlinToUtc(plannedDate, 24).toISOString();
export const messageDueAt = (waitingSince: string) => plus(waitingSince, MESSAGE_REPLY_MS);
export const appointmentDueAt = (createdAt: string, startTime: string) =>
  [plus(createdAt, APPOINTMENT_ANSWER_MS), startTime].sort()[0]!;
export const meterReviewDueAt = (submittedAt: string) => plus(submittedAt, METER_REVIEW_MS);

export interface InboxEntry {
  kind: InboxKind;
  itemId: string;
  /** null for a repair of a building's common areas: then buildingId says whose inbox it is. */
  tenantId: string | null;
  buildingId?: string | null;
  state: InboxState;
  title: string;
  urgency?: Urgency | null;
  createdAt: string;
  dueAt: string;
}

/** Opens the item, or moves it (state, title, due time) when it is already open; keeps its assignee. */
export async function putInboxItem(db: Db, entry: InboxEntry): Promise<void> {
  const building = entry.tenantId ? await currentBuildingOf(db, entry.tenantId) : (entry.buildingId ?? null);
  await db
    .insertInto("inbox_items")
    .values({
      kind: entry.kind,
      item_id: entry.itemId,
      tenant_id: entry.tenantId,
      building_id: building,
      state: entry.state,
      title: entry.title,
      urgency: entry.urgency ?? null,
      created_at: entry.createdAt,
      due_at: entry.dueAt,
      assignee_id: null,
    })
    .onConflict((oc) =>
      oc.columns(["kind", "item_id"]).doUpdateSet({ state: entry.state, title: entry.title, due_at: entry.dueAt }),
    )
    .execute();
}

/** The item no longer waits for anyone (answered, done, canceled). */
export async function closeInboxItem(db: Db, kind: InboxKind, itemId: string): Promise<void> {
  await db.deleteFrom("inbox_items").where("kind", "=", kind).where("item_id", "=", itemId).execute();
}

/** The open inbox row of one item, or undefined (closed or unknown). */
export async function findInboxItem(db: Db, kind: InboxKind, itemId: string) {
  return db
    .selectFrom("inbox_items")
    .selectAll()
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .executeTakeFirst();
}

/** The capability (contracts' roleCan) a role needs to see an item of each kind. */
export const INBOX_KIND_CAPABILITY = {
  repair: "repairs",
  message: "messages",
  appointment: "appointments",
  meter_reading: "meter_readings",
  service_missed: "service_plans",
} as const satisfies Record<InboxKind, string>;

/**
 * Open items whose due time passed after `since` and before `now` without an overdue push for
 * that due time (issue 29): those that just became overdue, oldest due first.
 */
export async function newlyOverdueItems(db: Db, now: string, since: string, limit: number) {
  return db
    .selectFrom("inbox_items")
    .select(["kind", "item_id", "building_id", "assignee_id", "title", "due_at"])
    .where("due_at", "<", now)
    .where("due_at", ">=", since)
    .where((eb) => eb.or([eb("overdue_pushed_for", "is", null), eb("overdue_pushed_for", "!=", eb.ref("due_at"))]))
    .orderBy("due_at", "asc")
    .limit(limit)
    .execute();
}

/**
 * Marks the item's overdue push as sent for this due time; false when another process did first
 * or the item moved meanwhile (closed, a new due time). A single conditional update: on
 * PostgreSQL the second of two concurrent claims waits for the first and then matches no row.
 */
export async function claimOverduePush(db: Db, kind: InboxKind, itemId: string, dueAt: string): Promise<boolean> {
  const result = await db
    .updateTable("inbox_items")
    .set({ overdue_pushed_for: dueAt })
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .where("due_at", "=", dueAt)
    .where((eb) => eb.or([eb("overdue_pushed_for", "is", null), eb("overdue_pushed_for", "!=", dueAt)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What the staff member may see: every building, or these; and which kinds. */
export interface InboxScope {
  staffId: string;
  allBuildings: boolean;
  buildingIds: string[];
  kinds: InboxKind[];
}

function scoped(eb: ExpressionBuilder<Database, "inbox_items">, scope: InboxScope) {
  const conditions = [eb("inbox_items.kind", "in", scope.kinds)];
  if (!scope.allBuildings) {
    conditions.push(
      scope.buildingIds.length > 0 ? eb("inbox_items.building_id", "in", scope.buildingIds) : eb(sql.lit(1), "=", 0),
    );
  }
  return eb.and(conditions);
}

const encodeCursor = (dueAt: string, id: string) => Buffer.from(`${dueAt}|${id}`).toString("base64url");
function decodeCursor(cursor: string): { dueAt: string; id: string } | undefined {
  const [dueAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  return dueAt && id && !Number.isNaN(Date.parse(dueAt)) ? { dueAt, id } : undefined;
}

/** One page of the inbox, most urgent first, with the counts the filters show. */
export async function listInbox(
  db: Db,
  scope: InboxScope,
  query: InboxQuery,
): Promise<{ items: InboxItem[]; next_cursor: string | null; counts: InboxCounts } | "bad_cursor"> {
  const now = nowIso();
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (query.cursor && !after) return "bad_cursor";
  let items = db
    .selectFrom("inbox_items")
    .leftJoin("tenants", "tenants.id", "inbox_items.tenant_id")
    .leftJoin("buildings", "buildings.id", "inbox_items.building_id")
    .leftJoin("staff_users as assignee", "assignee.id", "inbox_items.assignee_id")
    .select([
      "inbox_items.kind",
      "inbox_items.item_id",
      "inbox_items.state",
      "inbox_items.title",
      "inbox_items.urgency",
      "inbox_items.created_at",
      "inbox_items.due_at",
      "inbox_items.tenant_id",
      "tenants.first_name",
      "tenants.last_name",
      "buildings.id as building_id",
      "buildings.name as building_name",
      "assignee.id as assignee_id",
      "assignee.name as assignee_name",
    ])
    .where((eb) => scoped(eb, scope));
  if (query.kind) items = items.where("inbox_items.kind", "=", query.kind);
  if (query.building) items = items.where("inbox_items.building_id", "=", query.building);
  if (query.state) items = items.where("inbox_items.state", "=", query.state);
  if (query.assignee === "me") items = items.where("inbox_items.assignee_id", "=", scope.staffId);
  else if (query.assignee === "none") items = items.where("inbox_items.assignee_id", "is", null);
  else if (query.assignee) items = items.where("inbox_items.assignee_id", "=", query.assignee);
  if (query.overdue === "true") items = items.where("inbox_items.due_at", "<", now);
  if (query.overdue === "false") items = items.where("inbox_items.due_at", ">=", now);
  if (after) {
    items = items.where((eb) =>
      eb.or([
        eb("inbox_items.due_at", ">", after.dueAt),
        eb.and([eb("inbox_items.due_at", "=", after.dueAt), eb("inbox_items.item_id", ">", after.id)]),
      ]),
    );
  }
  const rows = await items
    .orderBy("inbox_items.due_at", "asc")
    .orderBy("inbox_items.item_id", "asc")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const units = await unitsOf(
    db,
    page.flatMap((r) => (r.tenant_id ? [r.tenant_id] : [])),
  );
  return {
    items: page.map((r) => ({
      id: r.item_id,
      kind: r.kind,
      state: r.state,
      title: r.title,
      tenant: r.tenant_id ? { id: r.tenant_id, name: `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim() } : null,
      building: r.building_id ? { id: r.building_id, name: r.building_name ?? "" } : null,
      unit: r.tenant_id ? (units.get(r.tenant_id) ?? null) : null,
      created_at: r.created_at,
      due_at: r.due_at,
      overdue: r.due_at < now,
      urgency: r.urgency,
      assignee: r.assignee_id ? { id: r.assignee_id, name: r.assignee_name ?? "" } : null,
    })),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.due_at, last.item_id) : null,
    counts: await countInbox(db, scope, now),
  };
}

async function countInbox(db: Db, scope: InboxScope, now: string): Promise<InboxCounts> {
  const rows = await db
    .selectFrom("inbox_items")
    .select((eb) => [
      "inbox_items.kind",
      eb.fn.countAll<number>().as("all"),
      eb.fn.sum<number>(eb.case().when("inbox_items.due_at", "<", now).then(1).else(0).end()).as("overdue"),
      eb.fn.sum<number>(eb.case().when("inbox_items.assignee_id", "=", scope.staffId).then(1).else(0).end()).as("mine"),
      eb.fn.sum<number>(eb.case().when("inbox_items.assignee_id", "is", null).then(1).else(0).end()).as("unassigned"),
    ])
    .where((eb) => scoped(eb, scope))
    .groupBy("inbox_items.kind")
    .execute();
  const counts: InboxCounts = { all: 0, overdue: 0, mine: 0, unassigned: 0, by_kind: {} };
  for (const row of rows) {
    counts.all += Number(row.all);
    counts.overdue += Number(row.overdue ?? 0);
    counts.mine += Number(row.mine ?? 0);
    counts.unassigned += Number(row.unassigned ?? 0);
    counts.by_kind[row.kind] = Number(row.all);
  }
  return counts;
}

/** The apartment of each tenant's current tenancy. */
export async function unitsOf(db: Db, tenantIds: string[]): Promise<Map<string, string | null>> {
  const units = new Map<string, string | null>();
  if (tenantIds.length === 0) return units;
  const rows = await db
    .selectFrom("tenancies")
    .select(["tenant_id", "apartment_number"])
    .where("tenant_id", "in", [...new Set(tenantIds)])
    .where("tenancies.id", "=", currentTenancyIdFor(db, "tenancies.tenant_id"))
    .execute();
  for (const row of rows) units.set(row.tenant_id, row.apartment_number);
  return units;
}

/**
 * Opens inbox items for what already waits but was written without them (the demo seed writes
 * its history directly): open repairs, tenants' pending appointment requests and unreviewed
 * lower-than-last readings. Items already open stay. Conversations waiting for a reply are opened
 * by their own module (messages.ts openWaitingThreads), which writes the threads.
 */
export async function reconcileInbox(db: Db): Promise<void> {
  const repairs = await db
    .selectFrom("repairs")
    .select(["id", "tenant_id", "building_id", "type", "location", "urgency", "status", "reported_at", "planned_date"])
    .where("status", "not in", ["completed", "canceled"])
    .execute();
  for (const r of repairs) {
    const answered = r.status !== "reported";
    await putInboxItem(db, {
      kind: "repair",
      itemId: r.id,
      tenantId: r.tenant_id,
      buildingId: r.building_id,
      state: answered ? "in_progress" : "new",
      title: repairTitle(r.type, r.location),
      urgency: r.urgency,
      createdAt: r.reported_at,
      dueAt: answered && r.planned_date ? plannedDueAt(r.planned_date) : repairDueAt(r.reported_at, r.urgency),
    });
  }
  const requests = await db
    .selectFrom("appointments")
    .select(["id", "tenant_id", "title", "created_at", "start_time"])
    .where("status", "=", "pending")
    .where("origin", "=", "tenant")
    .execute();
  for (const a of requests) {
    await putInboxItem(db, {
      kind: "appointment",
      itemId: a.id,
      tenantId: a.tenant_id,
      state: "new",
      title: a.title,
      createdAt: a.created_at,
      dueAt: appointmentDueAt(a.created_at, a.start_time),
    });
  }
}
