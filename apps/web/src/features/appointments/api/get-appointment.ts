import { appointment } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { defineRead } from "@/lib/reads";
import { appointmentTexts } from "../texts";

export const appointmentQueryKey = (id: string) => [apiPaths.appointment(id)] as const;

const readAppointment = defineRead({ resource: appointmentTexts.resource, response: appointment });

/** One appointment. A missing one is shown inline, not as a toast. */
export function getAppointmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: appointmentQueryKey(id),
    queryFn: readAppointment,
    meta: { silent: true },
  });
}
