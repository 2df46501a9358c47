import type { Appointment } from "@mieter-portal/contracts";
import { DASHBOARD_APPOINTMENT_COUNT } from "./texts";

/**
 * Appointments whose start lies in the future and that still take place (a canceled one is not
 * upcoming: issue 12), soonest first. The dashboard and the notifications (bell count included).
 */
export function upcomingAppointments(
  appointments: Appointment[],
  now: Date = new Date(),
  count = DASHBOARD_APPOINTMENT_COUNT,
): Appointment[] {
  const nowMs = now.getTime();
  return appointments
    .filter((a) => {
      const start = Date.parse(a.start_time);
      return a.status !== "canceled" && !Number.isNaN(start) && start > nowMs;
    })
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
    .slice(0, count);
}
