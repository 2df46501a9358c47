import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { dashboardTexts } from "../texts";

export interface Shortcut {
  label: string;
  path: string;
  icon: LucideIcon;
}

/**
 * Where the tile labels may wrap at 320 px: between the parts of the compound, as German
 * hyphenation would (browsers without a German dictionary would otherwise cut them anywhere).
 * A soft hyphen, not `<wbr>` (issue 25): a label broken there shows its hyphen ("Zähler-/stände").
 */
const LABEL_BREAKS: Record<string, string[]> = {
  Dokumente: ["Doku", "mente"],
  Zählerstände: ["Zähler", "stände"],
  Reparaturen: ["Repara", "turen"],
  Nachrichten: ["Nach", "richten"],
};

const SOFT_HYPHEN = "\u00ad";

function tileLabel(label: string): string {
  return (LABEL_BREAKS[label] ?? [label]).join(SOFT_HYPHEN);
}

/** Grid of 4 columns (spec section 9); at 320 px the labels are a little smaller. */
export function QuickAccess({ shortcuts }: { shortcuts: Shortcut[] }) {
  return (
    <nav aria-labelledby="quick-access-title">
      <h2 id="quick-access-title" className="mb-2 text-base font-semibold">
        {dashboardTexts.quickAccess}
      </h2>
      <ul className="grid grid-cols-4 gap-2">
        {shortcuts.map(({ label, path, icon: Icon }) => (
          <li key={path}>
            <Link
              to={path}
              // The name without the soft hyphens, for screen readers and the browser's search.
              aria-label={label}
              className="flex h-full flex-col items-center gap-1.5 rounded-xl border border-border bg-card px-0.5 py-3 text-center text-[10px] leading-tight font-medium tracking-tight shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring min-[360px]:text-[11px] min-[360px]:tracking-normal sm:text-xs"
            >
              <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="w-full hyphens-auto wrap-break-word">{tileLabel(label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
