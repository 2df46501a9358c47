import type { AppointmentType } from "@mieter-portal/contracts";
import { staffAppointment } from "@mieter-portal/contracts/staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "@/lib/api-client";

export const appointmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "appointment", id],
    queryFn: ({ signal }) => apiGet(`/staff/appointments/${id}`, staffAppointment, { signal }),
  });

export interface TimeProposal {
  start: string;
  end: string;
  location?: string | null;
  note_to_tenant?: string | null;
}

type Action = "accept" | "decline" | "propose";

export function useAppointmentAction<TBody>(id: string, action: Action) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "appointment", id, action],
    mutationFn: (body: TBody) => apiPost(`/staff/appointments/${id}/${action}`, staffAppointment, body),
    meta: { inlineErrors: true },
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentQueryOptions(id).queryKey, appointment);
      return queryClient.invalidateQueries({ queryKey: ["staff", "inbox"] });
    },
  });
}

export interface NewAppointment extends TimeProposal {
  tenant_id: string;
  type: AppointmentType;
  title?: string | null;
}

export function useNewAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "appointment", "new"],
    mutationFn: (body: NewAppointment) => apiPost("/staff/appointments", staffAppointment, body),
    meta: { inlineErrors: true },
    onSuccess: (appointment) => queryClient.invalidateQueries({ queryKey: ["staff", "tenant", appointment.tenant.id] }),
  });
}
