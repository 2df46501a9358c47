import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { dashboardTexts } from "../texts";

export interface Shortcut {
  label: string;
  path: string;
  icon: LucideIcon;
}

/** Grid of 4 columns (spec section 9). */
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
              className="flex h-full flex-col items-center gap-1.5 rounded-xl border border-border bg-card px-0.5 py-3 text-center text-[11px] leading-tight font-medium sm:text-xs shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="w-full hyphens-auto">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
