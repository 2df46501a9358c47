import { staffPasswordChanged, staffProfile, type TotpConfirm, totpSetup } from "@mieter-portal/contracts/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPatch, apiPost } from "@/lib/api-client";
import { signIn } from "@/lib/session";

const ME_KEY = ["staff", "me"];

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "me", "update"],
    mutationFn: (body: { notify_new_items: boolean }) => apiPatch("/staff/auth/me", staffProfile, body),
    onSuccess: (me) => queryClient.setQueryData(ME_KEY, me),
  });
}

/** A password change ends the other sessions; this one continues with the new token. */
export function useChangePassword() {
  return useMutation({
    mutationKey: ["staff", "me", "password"],
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiPost("/staff/auth/password", staffPasswordChanged, body),
    meta: { inlineErrors: true },
    onSuccess: (result) => signIn(result.token),
  });
}

/** Setting up, enabling and disabling the second factor each need the current password (decision 031). */
export function useTotpSetup() {
  return useMutation({
    mutationKey: ["staff", "me", "totp-setup"],
    mutationFn: (currentPassword: string) => apiPost("/staff/auth/totp/setup", totpSetup, { currentPassword }),
    meta: { inlineErrors: true },
  });
}

export function useTotpSwitch(action: "enable" | "disable") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "me", `totp-${action}`],
    mutationFn: (body: TotpConfirm) => apiPost(`/staff/auth/totp/${action}`, staffProfile, body),
    meta: { inlineErrors: true },
    onSuccess: (me) => queryClient.setQueryData(ME_KEY, me),
  });
}
