import { okResponse } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { passwordResetTexts } from "../password-reset-texts";

/**
 * POST /api/v1/auth/password-reset through the central mutation path. The server answers the same
 * neutral text whether the address exists or not. Not queued: it needs a connection now.
 */
export const requestPasswordReset = defineChange({
  key: ["api", "auth", "password-reset"],
  method: "POST",
  url: () => apiPaths.passwordReset,
  body: (email: string) => ({ email: email.trim() }),
  response: okResponse,
  live: true,
});

export function useRequestPasswordReset() {
  const mutation = useChange(requestPasswordReset, { meta: { errorTitle: passwordResetTexts.forgotErrorTitle } });
  return { isPending: mutation.isPending, requestReset: mutation.mutateAsync };
}
