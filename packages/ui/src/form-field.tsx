import type { ComponentProps } from "react";
import { cn } from "./utils";

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn("text-sm font-medium", className)} {...props} />;
}

/**
 * A text input as wide as its place: min-w-0, because a date or time input keeps the browser's own
 * minimum width otherwise and runs past its column (issue 25's walk: "Datum" in "Termin ändern",
 * "Beginn"/"Ende"/"Gültig ab"/"Gültig bis" in the notice dialog, up to 20 px over the border).
 */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "h-11 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-base text-foreground placeholder:text-placeholder focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
