import type { QueryKey } from "@tanstack/react-query";
import { appointmentQueryKey } from "./get-appointment";
import { appointmentsQueryKey } from "./get-appointments";

/** A change makes the list stale (the dashboard and notifications read it too) and, when known, the one appointment. */
export function appointmentQueriesToRefresh(id?: string): QueryKey[] {
  return id ? [appointmentsQueryKey, appointmentQueryKey(id)] : [appointmentsQueryKey];
}
