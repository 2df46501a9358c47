import { Star } from "lucide-react";
import { useId, useState } from "react";
import { cn } from "@/lib/utils";
import { useRateVisit } from "../api/service-feedback";
import { serviceTexts } from "../texts";

/**
 * 1–5 stars for the last visit of a service (issue 27 §3): one tap sends (or queues) the rating; a
 * second tap changes it. The management sees ratings per service and team, never the tenant's name.
 */
export function VisitRating({
  visitId,
  serviceName,
  stars,
}: {
  visitId: string;
  serviceName: string;
  stars: number | null;
}) {
  const id = useId();
  const rate = useRateVisit();
  const t = serviceTexts.rating;
  // The tapped stars show at once (also while queued offline); a refused rating shows the stored one again.
  const [picked, setPicked] = useState<number | null>(null);
  const current = picked ?? stars;
  return (
    <fieldset className="min-w-0" aria-describedby={current ? `${id}-current` : undefined}>
      <legend className="text-sm font-medium">{t.legend(serviceName)}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            aria-label={t.star(n)}
            aria-pressed={current === n}
            disabled={rate.isPending}
            onClick={() => {
              setPicked(n);
              rate.mutate({ visitId, rating: { stars: n, comment: null } }, { onError: () => setPicked(null) });
            }}
            className="flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-wait"
          >
            <Star
              aria-hidden="true"
              className={cn("size-6", current !== null && n <= current && "fill-amber-400 text-amber-600")}
            />
          </button>
        ))}
      </div>
      {current ? (
        <p id={`${id}-current`} className="mt-1 text-sm text-muted-foreground">
          {t.yours(current)}
        </p>
      ) : null}
    </fieldset>
  );
}
