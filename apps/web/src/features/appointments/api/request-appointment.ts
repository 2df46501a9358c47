import type { AppointmentRequest } from "@mieter-portal/contracts";
import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import { appointmentTexts } from "../texts";
import { appointmentQueriesToRefresh } from "./invalidation";

/** POST appointments {type, date, timeSlot, notes}: the request starts as pending. */
export function requestAppointmentVariables(input: AppointmentRequest) {
  return apiMutation("POST", "/api/v1/tenant/appointments", input, appointmentQueriesToRefresh());
}

export function useRequestAppointment() {
  const t = appointmentTexts.form;
  return useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.appointments.request,
    meta: {
      successTitle: t.successTitle,
      successDescription: t.successDescription,
      errorTitle: appointmentTexts.errorTitle,
      errorDescription: t.failed,
    },
  });
}
