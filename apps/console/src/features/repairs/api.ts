import type { StaffRepair, StaffRepairWritten } from "@mieter-portal/contracts/staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "@/lib/api-client";

export const repairQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "repair", id],
    queryFn: ({ signal }) => apiGet<StaffRepair>(`/staff/repairs/${id}`, { signal }),
  });

function useRepairWrite<TBody, TResult extends StaffRepair = StaffRepair>(id: string, action: "status" | "notes") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "repair", id, action],
    mutationFn: (body: TBody) => apiPost<TResult>(`/staff/repairs/${id}/${action}`, body),
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

export const useChangeRepairStatus = (id: string) => useRepairWrite<StatusChangeBody, StaffRepairWritten>(id, "status");
export const useAddInternalNote = (id: string) => useRepairWrite<{ note: string }>(id, "notes");
