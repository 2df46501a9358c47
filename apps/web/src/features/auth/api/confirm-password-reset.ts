import { okResponse } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { passwordResetTexts } from "../password-reset-texts";

/**
 * POST /api/v1/auth/password-reset/confirm with the token from the mail link. An invalid or
 * expired link answers 400 with the server's German message (shown by the page).
 */
export const confirmPasswordReset = defineChange({
  key: ["api", "auth", "password-reset", "confirm"],
  method: "POST",
  url: () => apiPaths.passwordResetConfirm,
  body: (input: { token: string; newPassword: string }) => input,
  response: okResponse,
  live: true,
});

export function useConfirmPasswordReset() {
  const mutation = useChange(confirmPasswordReset, { meta: { errorTitle: passwordResetTexts.resetErrorTitle } });
  const { mutateAsync } = mutation;
  return {
    isPending: mutation.isPending,
    confirmReset: (token: string, newPassword: string) => mutateAsync({ token, newPassword }),
  };
}
