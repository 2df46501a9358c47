import {
  type StaffNewRepair,
  type StaffRepair,
  type StaffRepairWritten,
  staffRepair,
  staffRepairCreated,
  staffRepairWritten,
} from "@mieter-portal/contracts/staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, apiGet, apiPost } from "@/lib/api-client";

export const repairQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "repair", id],
    queryFn: ({ signal }) => apiGet(`/staff/repairs/${id}`, staffRepair, { signal }),
  });

function useRepairWrite<TBody, TResult extends StaffRepair>(
  id: string,
  action: "status" | "notes",
  answer: Answer<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "repair", id, action],
    mutationFn: (body: TBody) => apiPost(`/staff/repairs/${id}/${action}`, answer, body),
    meta: { inlineErrors: true },
    onSuccess: (repair) => {
      queryClient.setQueryData(repairQueryOptions(id).queryKey, repair);
      return queryClient.invalidateQueries({ queryKey: ["staff", "inbox"] });
    },
  });
}

export interface StatusChangeBody {
  status: "confirmed" | "scheduled" | "in_progress" | "completed" | "canceled";
  planned_date?: string | null;
  planned_window?: string | null;
  note_to_tenant?: string | null;
  reason?: string | null;
}

export const useChangeRepairStatus = (id: string) =>
  useRepairWrite<StatusChangeBody, StaffRepairWritten>(id, "status", staffRepairWritten);
export const useAddInternalNote = (id: string) =>
  useRepairWrite<{ note: string }, StaffRepair>(id, "notes", staffRepair);

/** A repair recorded by staff for a tenant, from a message or for a building's common areas (issue 25 §16). */
export const createRepair = (repair: StaffNewRepair) => apiPost("/staff/repairs", staffRepairCreated, repair);
