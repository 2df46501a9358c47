import { cn } from "@/lib/utils";
import type { MessageFilter } from "../api/get-messages";
import { messageTexts } from "../texts";

const OPTIONS: Array<{ value: MessageFilter; label: string }> = [
  { value: "all", label: messageTexts.list.all },
  { value: "unread", label: messageTexts.list.unread },
];

/** Toggle Alle / Ungelesen (spec section 2); the list itself comes filtered from the API. */
export function MessageFilterToggle({
  value,
  onChange,
}: {
  value: MessageFilter;
  onChange: (next: MessageFilter) => void;
}) {
  return (
    <fieldset className="inline-flex w-full rounded-xl border border-border bg-muted p-1 sm:w-auto">
      <legend className="sr-only">{messageTexts.list.filterLabel}</legend>
      {OPTIONS.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(
              "h-9 flex-1 rounded-lg px-5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:flex-none",
              active ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </fieldset>
  );
}
