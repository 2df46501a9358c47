import { Phone, Siren } from "lucide-react";
import { Button } from "@/components/ui/button";
import { telHref } from "@/lib/format";
import { repairTexts } from "../texts";

/** Shown for urgency 'emergency': the hotline from the brand configuration, one tap away. */
export function EmergencyCall({ hotline }: { hotline: string }) {
  const t = repairTexts.emergency;
  return (
    <div
      className="grid grid-cols-1 gap-3 rounded-xl border-2 border-destructive bg-danger-soft p-4 text-danger-soft-foreground"
      data-testid="emergency-call"
    >
      <div className="flex gap-2">
        <Siren className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t.title}</p>
          <p className="text-sm">{t.text}</p>
        </div>
      </div>
      <Button
        asChild
        variant="destructive"
        size="lg"
        className="h-auto min-h-12 w-full py-3 whitespace-normal sm:w-auto sm:justify-self-start"
      >
        <a href={telHref(hotline)}>
          <Phone aria-hidden="true" />
          {t.call(hotline)}
        </a>
      </Button>
    </div>
  );
}
