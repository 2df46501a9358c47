import { randomUUID } from "node:crypto";
import { APPOINTMENT_TITLES, type AppointmentType } from "@mieter-portal/contracts";
import { type Db, withTransaction } from "../../db/connection.js";
import type { AppointmentRow } from "../../db/types.js";
import { nowIso } from "../../lib/time.js";
import { recordAudit } from "../audit/audit.js";
import { type MailContext, notifyTenant } from "../notifications/notify.js";
import { tenantRefOf } from "../tenants/staff-tenants.js";
import { proposedMail, rescheduledMail } from "./mails.js";
import {
  type AppointmentTimes,
  answer,
  calendarOf,
  noteOf,
  recordChange,
  type StaffActor,
  type StaffAppointmentResult,
  snapshot,
  timesProblem,
} from "./staff-appointments.js";

/**
 * The management proposes a time: another time for a tenant's request (with the reason) or a new
 * appointment of its own (issue 11 §3). Split from staff-appointments.ts (decision 037).
 */

/** Whether the tenant's calendar may hold the appointment: it is confirmed, or a mail carried an .ics. */
export const hasCalendar = (row: Pick<AppointmentRow, "status" | "calendar_sequence">) =>
  row.status === "confirmed" || row.calendar_sequence > 0;

const RESCHEDULE_REASON_NEEDED = "Bitte nennen Sie dem Mieter den Grund, warum der Termin verschoben wird.";

/**
 * Proposes another time: pending again, now waiting for the tenant (origin management). Moving a
 * confirmed appointment (reschedule) needs a reason; its mail says so, names the old and the new
 * time and carries the new time as .ics (METHOD:REQUEST, STATUS:TENTATIVE until the tenant confirms).
 */
export async function proposeAppointmentTime(
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
    "propose",
    actor,
    (row, at) => {
      const problem = timesProblem(times, at);
      if (problem) return problem;
      if (row.status === "confirmed" && !note) {
        return { kind: "invalid", message: RESCHEDULE_REASON_NEEDED, field: "note_to_tenant" };
      }
      return {
        set: {
          start_time: times.start,
          end_time: times.end,
          location: times.location ?? row.location,
          ...(hasCalendar(row) ? { calendar_sequence: row.calendar_sequence + 1 } : {}),
        },
        note,
      };
    },
    async (trx, before, after, buildingId) => {
      await recordAudit(trx, actor, {
        action: before.status === "confirmed" ? "appointment.rescheduled" : "appointment.proposed",
        entityType: "appointment",
        entityId: id,
        buildingId,
        before: snapshot(before),
        after: { ...snapshot(after), note_to_tenant: note },
      });
      if (hasCalendar(before)) {
        await notifyTenant(trx, mail, before.tenant_id, {
          kind: "appointment_rescheduled",
          ...rescheduledMail(before, after, actor, note),
          path: `/appointments/${id}`,
          calendar: calendarOf(mail, after, "REQUEST", "TENTATIVE", note, after.updated_at),
        });
        return;
      }
      await notifyTenant(trx, mail, before.tenant_id, {
        kind: "appointment_proposed",
        ...proposedMail(after, actor, note),
        path: `/appointments/${id}`,
      });
    },
  );
}

export interface NewProposal extends AppointmentTimes {
  tenantId: string;
  type: AppointmentType;
  title?: string | null;
}

/**
 * A new appointment the management proposes (pending, origin management): the tenant confirms or
 * cancels it in the app. The note to the tenant is stored as the appointment's notes (the tenant
 * sees it there). Returns the id, or the reason it was refused.
 */
export async function createAppointmentProposal(
  db: Db,
  input: NewProposal,
  actor: StaffActor,
  mail?: MailContext,
): Promise<{ kind: "ok"; id: string } | Extract<StaffAppointmentResult, { kind: "invalid" }>> {
  const at = nowIso();
  const problem = timesProblem(input, at);
  if (problem?.kind === "invalid") return problem;
  const row: AppointmentRow = {
    id: randomUUID(),
    tenant_id: input.tenantId,
    type: input.type,
    title: input.title ?? APPOINTMENT_TITLES[input.type],
    status: "pending",
    origin: "management",
    start_time: input.start,
    end_time: input.end,
    requested_date: null,
    time_slot: null,
    notes: input.note_to_tenant ?? null,
    location: input.location ?? null,
    decline_reason: null,
    management_note: noteOf(input.note_to_tenant),
    calendar_sequence: 0,
    assignee_id: null,
    created_at: at,
    updated_at: at,
  };
  await withTransaction(db, async (trx) => {
    await trx.insertInto("appointments").values(row).execute();
    await recordChange(trx, row.id, "pending", at, actor, row.management_note);
    await recordAudit(trx, actor, {
      action: "appointment.created",
      entityType: "appointment",
      entityId: row.id,
      buildingId: (await tenantRefOf(trx, input.tenantId))?.buildingId ?? null,
      after: { tenant_id: row.tenant_id, type: row.type, title: row.title, ...snapshot(row), notes: row.notes },
    });
    if (mail) {
      await notifyTenant(trx, mail, input.tenantId, {
        kind: "appointment_proposed",
        ...proposedMail(row, actor, input.note_to_tenant),
        path: `/appointments/${row.id}`,
      });
    }
  });
  return { kind: "ok", id: row.id };
}
