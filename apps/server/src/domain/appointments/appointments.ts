import { randomUUID } from "node:crypto";
import {
  APPOINTMENT_TITLES,
  type Appointment,
  type AppointmentRequest,
  type AppointmentStatusUpdate,
  decideTenantStatusChange,
  TIME_SLOT_HOURS,
  TIME_SLOT_LABELS,
  type TimeSlot,
} from "@mieter-portal/contracts";
import { sql } from "kysely";
import { type Db, withTransaction } from "../../db/connection.js";
import { prepareQueryByLimit } from "../../db/prepared.js";
import type { AppointmentRow } from "../../db/types.js";
import { decodeCursor, type Page, type PageRequest, splitPage } from "../../lib/pagination.js";
import { berlinToUtc, germanDateOf, nowIso } from "../../lib/time.js";
import { appointmentDueAt, closeInboxItem, currentBuildingOf, putInboxItem } from "../inbox/inbox.js";
import { type MailContext, notifyStaffOfNewItem } from "../notifications/notify.js";

/** The tenant acting on their own appointments (DESIGN.md §4.12). */
export interface TenantActor {
  tenantId: string;
  name: string;
}

function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    status: row.status,
    origin: row.origin,
    start_time: row.start_time,
    end_time: row.end_time,
    requested_date: row.requested_date,
    time_slot: row.time_slot as TimeSlot | null,
    notes: row.notes,
    location: row.location,
    management_note: row.management_note,
    created_at: row.created_at,
  };
}

/** Position in the list: the start_time and id of the previous page's last appointment. */
interface AppointmentPosition {
  start: string;
  id: string;
}

/**
 * The tenant's appointments, earliest start first (appointments_tenant_start_idx); `from` keeps
 * those starting after an instant, `after` starts behind a position, at most `limit` rows plus one.
 */
function appointmentRows(
  db: Db,
  tenantId: string,
  from: string | null,
  after: AppointmentPosition | null,
  limit: number,
) {
  let query = db.selectFrom("appointments").selectAll().where("tenant_id", "=", tenantId);
  // Upcoming: still ahead and not canceled (the dashboard, the bell and the panel count these).
  if (from !== null) query = query.where("start_time", ">", from).where("status", "!=", sql.lit("canceled"));
  if (after) query = query.where((eb) => eb(eb.refTuple("start_time", "id"), ">", eb.tuple(after.start, after.id)));
  return query
    .orderBy("start_time", "asc")
    .orderBy("id", "asc")
    .limit(sql.lit(limit + 1));
}

const CURSOR_LIST = "appointments";

const appointmentQueries = {
  all: prepareQueryByLimit(["tenantId"], (db, p, limit) => appointmentRows(db, p.tenantId, null, null, limit)),
  upcoming: prepareQueryByLimit(["tenantId", "from"], (db, p, limit) =>
    appointmentRows(db, p.tenantId, p.from, null, limit),
  ),
  allAfter: prepareQueryByLimit(["tenantId", "start", "id"], (db, p, limit) =>
    appointmentRows(db, p.tenantId, null, { start: p.start, id: p.id }, limit),
  ),
  upcomingAfter: prepareQueryByLimit(["tenantId", "from", "start", "id"], (db, p, limit) =>
    appointmentRows(db, p.tenantId, p.from, { start: p.start, id: p.id }, limit),
  ),
};

/**
 * One page of the tenant's appointments, earliest start first; with `upcoming` only those that
 * start after now and are not canceled (the dashboard's "next appointments").
 */
export async function listAppointments(
  db: Db,
  tenantId: string,
  page: PageRequest & { upcoming?: boolean },
): Promise<Page<Appointment>> {
  const from = page.upcoming ? nowIso() : null;
  let rows: AppointmentRow[];
  if (page.cursor) {
    const [start, id] = decodeCursor(CURSOR_LIST, page.cursor, 2) as [string, string];
    rows =
      from === null
        ? await appointmentQueries.allAfter(page.limit).execute(db, { tenantId, start, id })
        : await appointmentQueries.upcomingAfter(page.limit).execute(db, { tenantId, from, start, id });
  } else {
    rows =
      from === null
        ? await appointmentQueries.all(page.limit).execute(db, { tenantId })
        : await appointmentQueries.upcoming(page.limit).execute(db, { tenantId, from });
  }
  const { rows: pageRows, nextCursor } = splitPage(rows, page.limit, CURSOR_LIST, (row) => [row.start_time, row.id]);
  return { items: pageRows.map(toAppointment), nextCursor };
}

export async function findAppointment(db: Db, tenantId: string, id: string): Promise<Appointment | undefined> {
  const row = await db
    .selectFrom("appointments")
    .selectAll()
    .where("id", "=", id)
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  return row ? toAppointment(row) : undefined;
}

/** German names of the requested slots (inbox lines and mails). */
export const TIME_SLOT_TITLES: Record<TimeSlot, string> = TIME_SLOT_LABELS;

/**
 * Stores the tenant's request as a pending appointment over the chosen Berlin time slot (origin
 * "tenant": it waits for the management) and opens its inbox item, in one transaction.
 */
export async function requestAppointment(
  db: Db,
  actor: TenantActor,
  input: AppointmentRequest,
  /** Tells the building's staff (tenant requests; absent in seeds and tests of the repository alone). */
  mail?: MailContext,
): Promise<Appointment> {
  const hours = TIME_SLOT_HOURS[input.timeSlot];
  const at = nowIso();
  const notes = input.notes?.trim() ? input.notes.trim() : null;
  const row: AppointmentRow = {
    id: randomUUID(),
    tenant_id: actor.tenantId,
    type: input.type,
    title: APPOINTMENT_TITLES[input.type],
    status: "pending",
    origin: "tenant",
    start_time: berlinToUtc(input.date, hours.start).toISOString(),
    end_time: berlinToUtc(input.date, hours.end).toISOString(),
    requested_date: input.date,
    time_slot: input.timeSlot,
    notes,
    location: null,
    decline_reason: null,
    management_note: null,
    calendar_sequence: 0,
    assignee_id: null,
    created_at: at,
    updated_at: at,
  };
  await withTransaction(db, async (trx) => {
    await trx.insertInto("appointments").values(row).execute();
    await trx
      .insertInto("appointment_status_changes")
      .values({
        id: randomUUID(),
        appointment_id: row.id,
        status: "pending",
        changed_at: at,
        actor_kind: "tenant",
        actor_name: actor.name,
      })
      .execute();
    await putInboxItem(trx, {
      kind: "appointment",
      itemId: row.id,
      tenantId: actor.tenantId,
      state: "new",
      title: row.title,
      createdAt: at,
      dueAt: appointmentDueAt(at, row.start_time),
    });
    if (mail) {
      await notifyStaffOfNewItem(trx, mail, await currentBuildingOf(trx, actor.tenantId), {
        kind: "appointment",
        line: `Terminanfrage: ${row.title} am ${germanDateOf(input.date)}, ${TIME_SLOT_TITLES[input.timeSlot]} – ${actor.name}`,
      });
    }
  });
  return toAppointment(row);
}

export type StatusChangeResult =
  | { kind: "not_found" }
  | { kind: "conflict"; message?: string }
  | { kind: "ok"; appointment: Appointment };

/**
 * Applies the tenant's status change (the rules of decideTenantStatusChange in the contracts: a
 * management proposal may be confirmed, the tenant's own request only canceled) and records who
 * made it; a canceled request leaves the inbox.
 */
export async function changeAppointmentStatus(
  db: Db,
  actor: TenantActor,
  id: string,
  wanted: AppointmentStatusUpdate["status"],
): Promise<StatusChangeResult> {
  return withTransaction(db, async (trx): Promise<StatusChangeResult> => {
    const row = await trx
      .selectFrom("appointments")
      .selectAll()
      .where("id", "=", id)
      .where("tenant_id", "=", actor.tenantId)
      .executeTakeFirst();
    if (!row) return { kind: "not_found" };
    const at = nowIso();
    const decision = decideTenantStatusChange(row, wanted, at);
    if (decision.kind === "conflict") return decision;
    if (decision.kind === "noop") return { kind: "ok", appointment: toAppointment(row) };
    // Guarded by the status we decided on, so a concurrent change cannot be overwritten.
    const updated = await trx
      .updateTable("appointments")
      .set({ status: decision.status, updated_at: at })
      .where("id", "=", id)
      .where("tenant_id", "=", actor.tenantId)
      .where("status", "=", row.status)
      .where("origin", "=", row.origin)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { kind: "conflict" };
    await trx
      .insertInto("appointment_status_changes")
      .values({
        id: randomUUID(),
        appointment_id: id,
        status: decision.status,
        changed_at: at,
        actor_kind: "tenant",
        actor_name: actor.name,
      })
      .execute();
    if (decision.status === "canceled") await closeInboxItem(trx, "appointment", id);
    return { kind: "ok", appointment: toAppointment({ ...row, status: decision.status, updated_at: at }) };
  });
}
