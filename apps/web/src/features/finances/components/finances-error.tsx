import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { financeTexts } from "../texts";

export function FinancesError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-destructive/40 bg-danger-soft p-6 text-center text-danger-soft-foreground"
    >
      <TriangleAlert className="size-8" aria-hidden="true" />
      <p className="font-semibold">{financeTexts.loadError}</p>
      <p className="text-sm">{financeTexts.loadErrorHint}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying} className="text-foreground">
        {financeTexts.retry}
      </Button>
    </div>
  );
}
