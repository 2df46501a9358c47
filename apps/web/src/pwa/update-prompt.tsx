import { LoaderCircle, RefreshCw } from "lucide-react";
import { useEffect, useId, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { appUpdate, startServiceWorker } from "./app-update";
import { pwaTexts } from "./texts";
import type { UpdateController } from "./update-controller";

/**
 * 'Neue Version verfügbar' with 'Jetzt aktualisieren' / 'Später'. Not modal: the tenant can finish
 * what they are doing. Mounting it also registers the service worker (production builds).
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
          className="fixed inset-x-0 top-[calc(3.5rem+0.75rem)] z-40 mx-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-lg"
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
