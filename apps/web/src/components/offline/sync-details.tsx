import { RefreshCw } from "lucide-react";
import { useId } from "react";
import { QueueEntryItem, queuedAt } from "@/components/offline/queue-entry-item";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { useNetworkState } from "@/lib/network";
import { discardEntry, retryEntry } from "@/lib/offline/actions";
import { useQueueEntries, useSyncStatus } from "@/lib/offline/hooks";
import { synchronize } from "@/lib/offline/sync";
import { offlineTexts } from "@/lib/offline/texts";
import type { QueueEntry } from "@/lib/offline/types";
import { sessionTenantId } from "@/lib/session";

function reportActionFailure(error: unknown) {
  console.warn("[offline] Aktion auf der Warteschlange fehlgeschlagen", error);
  toast({
    variant: "destructive",
    title: offlineTexts.storageFailedTitle,
    description: offlineTexts.sync.failedDescription,
  });
}

/** Sync status with progress and last sync time, and every queued change with retry and discard. */
export function SyncDetails() {
  const id = useId();
  const status = useSyncStatus();
  const network = useNetworkState();
  const entries = useQueueEntries();
  const tenantId = sessionTenantId();
  const own = entries.filter((entry) => entry.tenantId === tenantId);
  const others = entries.filter((entry) => entry.tenantId !== tenantId);
  const t = offlineTexts.status;
  const waiting = own.filter((entry) => entry.status === "pending").length;

  const state = status.inProgress
    ? t.running(status.completed + status.failed, status.total)
    : status.paused
      ? t.paused
      : network.offline && own.length > 0
        ? t.offline
        : t.idle;

  const retry = (entry: QueueEntry) => void retryEntry(entry.id).catch(reportActionFailure);
  const discard = (entry: QueueEntry) => void discardEntry(entry.id).catch(reportActionFailure);
  const actionsBlocked = network.offline || status.inProgress || status.paused;

  return (
    <div className="grid gap-4" data-testid="sync-details">
      <section aria-labelledby={`${id}-sync`} className="grid gap-2">
        <h3 id={`${id}-sync`} className="text-base font-semibold">
          {t.heading}
        </h3>
        {/* Label above value on phones, as in the connection details above. */}
        <dl className="grid grid-cols-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4 sm:gap-y-2 [&>dd]:mb-2 sm:[&>dd]:mb-0">
          <dt className="text-muted-foreground">{t.state}</dt>
          <dd className="font-medium" data-testid="sync-state" aria-live="polite">
            {state}
          </dd>
          <dt className="text-muted-foreground">{t.queueLength}</dt>
          <dd className="font-medium" data-testid="sync-queue-length">
            {own.length}
          </dd>
          <dt className="text-muted-foreground">{t.lastSync}</dt>
          <dd className="font-medium" data-testid="sync-last">
            {status.lastSync ? queuedAt(status.lastSync) : t.never}
          </dd>
          {status.error && !status.inProgress ? (
            <>
              <dt className="text-muted-foreground">{t.lastError}</dt>
              <dd className="font-medium break-words">{status.error}</dd>
            </>
          ) : null}
        </dl>
        {status.inProgress ? (
          <div className="grid gap-1">
            <Progress value={status.progress} aria-label={t.progressLabel} />
            {status.nextOperation ? (
              <p className="text-sm text-muted-foreground">
                {t.next}: {status.nextOperation}
              </p>
            ) : null}
          </div>
        ) : null}
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={actionsBlocked || waiting === 0}
          onClick={() => void synchronize("manual")}
        >
          <RefreshCw aria-hidden="true" />
          {t.syncNow}
        </Button>
      </section>

      <section aria-labelledby={`${id}-entries`} className="grid gap-2">
        <h3 id={`${id}-entries`} className="text-base font-semibold">
          {offlineTexts.entries.heading}
        </h3>
        {own.length === 0 ? (
          <p className="text-sm text-muted-foreground">{offlineTexts.entries.none}</p>
        ) : (
          <ul className="grid gap-2">
            {own.map((entry) => (
              <QueueEntryItem
                key={entry.id}
                entry={entry}
                sending={status.currentEntryId === entry.id}
                onRetry={retry}
                retryDisabled={actionsBlocked}
                onDiscard={discard}
              />
            ))}
          </ul>
        )}
      </section>

      {others.length > 0 ? (
        <section aria-labelledby={`${id}-others`} className="grid gap-2">
          <h3 id={`${id}-others`} className="text-base font-semibold">
            {offlineTexts.entries.otherHeading}
          </h3>
          <p className="text-sm text-muted-foreground">{offlineTexts.entries.otherHint}</p>
          <ul className="grid gap-2">
            {others.map((entry) => (
              <QueueEntryItem key={entry.id} entry={entry} onDiscard={discard} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
