import { appointmentList } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";
import { defineRead } from "@/lib/reads";
import { appointmentTexts } from "../texts";

/** Prefix of every appointment list: a change refreshes them all. */
export const appointmentsQueryKey = [apiPaths.appointments] as const;

/** The appointments screen: every appointment, earliest start first, page by page (decision 007). */
export function getAppointmentsQueryOptions() {
  return pagedListQueryOptions(
    pagedListKey(apiPaths.appointments),
    (items) => appointmentList.parse(items),
    appointmentTexts.resource,
  );
}

/**
 * The next appointments (start after now, soonest first), one short page: the notifications show
 * 5 and the dashboard the first 2 of the same answer.
 */
export const UPCOMING_APPOINTMENTS_LIMIT = 5;
export const upcomingAppointmentsQueryKey = [
  apiPaths.appointments,
  { upcoming: "true", limit: String(UPCOMING_APPOINTMENTS_LIMIT) },
] as const;

const readAppointments = defineRead({ resource: appointmentTexts.resource, response: appointmentList });

export function getUpcomingAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: upcomingAppointmentsQueryKey,
    queryFn: readAppointments,
  });
}
