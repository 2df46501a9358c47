import { type StaffMember, type StaffRole, staffMember } from "@mieter-portal/contracts/staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet, apiPatch, apiPost } from "@/lib/api-client";

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "users"],
    queryFn: ({ signal }) => apiGet("/staff/users", z.array(staffMember), { signal }),
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
  useStaffWrite("invite", (body: StaffInput) => apiPost("/staff/users", staffMember, body));
export const useUpdateStaff = () =>
  useStaffWrite(
    "update",
    ({ id, ...body }: { id: string; name?: string; role?: StaffRole; building_ids?: string[]; active?: boolean }) =>
      apiPatch(`/staff/users/${id}`, staffMember, body),
  );
export const useResendInvitation = () =>
  useStaffWrite("resend", (id: string) => apiPost(`/staff/users/${id}/invitation`, staffMember));
/** "Zweiten Faktor zurücksetzen" for a colleague who lost it (Administrators; issue 25 item 22). */
export const useResetSecondFactor = () =>
  useStaffWrite("totp-reset", (id: string) => apiPost(`/staff/users/${id}/totp-reset`, staffMember));
