import { CircleAlert, RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { documentTexts } from "../texts";

/** Spec: 'Fehler beim Laden der Dokumente', advice, and 'Erneut versuchen'. */
export function DocumentsError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-destructive/40 bg-danger-soft p-6 text-center text-danger-soft-foreground"
    >
      <CircleAlert className="size-8" aria-hidden="true" />
      <h2 className="text-base font-semibold">{documentTexts.loadError}</h2>
      <p className="max-w-sm text-sm">{documentTexts.loadErrorAdvice}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying} className="text-foreground">
        <RotateCw className={retrying ? "animate-spin" : undefined} aria-hidden="true" />
        {documentTexts.retry}
      </Button>
    </div>
  );
}
