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
    // Row actions without a form of their own show the server's message as a toast.
    meta: { inlineErrors: key !== "resend" && key !== "totp-reset" },
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
/** "Zweiten Faktor zurücksetzen" for a colleague who lost it (Administrators; issue 25 item 22). */
export const useResetSecondFactor = () =>
  useStaffWrite("totp-reset", (id: string) => apiPost<StaffMember>(`/staff/users/${id}/totp-reset`));
