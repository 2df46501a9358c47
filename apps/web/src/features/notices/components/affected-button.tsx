import type { TenantNotice } from "@mieter-portal/contracts";
import { CircleCheck, CloudOff, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import * as apiPaths from "@/config/api-paths";
import { usePendingChanges } from "@/lib/offline/hooks";
import { isOfflineResult } from "@/lib/offline/types";
import { useMarkNoticeAffected } from "../api/mark-affected";
import { noticeTexts } from "../texts";

/**
 * "Betrifft mich auch" on an outage: one tap tells the management the outage reaches this flat too
 * (instead of a repair report of its own). Offline the answer waits in the offline queue and is
 * sent once; until then it shows as saved. Nothing on information notices.
 */
export function AffectedButton({ notice }: { notice: TenantNotice }) {
  const t = noticeTexts.affected;
  const mark = useMarkNoticeAffected();
  const waiting = usePendingChanges(apiPaths.noticeAffected(notice.id));
  if (notice.kind !== "emergency") return null;

  const sent = notice.affected || (mark.isSuccess && !isOfflineResult(mark.data));
  const queued = (mark.isSuccess && isOfflineResult(mark.data)) || waiting.some((e) => e.status === "pending");
  const failed = waiting.some((e) => e.status === "failed");

  if (sent) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium" data-testid="notice-affected-done">
        <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
        {t.done}
      </p>
    );
  }
  if (failed || queued) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm font-medium" data-testid="notice-affected-queued">
        {failed ? (
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        ) : (
          <CloudOff className="size-4 shrink-0" aria-hidden="true" />
        )}
        {failed ? t.failed : t.queued}
      </p>
    );
  }
  return (
    <div className="grid gap-1.5">
      <Button
        variant="outline"
        size="sm"
        className="w-fit bg-card text-foreground"
        disabled={mark.isPending}
        aria-label={t.buttonLabel(notice.title)}
        onClick={() => mark.mutate(notice.id)}
      >
        {t.button}
      </Button>
      <p className="text-xs">{t.hint}</p>
    </div>
  );
}
