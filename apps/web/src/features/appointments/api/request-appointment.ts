import { type AppointmentRequest, appointment } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { appointmentTexts } from "../texts";
import { appointmentQueriesToRefresh } from "./invalidation";

/** POST appointments {type, date, timeSlot, notes}: the request starts as pending. */
export const requestAppointment = defineChange({
  key: ["api", "appointments", "request"],
  method: "POST",
  url: () => apiPaths.appointments,
  body: (input: AppointmentRequest) => input,
  refresh: () => appointmentQueriesToRefresh(),
  describe: (input) => ({ label: appointmentTexts.queue.request, detail: input.notes }),
  response: appointment,
});

export function useRequestAppointment() {
  const t = appointmentTexts.form;
  return useChange(requestAppointment, {
    meta: {
      successTitle: t.successTitle,
      successDescription: t.successDescription,
      errorTitle: appointmentTexts.errorTitle,
      errorDescription: t.failed,
    },
  });
}
