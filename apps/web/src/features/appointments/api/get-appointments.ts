import { appointmentList } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";

const APPOINTMENTS_PATH = "/api/v1/tenant/appointments";

/** Prefix of every appointment list: a change refreshes them all. */
export const appointmentsQueryKey = [APPOINTMENTS_PATH] as const;

/** The appointments screen: every appointment, earliest start first, page by page (decision 007). */
export function getAppointmentsQueryOptions() {
  return pagedListQueryOptions(pagedListKey(APPOINTMENTS_PATH), (items) => appointmentList.parse(items));
}

/**
 * The next appointments (start after now, soonest first), one short page: the notifications show
 * 5 and the dashboard the first 2 of the same answer.
 */
export const UPCOMING_APPOINTMENTS_LIMIT = 5;
export const upcomingAppointmentsQueryKey = [
  APPOINTMENTS_PATH,
  { upcoming: "true", limit: String(UPCOMING_APPOINTMENTS_LIMIT) },
] as const;

const fetchAppointments = getQueryFn<unknown>({ on401: "throw" });

export function getUpcomingAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: upcomingAppointmentsQueryKey,
    queryFn: async (context) => appointmentList.parse(await fetchAppointments(context)),
  });
}
