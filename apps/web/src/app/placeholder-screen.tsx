import { Construction } from "lucide-react";
import { shellTexts } from "./texts";

/** Stand-in for screens that later issues build; says so honestly. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section aria-labelledby="placeholder-title" className="grid grid-cols-1 gap-3">
      <h1 id="placeholder-title" className="text-2xl font-bold">
        {title}
      </h1>
      <div className="flex items-start gap-3 rounded-2xl border border-border bg-card p-4 text-sm text-muted-foreground">
        <Construction className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p>{shellTexts.placeholder(title)}</p>
      </div>
    </section>
  );
}
