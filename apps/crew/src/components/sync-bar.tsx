import { Button } from "@mieter-portal/ui/button";
import { useSyncExternalStore } from "react";
import { useOffline } from "@/lib/network";
import { sync, syncStatus } from "@/lib/queue";

/** The queue's state in words: offline, how many changes wait, sending, refused. */
export function SyncBar() {
  const offline = useOffline();
  const status = useSyncExternalStore(syncStatus.subscribe, syncStatus.get);
  let text: string;
  let tone = "bg-muted text-foreground";
  if (status.inProgress) text = `Wird synchronisiert … (${status.completed} von ${status.total})`;
  else if (offline && status.queueLength > 0) {
    text = `Offline – ${status.queueLength === 1 ? "1 Änderung wartet" : `${status.queueLength} Änderungen warten`} auf Synchronisierung`;
    tone = "bg-warning-soft text-warning-soft-foreground";
  } else if (offline) text = "Offline – Eingaben werden auf dem Gerät gespeichert";
  else if (status.paused) {
    text = "Bitte melden Sie sich erneut an; danach wird gesendet.";
    tone = "bg-warning-soft text-warning-soft-foreground";
  } else if (status.queueLength > 0) {
    text = `${status.queueLength === 1 ? "1 Änderung wartet" : `${status.queueLength} Änderungen warten`} auf Synchronisierung`;
    tone = "bg-warning-soft text-warning-soft-foreground";
  } else text = "Alles synchronisiert";
  return (
    <div role="status" className={`flex min-h-11 items-center justify-between gap-2 px-3 py-1 text-sm ${tone}`}>
      <span>{text}</span>
      {!offline && !status.inProgress && status.queueLength > 0 ? (
        <Button size="sm" variant="outline" onClick={() => void sync.synchronize("manual")}>
          Jetzt senden
        </Button>
      ) : null}
    </div>
  );
}
