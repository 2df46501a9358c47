import { RotateCcw, Trash2 } from "lucide-react";
import { useId } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatShortDate, formatTime } from "@/lib/format";
import { offlineTexts } from "@/lib/offline/texts";
import type { QueueEntry } from "@/lib/offline/types";
import { cn } from "@/lib/utils";

export function queuedAt(timestamp: number): string {
  return `${formatShortDate(timestamp)}, ${formatTime(timestamp)} Uhr`;
}

export function QueueEntryBadge({ entry, sending = false }: { entry: QueueEntry; sending?: boolean }) {
  const t = offlineTexts.entries;
  if (sending) return <Badge tone="neutral">{t.sending}</Badge>;
  if (entry.status === "failed") return <Badge tone="danger">{t.failed}</Badge>;
  return <Badge tone="warning">{t.pending}</Badge>;
}

interface QueueEntryItemProps {
  entry: QueueEntry;
  sending?: boolean;
  /** Absent: no retry button (e.g. another tenant's entry). */
  onRetry?: (entry: QueueEntry) => void;
  retryDisabled?: boolean;
  onDiscard?: (entry: QueueEntry) => void;
  /** Show what went wrong and how often it was tried. */
  showDiagnostics?: boolean;
  className?: string;
}

/** One queued change: what, when, its state and error; optionally with 'Erneut versuchen' and 'Verwerfen'. */
export function QueueEntryItem({
  entry,
  sending = false,
  onRetry,
  retryDisabled = false,
  onDiscard,
  showDiagnostics = true,
  className,
}: QueueEntryItemProps) {
  const t = offlineTexts.entries;
  const id = useId();
  const canRetry = onRetry && (entry.status === "failed" || entry.error !== null);
  return (
    <li
      aria-labelledby={`${id}-label`}
      data-testid="queue-entry"
      data-status={entry.status}
      className={cn("grid gap-1.5 rounded-xl border border-border bg-card p-3 text-sm", className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p id={`${id}-label`} className="font-medium">
            {entry.label}
          </p>
          {entry.detail ? <p className="break-words text-muted-foreground">{entry.detail}</p> : null}
        </div>
        <QueueEntryBadge entry={entry} sending={sending} />
      </div>
      <p className="text-muted-foreground">
        {t.createdAt(queuedAt(entry.timestamp))}
        {showDiagnostics && entry.retryCount > 0 ? ` · ${t.attempts(entry.retryCount)}` : null}
      </p>
      {showDiagnostics && entry.error ? (
        <p className="break-words text-destructive-text" data-testid="queue-entry-error">
          {t.error}: {entry.error}
        </p>
      ) : null}
      {canRetry || onDiscard ? (
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          {canRetry ? (
            <Button
              size="sm"
              variant="outline"
              disabled={retryDisabled || sending}
              aria-label={t.retryLabel(entry.label)}
              onClick={() => onRetry(entry)}
            >
              <RotateCcw aria-hidden="true" />
              {t.retry}
            </Button>
          ) : null}
          {onDiscard ? (
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button size="sm" variant="outline" disabled={sending} aria-label={t.discardLabel(entry.label)}>
                  <Trash2 aria-hidden="true" />
                  {t.discard}
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>{t.discardTitle}</AlertDialogTitle>
                  <AlertDialogDescription>{t.discardDescription(entry.label)}</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>{t.cancel}</AlertDialogCancel>
                  <AlertDialogAction onClick={() => onDiscard(entry)}>{t.discardConfirm}</AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
