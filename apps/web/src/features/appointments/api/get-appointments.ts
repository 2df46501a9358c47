import { appointmentList } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

export const appointmentsQueryKey = ["/api/v1/tenant/appointments"] as const;

const fetchAppointments = getQueryFn<unknown>({ on401: "throw" });

export function getAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: appointmentsQueryKey,
    queryFn: async (context) => appointmentList.parse(await fetchAppointments(context)),
  });
}
