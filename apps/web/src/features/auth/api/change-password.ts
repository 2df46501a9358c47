import { passwordChangeResponse } from "@mieter-portal/contracts";
import { useRef } from "react";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import type { FeedbackMeta } from "@/lib/query-client";
import { useAuth } from "../components/auth-provider";
import type { SessionUser } from "../session";

/**
 * POST /api/v1/auth/password through the central mutation path. The server ends every older
 * session, this one included, and answers a new token. Not queued while offline: the new token
 * has to arrive.
 */
export const changePassword = defineChange({
  key: ["api", "auth", "password"],
  method: "POST",
  url: () => apiPaths.password,
  body: (input: { currentPassword: string; newPassword: string }) => input,
  response: passwordChangeResponse,
  live: true,
});

/**
 * The new token becomes the session's token right in the mutation's own success step (which
 * runs even if the screen was left), so the tenant stays signed in.
 */
export function useChangePassword(meta: FeedbackMeta) {
  const { state, completeLogin } = useAuth();
  const user = useRef<SessionUser | null>(null);
  user.current = state.status === "signed-in" ? state.user : null;

  const mutation = useChange(changePassword, {
    meta,
    onSuccess: async (answer) => {
      if (user.current) await completeLogin({ token: answer.token, user: user.current });
    },
  });

  return { isPending: mutation.isPending, changePassword: mutation.mutateAsync };
}
