import { cn } from "@mieter-portal/ui/utils";
import { NavLink } from "react-router";

export interface LinkTab {
  to: string;
  label: string;
  /** Active only on exactly this path (the area's first page), not below it. */
  end?: boolean;
}

/** Tabs that are links between an area's pages (Finanzen, Lastschrift), styled as a segmented control. */
export function LinkTabs({ label, tabs }: { label: string; tabs: readonly LinkTab[] }) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  isActive && "bg-card text-foreground shadow-sm",
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
