import { type OkResponse, okResponse } from "@mieter-portal/contracts";
import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import { passwordResetTexts } from "../password-reset-texts";

/**
 * POST /api/v1/auth/password-reset/confirm with the token from the mail link. An invalid or
 * expired link answers 400 with the server's German message (shown by the page).
 */
export function useConfirmPasswordReset() {
  const mutation = useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.auth.confirmPasswordReset,
    networkMode: "always",
    meta: { errorTitle: passwordResetTexts.resetErrorTitle },
  });
  return {
    isPending: mutation.isPending,
    confirmReset: async (token: string, newPassword: string): Promise<OkResponse> =>
      okResponse.parse(
        await mutation.mutateAsync(apiMutation("POST", "/api/v1/auth/password-reset/confirm", { token, newPassword })),
      ),
  };
}
