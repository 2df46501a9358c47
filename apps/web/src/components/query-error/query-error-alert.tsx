import { CircleAlert, RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { offlineNotices } from "@/lib/offline/notices";

/** 'Erneut versuchen': every screen's retry says the same. */
export const RETRY_LABEL = "Erneut versuchen";

/**
 * The spec's no-data-offline message when offline without a cached copy is why the read failed
 * (lib/api/query-fn, matched by name like the query cache does), else undefined: the screen's own
 * online error text would send the tenant to the support for a missing connection (issue 25).
 */
export function offlineNoDataMessage(error: Error | null | undefined): string | undefined {
  return error?.name === "OfflineDataUnavailableError" ? error.message : undefined;
}

/**
 * What a screen shows when its read failed (issue 15: one alert instead of a copy per screen).
 * `inline`: a strip above or instead of the content, the retry beside the text (or under the
 * advice); `panel`: the screen has nothing else to show, so the alert takes its place, centred.
 * Without `onRetry` there is nothing to try again (e.g. a repair that does not exist).
 */
export function QueryErrorAlert({
  error,
  onRetry,
  retrying = false,
  variant = "inline",
  ...texts
}: {
  /** The read's error: offline without a cached copy, the no-data message replaces title and advice. */
  error: Error | null | undefined;
  title: string;
  advice?: string;
  onRetry?: () => void;
  /** While the retry runs its button is disabled and turns. */
  retrying?: boolean;
  variant?: "inline" | "panel";
}) {
  const offline = offlineNoDataMessage(error);
  const title = offline ?? texts.title;
  const advice = offline ? offlineNotices.noDataAdvice : texts.advice;
  const retry = onRetry ? (
    <Button
      size={variant === "panel" ? "default" : "sm"}
      variant="outline"
      onClick={onRetry}
      disabled={retrying}
      className={variant === "panel" ? "text-foreground" : advice ? "justify-self-start" : undefined}
    >
      {variant === "panel" ? <RotateCw className={retrying ? "animate-spin" : undefined} aria-hidden="true" /> : null}
      {RETRY_LABEL}
    </Button>
  ) : null;

  if (variant === "panel") {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-destructive/40 bg-danger-soft p-6 text-center text-danger-soft-foreground"
      >
        <CircleAlert className="size-8" aria-hidden="true" />
        <h2 className="text-base font-semibold">{title}</h2>
        {advice ? <p className="max-w-sm text-sm">{advice}</p> : null}
        {retry}
      </div>
    );
  }
  if (advice) {
    return (
      <div
        role="alert"
        className="grid grid-cols-1 gap-2 rounded-xl border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
      >
        <p className="font-semibold">{title}</p>
        <p>{advice}</p>
        {retry}
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
    >
      <span>{title}</span>
      {retry}
    </div>
  );
}
