import { LoaderCircle, RefreshCw } from "lucide-react";
import { useEffect, useId, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { appUpdate, startServiceWorker } from "./app-update";
import { pwaTexts } from "./texts";
import type { UpdateController } from "./update-controller";

/**
 * 'Neue Version verfügbar' with 'Jetzt aktualisieren' / 'Später'. Not modal: the tenant can finish
 * what they are doing. It sits above the tab bar, clear of the toasts at the top and (on phones)
 * of the floating offline buttons at the right. Mounting it also registers the service worker.
 */
export function UpdatePrompt({ controller = appUpdate }: { controller?: UpdateController }) {
  const phase = useSyncExternalStore(controller.subscribe, controller.getPhase, controller.getPhase);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (controller === appUpdate) startServiceWorker();
  }, [controller]);

  return (
    // The live region exists before the prompt appears, so screen readers announce it.
    <div aria-live="polite">
      {phase !== "none" && (
        <section
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          data-testid="update-prompt"
          className="fixed right-20 bottom-[calc(3.5rem+0.75rem)] left-4 z-40 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-lg sm:inset-x-0 sm:mx-auto sm:w-full sm:max-w-md"
        >
          <div className="flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
              <RefreshCw className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p id={titleId} className="font-semibold">
                {pwaTexts.updateTitle}
              </p>
              <p id={descriptionId} className="mt-0.5 text-sm text-muted-foreground">
                {phase === "available" && pwaTexts.updateDescription}
                {phase === "waiting-for-sync" && pwaTexts.waitingForSync}
                {phase === "updating" && pwaTexts.updating}
              </p>
            </div>
          </div>
          {phase === "available" ? (
            <div className="mt-3 flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => controller.postpone()}>
                {pwaTexts.later}
              </Button>
              <Button onClick={() => controller.accept()}>{pwaTexts.updateNow}</Button>
            </div>
          ) : (
            <div className="mt-3 flex justify-end" aria-hidden="true">
              <LoaderCircle className="size-5 animate-spin text-primary" />
            </div>
          )}
        </section>
      )}
    </div>
  );
}
