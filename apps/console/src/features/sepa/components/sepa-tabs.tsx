import { cn } from "@mieter-portal/ui/utils";
import { NavLink } from "react-router";
import { paths } from "@/config/paths";

const TABS = [
  { to: paths.sepa, label: "Einzüge", end: true },
  { to: paths.sepaReturns, label: "Rücklastschriften" },
  { to: paths.sepaCreditor, label: "Gläubigerdaten" },
];

/** Between the direct debit's screens: the runs (and a run), the returns, the creditor settings. */
export function SepaTabs() {
  return (
    <nav aria-label="Lastschrift" className="mb-4">
      <ul className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        {TABS.map((tab) => (
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
