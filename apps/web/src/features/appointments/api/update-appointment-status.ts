import type { AppointmentStatusUpdate } from "@mieter-portal/contracts";
import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import { appointmentTexts } from "../texts";
import { appointmentQueriesToRefresh } from "./invalidation";

type Status = AppointmentStatusUpdate["status"];

/** PATCH appointments/{id}/status {status}: 'Bestätigen' sends confirmed, 'Verschieben' and 'Absagen' canceled. */
export function appointmentStatusVariables(id: string, status: Status) {
  return apiMutation(
    "PATCH",
    `/api/v1/tenant/appointments/${encodeURIComponent(id)}/status`,
    { status },
    appointmentQueriesToRefresh(id),
  );
}

/** One hook per target status, so the success toast can say what happened. */
export function useUpdateAppointmentStatus(status: Status) {
  const t = appointmentTexts.status;
  return useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.appointments.updateStatus,
    meta: {
      successTitle: t.successTitle,
      successDescription: status === "confirmed" ? t.confirmed : t.canceled,
      errorTitle: appointmentTexts.errorTitle,
      errorDescription: t.failed,
    },
  });
}
