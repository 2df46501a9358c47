import { tenantNotice } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { defineChange, useChange } from "@/lib/changes";
import { noticeTexts } from "../texts";
import { noticeQueriesToRefresh } from "./get-notices";

/**
 * POST notices/{id}/affected without a body: "Betrifft mich auch". The server records it once per
 * tenant (a repeat answers the same); with the Idempotency-Key made here a queued answer is sent
 * exactly once, however often the sync retries it.
 */
export const markNoticeAffected = defineChange({
  key: ["api", "notices", "affected"],
  method: "POST",
  url: (noticeId: string) => apiPaths.noticeAffected(noticeId),
  refresh: () => noticeQueriesToRefresh(),
  describe: () => ({ label: noticeTexts.queue.affected }),
  response: tenantNotice,
});

export function useMarkNoticeAffected() {
  const t = noticeTexts.affected;
  return useChange(markNoticeAffected, {
    meta: {
      successTitle: t.successTitle,
      successDescription: t.successDescription,
      errorTitle: t.errorTitle,
    },
  });
}
