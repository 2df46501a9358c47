import type { Appointment } from "@mieter-portal/contracts";

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

/** What the tenant may still do with an appointment (the server enforces the same rules). */
export function availableActions(
  appointment: Pick<Appointment, "status" | "end_time">,
  now: Date = new Date(),
): { confirm: boolean; reschedule: boolean; cancel: boolean } {
  const open = time(appointment.end_time) > now.getTime();
  return {
    confirm: open && appointment.status === "pending",
    reschedule: open && appointment.status === "pending",
    cancel: open && appointment.status === "confirmed",
  };
}
