import { type AppointmentStatusUpdate, appointment } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { appointmentTexts } from "../texts";
import { appointmentQueriesToRefresh } from "./invalidation";

type Status = AppointmentStatusUpdate["status"];

/** PATCH appointments/{id}/status {status}: 'Bestätigen' sends confirmed, 'Verschieben' and 'Absagen' canceled. */
export const updateAppointmentStatus = defineChange({
  key: ["api", "appointments", "status"],
  method: "PATCH",
  url: ({ id }: { id: string; status: Status }) => apiPaths.appointmentStatus(id),
  body: ({ status }) => ({ status }),
  refresh: ({ id }) => appointmentQueriesToRefresh(id),
  describe: ({ status }) => ({
    label: status === "confirmed" ? appointmentTexts.queue.confirm : appointmentTexts.queue.cancel,
  }),
  response: appointment,
});

/** One hook per target status, so the success toast can say what happened. */
export function useUpdateAppointmentStatus(status: Status) {
  const t = appointmentTexts.status;
  return useChange(updateAppointmentStatus, {
    meta: {
      successTitle: t.successTitle,
      successDescription: status === "confirmed" ? t.confirmed : t.canceled,
      errorTitle: appointmentTexts.errorTitle,
      errorDescription: t.failed,
    },
  });
}
