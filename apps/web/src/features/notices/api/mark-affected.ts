import { useMutation } from "@tanstack/react-query";
import { type ApiMutationVariables, apiMutation } from "@/lib/mutations";
import { noticeTexts } from "../texts";
import { NOTICES_PATH, noticeQueriesToRefresh } from "./get-notices";

/** Under the generic mutation's "api" prefix (lib/mutation-defaults): sent, or queued offline. */
export const markNoticeAffectedKey = ["api", "notices", "affected"] as const;

export const noticeAffectedUrl = (noticeId: string) => `${NOTICES_PATH}/${encodeURIComponent(noticeId)}/affected`;

/**
 * POST notices/{id}/affected without a body: "Betrifft mich auch". The server records it once per
 * tenant (a repeat answers the same); with the Idempotency-Key made here a queued answer is sent
 * exactly once, however often the sync retries it.
 */
export function markNoticeAffectedVariables(noticeId: string): ApiMutationVariables {
  return apiMutation("POST", noticeAffectedUrl(noticeId), undefined, noticeQueriesToRefresh());
}

export function useMarkNoticeAffected() {
  const t = noticeTexts.affected;
  return useMutation<unknown, Error, ApiMutationVariables>({
    mutationKey: markNoticeAffectedKey,
    meta: {
      successTitle: t.successTitle,
      successDescription: t.successDescription,
      errorTitle: t.errorTitle,
    },
  });
}
