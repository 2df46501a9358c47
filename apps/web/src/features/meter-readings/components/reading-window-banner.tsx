import { CalendarClock } from "lucide-react";
import { isMeterReadingWindow } from "../reading-window";
import { meterTexts } from "../texts";

/** Between 27 December and 3 January (Berlin) the tenant is reminded that readings are due. */
export function ReadingWindowBanner({ now = new Date() }: { now?: Date }) {
  if (!isMeterReadingWindow(now)) return null;
  return (
    <div
      role="note"
      aria-labelledby="reading-window-title"
      className="flex gap-3 rounded-2xl border border-primary/40 bg-secondary p-4 text-secondary-foreground"
      data-testid="reading-window-banner"
    >
      <CalendarClock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p id="reading-window-title" className="font-semibold">
          {meterTexts.window.title}
        </p>
        <p className="text-sm">{meterTexts.window.text}</p>
      </div>
    </div>
  );
}
