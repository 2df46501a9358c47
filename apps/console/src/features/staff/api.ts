import type { StaffMember, StaffRole } from "@mieter-portal/contracts/staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPatch, apiPost } from "@/lib/api-client";

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "users"],
    queryFn: ({ signal }) => apiGet<StaffMember[]>("/staff/users", { signal }),
  });

export interface StaffInput {
  email: string;
  name: string;
  role: StaffRole;
  building_ids: string[];
}

function useStaffWrite<TVars>(key: string, fn: (vars: TVars) => Promise<StaffMember>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "users", key],
    mutationFn: fn,
    meta: { inlineErrors: key !== "resend" },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["staff", "users"] }),
        queryClient.invalidateQueries({ queryKey: ["staff", "colleagues"] }),
      ]),
  });
}

export const useInviteStaff = () =>
  useStaffWrite("invite", (body: StaffInput) => apiPost<StaffMember>("/staff/users", body));
export const useUpdateStaff = () =>
  useStaffWrite(
    "update",
    ({ id, ...body }: { id: string; name?: string; role?: StaffRole; building_ids?: string[]; active?: boolean }) =>
      apiPatch<StaffMember>(`/staff/users/${id}`, body),
  );
export const useResendInvitation = () =>
  useStaffWrite("resend", (id: string) => apiPost<StaffMember>(`/staff/users/${id}/invitation`));
