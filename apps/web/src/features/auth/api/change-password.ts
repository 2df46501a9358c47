import { type PasswordChangeResponse, passwordChangeResponse } from "@mieter-portal/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { type ApiMutationVariables, apiMutation, mutationKeys } from "@/lib/mutations";
import type { FeedbackMeta } from "@/lib/query-client";
import { useAuth } from "../components/auth-provider";
import type { SessionUser } from "../session";

/**
 * POST /api/v1/auth/password through the central mutation path. The server ends every older
 * session, this one included, and answers a new token: it becomes the session's token right in
 * the mutation's own success step (which runs even if the screen was left), so the tenant stays
 * signed in. Not queued while offline: the new token has to arrive.
 */
export function useChangePassword(meta: FeedbackMeta) {
  const { state, completeLogin } = useAuth();
  const user = useRef<SessionUser | null>(null);
  user.current = state.status === "signed-in" ? state.user : null;

  const mutation = useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: mutationKeys.auth.changePassword,
    networkMode: "always",
    meta,
    onSuccess: async (data) => {
      const answer = passwordChangeResponse.parse(data);
      if (user.current) await completeLogin({ token: answer.token, user: user.current });
    },
  });

  return {
    isPending: mutation.isPending,
    changePassword: async (input: { currentPassword: string; newPassword: string }): Promise<PasswordChangeResponse> =>
      passwordChangeResponse.parse(await mutation.mutateAsync(apiMutation("POST", "/api/v1/auth/password", input))),
  };
}
