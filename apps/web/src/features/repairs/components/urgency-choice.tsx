import type { Urgency } from "@mieter-portal/contracts";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "@/lib/utils";
import { repairTexts, URGENCY_OPTIONS } from "../texts";

const ORDER: Urgency[] = ["low", "medium", "high", "emergency"];

/** Radio cards, each with the FAQ's expected handling time next to the choice. */
export function UrgencyChoice({ registration }: { registration: UseFormRegisterReturn<"urgency"> }) {
  const id = useId();
  return (
    <fieldset className="grid grid-cols-1 min-w-0 gap-2">
      <legend className="mb-1.5 text-sm font-medium">{repairTexts.form.urgency}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {ORDER.map((value) => {
          const option = URGENCY_OPTIONS[value];
          const labelId = `${id}-${value}-label`;
          const timeId = `${id}-${value}-time`;
          return (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 transition-colors has-checked:border-primary has-checked:bg-secondary has-checked:text-secondary-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
              )}
            >
              <input
                type="radio"
                value={value}
                aria-labelledby={labelId}
                aria-describedby={timeId}
                className="mt-0.5 size-5 shrink-0 accent-primary focus-visible:outline-none"
                {...registration}
              />
              <span className="grid grid-cols-1 gap-0.5">
                <span id={labelId} className="font-medium">
                  {option.label}
                </span>
                <span id={timeId} className="text-sm">
                  {repairTexts.form.urgencyTime(option.time)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
