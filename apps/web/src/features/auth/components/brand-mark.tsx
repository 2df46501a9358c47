import { cn } from "@/lib/utils";

/** The two-letter logo on the brand green. */
export function BrandMark({ logoText, className }: { logoText: string; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "flex size-16 items-center justify-center rounded-2xl bg-[#15803d] text-2xl font-extrabold tracking-wide text-white shadow-md",
        className,
      )}
    >
      {logoText}
    </div>
  );
}
