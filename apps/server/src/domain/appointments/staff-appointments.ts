import { randomUUID } from "node:crypto";
import {
  type AppointmentStatus,
  decideManagementAction,
  type ManagementAppointmentAction,
  TIME_SLOT_HOURS,
  type TimeSlot,
} from "@mieter-portal/contracts";
import type { AppointmentOrigin, StaffAppointment } from "@mieter-portal/contracts/staff";
import { type Db, withTransaction } from "../../db/connection.js";
import type { AppointmentRow } from "../../db/types.js";
import { appointmentCalendar, type CalendarEvent } from "../../lib/appointment-calendar.js";
import { berlinToUtc, germanDateOf, nowIso } from "../../lib/time.js";
import { type AuditActor, recordAudit } from "../audit/audit.js";
import { closeInboxItem } from "../inbox/inbox.js";
import { type MailContext, notifyTenant } from "../notifications/notify.js";
import { staffRefOf, tenantRefOf } from "../tenants/staff-tenants.js";
import { hasCalendar } from "./appointment-proposals.js";
import { TIME_SLOT_TITLES } from "./appointments.js";
import { acceptedMail, declinedMail } from "./mails.js";

/**
 * The management's side of appointments (issue 11 §3): accept a tenant's request at a time inside
 * the requested slot, decline it with a reason, propose another time, or propose a new appointment.
 * Each answer writes the status trail, closes the inbox item, appends to the audit log and mails
 * the tenant, in one transaction. The transitions are the contracts' (decideManagementAction).
 */

/** A staff member acting for the management, signed "Name, Firma" towards the tenant. */
export interface StaffActor extends AuditActor {
  signature: string;
}

export interface AppointmentTimes {
  start: string;
  end: string;
  location?: string | null;
  note_to_tenant?: string | null;
}

export type StaffAppointmentResult =
  | { kind: "ok" }
  | { kind: "not_found" }
  | { kind: "conflict"; message?: string }
  | { kind: "invalid"; message: string; field: string };

const originOf = (row: Pick<AppointmentRow, "origin">): AppointmentOrigin =>
  row.origin === "tenant" ? "tenant" : "management";

/** The appointment as the console shows it, with its building for the scope check. */
export async function findStaffAppointment(
  db: Db,
  id: string,
): Promise<{ appointment: StaffAppointment; buildingId: string | null } | undefined> {
  const row = await db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [tenant, assignee, history] = await Promise.all([
    tenantRefOf(db, row.tenant_id),
    staffRefOf(db, row.assignee_id),
    db
      .selectFrom("appointment_status_changes")
      .select(["status", "changed_at", "actor_kind", "actor_name", "note"])
      .where("appointment_id", "=", id)
      .orderBy("changed_at")
      .orderBy("id")
      .execute(),
  ]);
  if (!tenant) return undefined;
  const { buildingId, ...tenantRef } = tenant;
  return {
    buildingId,
    appointment: {
      id: row.id,
      type: row.type,
      title: row.title,
      status: row.status,
      origin: originOf(row),
      start_time: row.start_time,
      end_time: row.end_time,
      requested_date: row.requested_date,
      time_slot: row.time_slot,
      notes: row.notes,
      location: row.location,
      decline_reason: row.decline_reason,
      management_note: row.management_note,
      created_at: row.created_at,
      history: history.map((change) => ({
        status: change.status,
        changed_at: change.changed_at,
        actor_kind: change.actor_kind === "tenant" ? ("tenant" as const) : ("staff" as const),
        actor_name: change.actor_name,
        note: change.note,
      })),
      tenant: tenantRef,
      assignee: assignee ? { id: assignee.id, name: assignee.name } : null,
    },
  };
}

const IN_PAST = "Der Termin darf nicht in der Vergangenheit liegen.";

/** New times must lie ahead (the contract already checks end > start). */
export function timesProblem(times: AppointmentTimes, now: string): StaffAppointmentResult | undefined {
  if (Date.parse(times.start) <= Date.parse(now)) return { kind: "invalid", message: IN_PAST, field: "start" };
  return undefined;
}

/** For a tenant's request: the chosen time must lie inside the requested Berlin slot of the requested day. */
function slotProblem(row: AppointmentRow, times: AppointmentTimes): StaffAppointmentResult | undefined {
  if (!row.requested_date || !row.time_slot) return undefined;
  const hours = TIME_SLOT_HOURS[row.time_slot as TimeSlot];
  if (!hours) return undefined;
  const from = berlinToUtc(row.requested_date, hours.start).getTime();
  const to = berlinToUtc(row.requested_date, hours.end).getTime();
  if (Date.parse(times.start) >= from && Date.parse(times.end) <= to) return undefined;
  return {
    kind: "invalid",
    message: `Bitte wählen Sie eine Zeit im gewünschten Zeitfenster: ${germanDateOf(row.requested_date)}, ${TIME_SLOT_TITLES[row.time_slot as TimeSlot]}.`,
    field: "start",
  };
}

export const snapshot = (row: Pick<AppointmentRow, "status" | "origin" | "start_time" | "end_time" | "location">) => ({
  status: row.status,
  origin: row.origin,
  start_time: row.start_time,
  end_time: row.end_time,
  location: row.location,
});

/** One step of the appointment's history, with the management's message or reason (shown to the tenant). */
export async function recordChange(
  trx: Db,
  appointmentId: string,
  status: AppointmentStatus,
  at: string,
  actor: StaffActor,
  note: string | null,
) {
  await trx
    .insertInto("appointment_status_changes")
    .values({
      id: randomUUID(),
      appointment_id: appointmentId,
      status,
      changed_at: at,
      actor_kind: "staff",
      actor_name: actor.signature,
      note,
    })
    .execute();
}

/** A trimmed message, or null when there is none. */
export const noteOf = (note: string | null | undefined) => (note?.trim() ? note.trim() : null);

/**
 * The .ics of a mail about the appointment (issue 25 §14): the same UID for every version, the
 * appointment's calendar_sequence as SEQUENCE.
 */
export function calendarOf(
  mail: MailContext,
  row: Pick<AppointmentRow, "id" | "title" | "start_time" | "end_time" | "location" | "calendar_sequence">,
  method: CalendarEvent["method"],
  status: CalendarEvent["status"],
  note: string | null,
  at: string,
) {
  return (attendee: { email: string; name: string }) =>
    appointmentCalendar({
      method,
      status,
      appointmentId: row.id,
      sequence: row.calendar_sequence,
      start: row.start_time,
      end: row.end_time,
      title: `${row.title} (${mail.company})`,
      location: row.location,
      description: [
        `${row.title} mit ${mail.company}`,
        ...(note ? [note] : []),
        `Im Mieter-Portal: ${mail.publicUrl}/appointments/${row.id}`,
      ].join("\n"),
      organizer: { name: mail.company, email: mail.supportEmail || `noreply@${new URL(mail.publicUrl).hostname}` },
      attendee,
      publicUrl: mail.publicUrl,
      now: at,
    });
}

/**
 * One answer to an existing appointment: loads it, asks the contracts' rules, writes the change
 * guarded by the status it decided on, and lets `finish` add the audit entry and the mail.
 */
export async function answer(
  db: Db,
  id: string,
  action: ManagementAppointmentAction,
  actor: StaffActor,
  build: (
    row: AppointmentRow,
    at: string,
  ) =>
    | StaffAppointmentResult
    | {
        set: Partial<
          Pick<AppointmentRow, "start_time" | "end_time" | "location" | "decline_reason" | "calendar_sequence">
        >;
        /** The message or reason the tenant reads with this answer (null: none). */
        note: string | null;
      },
  finish: (trx: Db, before: AppointmentRow, after: AppointmentRow, buildingId: string | null) => Promise<void>,
): Promise<StaffAppointmentResult> {
  return withTransaction(db, async (trx): Promise<StaffAppointmentResult> => {
    const row = await trx.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return { kind: "not_found" };
    const at = nowIso();
    const decision = decideManagementAction(row, action, at);
    if (decision.kind === "conflict") return decision;
    if (decision.kind === "noop") return { kind: "ok" };
    const built = build(row, at);
    if (!("set" in built)) return built;
    const changes = {
      ...built.set,
      management_note: built.note,
      status: decision.status,
      origin: decision.origin,
      updated_at: at,
    };
    const updated = await trx
      .updateTable("appointments")
      .set(changes)
      .where("id", "=", id)
      .where("status", "=", row.status)
      .where("origin", "=", row.origin)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { kind: "conflict" };
    await recordChange(trx, id, decision.status, at, actor, built.note);
    await closeInboxItem(trx, "appointment", id);
    const building = (await tenantRefOf(trx, row.tenant_id))?.buildingId ?? null;
    await finish(trx, row, { ...row, ...changes }, building);
    return { kind: "ok" };
  });
}

/** Accepts a tenant's request at a concrete time inside the requested slot: confirmed; the mail carries an .ics. */
export async function acceptAppointment(
  db: Db,
  id: string,
  times: AppointmentTimes,
  actor: StaffActor,
  mail: MailContext,
): Promise<StaffAppointmentResult> {
  const note = noteOf(times.note_to_tenant);
  return answer(
    db,
    id,
    "accept",
    actor,
    (row, at) =>
      timesProblem(times, at) ??
      slotProblem(row, times) ?? {
        set: {
          start_time: times.start,
          end_time: times.end,
          location: times.location ?? row.location,
          calendar_sequence: row.calendar_sequence + 1,
        },
        note,
      },
    async (trx, before, after, buildingId) => {
      await recordAudit(trx, actor, {
        action: "appointment.accepted",
        entityType: "appointment",
        entityId: id,
        buildingId,
        before: snapshot(before),
        after: { ...snapshot(after), note_to_tenant: note },
      });
      await notifyTenant(trx, mail, before.tenant_id, {
        kind: "appointment_accepted",
        ...acceptedMail(after, actor, note),
        path: `/appointments/${id}`,
        calendar: calendarOf(mail, after, "REQUEST", "CONFIRMED", note, after.updated_at),
      });
    },
  );
}

/**
 * Declines a request, or cancels a confirmed appointment, with a reason the tenant reads in the
 * mail and in the app: canceled. A confirmed appointment's mail carries a METHOD:CANCEL .ics, so
 * the tenant's calendar removes it; so does any appointment whose earlier mail carried one.
 */
export async function declineAppointment(
  db: Db,
  id: string,
  reason: string,
  actor: StaffActor,
  mail: MailContext,
): Promise<StaffAppointmentResult> {
  const note = noteOf(reason);
  return answer(
    db,
    id,
    "decline",
    actor,
    (row) => ({
      set: {
        decline_reason: reason,
        ...(hasCalendar(row) ? { calendar_sequence: row.calendar_sequence + 1 } : {}),
      },
      note,
    }),
    async (trx, before, after, buildingId) => {
      await recordAudit(trx, actor, {
        action: "appointment.declined",
        entityType: "appointment",
        entityId: id,
        buildingId,
        before: snapshot(before),
        after: { ...snapshot(after), decline_reason: reason },
      });
      await notifyTenant(trx, mail, before.tenant_id, {
        kind: "appointment_declined",
        ...declinedMail(before, reason, hasCalendar(before)),
        path: `/appointments/${id}`,
        ...(hasCalendar(before)
          ? { calendar: calendarOf(mail, after, "CANCEL", "CANCELLED", reason, after.updated_at) }
          : {}),
      });
    },
  );
}
