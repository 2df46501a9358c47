import { type Appointment, tenantAppointmentActions } from "@mieter-portal/contracts";

const time = (value: string) => {
  const t = Date.parse(value);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
};

/** Still ahead and still on: not ended yet, and pending or confirmed. */
export function isUpcoming(appointment: Pick<Appointment, "status" | "end_time">, now: Date = new Date()): boolean {
  return (
    (appointment.status === "pending" || appointment.status === "confirmed") &&
    time(appointment.end_time) > now.getTime()
  );
}

/**
 * The appointments screen's two lists: upcoming ones soonest first; past, completed and canceled
 * ones newest first.
 */
export function groupAppointments(
  appointments: Appointment[],
  now: Date = new Date(),
): { upcoming: Appointment[]; past: Appointment[] } {
  const upcoming: Appointment[] = [];
  const past: Appointment[] = [];
  for (const appointment of appointments) {
    (isUpcoming(appointment, now) ? upcoming : past).push(appointment);
  }
  upcoming.sort((a, b) => time(a.start_time) - time(b.start_time));
  past.sort((a, b) => time(b.start_time) - time(a.start_time));
  return { upcoming, past };
}

/**
 * What the tenant may still do with an appointment: the server's rules (tenantAppointmentActions
 * in packages/contracts) plus moving a pending one ('Verschieben' cancels it and opens the request
 * form). Only a proposal of the management can be confirmed; the tenant's own request waits for
 * the management and may be moved or canceled.
 */
export function availableActions(
  appointment: Pick<Appointment, "status" | "end_time" | "origin">,
  now: Date = new Date(),
): { confirm: boolean; reschedule: boolean; cancel: boolean; awaitingManagement: boolean } {
  const open = time(appointment.end_time) > now.getTime();
  if (!open) return { confirm: false, reschedule: false, cancel: false, awaitingManagement: false };
  const rules = tenantAppointmentActions(appointment, now.toISOString());
  const pending = appointment.status === "pending";
  return {
    confirm: rules.confirm,
    reschedule: pending,
    // A proposal is declined by moving it; a confirmed appointment or the tenant's own request can be canceled.
    cancel: rules.cancel && (appointment.status === "confirmed" || rules.awaitingManagement),
    awaitingManagement: rules.awaitingManagement,
  };
}
