import { type OkResponse, okResponse } from "@mieter-portal/contracts";
import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import { passwordResetTexts } from "../password-reset-texts";

/**
 * POST /api/v1/auth/password-reset through the central mutation path. The server answers the same
 * neutral text whether the address exists or not. Not queued: it needs a connection now.
 */
export function useRequestPasswordReset() {
  const mutation = useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.auth.requestPasswordReset,
    networkMode: "always",
    meta: { errorTitle: passwordResetTexts.forgotErrorTitle },
  });
  return {
    isPending: mutation.isPending,
    requestReset: async (email: string): Promise<OkResponse> =>
      okResponse.parse(
        await mutation.mutateAsync(apiMutation("POST", "/api/v1/auth/password-reset", { email: email.trim() })),
      ),
  };
}
