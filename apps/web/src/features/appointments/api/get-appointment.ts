import { appointment } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";

export const appointmentQueryKey = (id: string) => [`/api/v1/tenant/appointments/${encodeURIComponent(id)}`] as const;

const fetchAppointment = getQueryFn<unknown>({ on401: "throw" });

/** One appointment. A missing one is shown inline, not as a toast. */
export function getAppointmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: appointmentQueryKey(id),
    queryFn: async (context) => appointment.parse(await fetchAppointment(context)),
    meta: { silent: true },
  });
}
