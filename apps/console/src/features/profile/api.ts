import type { StaffProfile, TotpConfirm, TotpSetup } from "@mieter-portal/contracts/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPatch, apiPost } from "@/lib/api-client";
import { signIn } from "@/lib/session";

const ME_KEY = ["staff", "me"];

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "me", "update"],
    mutationFn: (body: { notify_new_items: boolean }) => apiPatch<StaffProfile>("/staff/auth/me", body),
    onSuccess: (me) => queryClient.setQueryData(ME_KEY, me),
  });
}

/** A password change ends the other sessions; this one continues with the new token. */
export function useChangePassword() {
  return useMutation({
    mutationKey: ["staff", "me", "password"],
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiPost<{ token: string; expires_at: string }>("/staff/auth/password", body),
    meta: { inlineErrors: true },
    onSuccess: (result) => signIn(result.token),
  });
}

/** Setting up, enabling and disabling the second factor each need the current password (decision 031). */
export function useTotpSetup() {
  return useMutation({
    mutationKey: ["staff", "me", "totp-setup"],
    mutationFn: (currentPassword: string) => apiPost<TotpSetup>("/staff/auth/totp/setup", { currentPassword }),
    meta: { inlineErrors: true },
  });
}

export function useTotpSwitch(action: "enable" | "disable") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "me", `totp-${action}`],
    mutationFn: (body: TotpConfirm) => apiPost<StaffProfile>(`/staff/auth/totp/${action}`, body),
    meta: { inlineErrors: true },
    onSuccess: (me) => queryClient.setQueryData(ME_KEY, me),
  });
}
