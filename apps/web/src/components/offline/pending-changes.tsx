import { usePendingChanges } from "@/lib/offline/hooks";
import { offlineTexts } from "@/lib/offline/texts";
import { cn } from "@/lib/utils";
import { QueueEntryItem } from "./queue-entry-item";

/**
 * The tenant's queued changes under a path, marked 'wartet auf Synchronisierung', for the top of
 * a screen's list: `<PendingChanges urlPrefix="/api/v1/tenant/repairs" />`. Renders nothing when
 * none waits. The details button in the shell offers retry and discard.
 */
export function PendingChanges({ urlPrefix, className }: { urlPrefix: string; className?: string }) {
  const entries = usePendingChanges(urlPrefix);
  if (entries.length === 0) return null;
  return (
    <ul
      aria-label={offlineTexts.entries.listLabel}
      className={cn("grid gap-2", className)}
      data-testid="pending-changes"
    >
      {entries.map((entry) => (
        <QueueEntryItem
          key={entry.id}
          entry={entry}
          showDiagnostics={entry.status === "failed"}
          className="border-dashed"
        />
      ))}
    </ul>
  );
}
