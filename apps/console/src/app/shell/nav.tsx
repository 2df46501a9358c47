import type { StaffCapability } from "@mieter-portal/contracts/staff";
import { roleCan, STAFF_ROLE_LABELS } from "@mieter-portal/contracts/staff";
import { cn } from "@mieter-portal/ui/utils";
import {
  BellRing,
  FileClock,
  FileUp,
  Gauge,
  Inbox,
  Landmark,
  Leaf,
  LogOut,
  Megaphone,
  MessageSquareText,
  UserCog,
  UserRound,
  Users,
  Wallet,
} from "lucide-react";
import type { ComponentType } from "react";
import { NavLink } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { paths } from "@/config/paths";
import { useMe } from "@/lib/me";

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  capability?: StaffCapability;
  end?: boolean;
}

const MAIN: NavItem[] = [
  { to: paths.inbox, label: "Eingang", icon: Inbox, end: true },
  { to: paths.tenants, label: "Mieter", icon: Users, capability: "tenants" },
  { to: paths.ledger, label: "Finanzen", icon: Wallet, capability: "finances" },
  // Collecting the rent by SEPA direct debit: runs, returns, creditor settings (issue 28).
  { to: paths.sepa, label: "Lastschrift", icon: Landmark, capability: "finances" },
  { to: paths.notices, label: "Aushänge", icon: Megaphone },
  { to: paths.documents, label: "Dokumente", icon: FileUp, capability: "documents" },
  { to: paths.meterCampaigns, label: "Ablesungen", icon: Gauge, capability: "meter_readings" },
  // Every role that plans services (service_plans) also sees the Einsätze (service_visits).
  { to: paths.services, label: "Hausdienste", icon: Leaf, capability: "service_visits" },
  // Shared ones for everyone who answers tenants, plus their own (issue 25 §10).
  { to: paths.cannedReplies, label: "Textbausteine", icon: MessageSquareText, capability: "messages" },
];
const ADMIN: NavItem[] = [
  { to: paths.staff, label: "Mitarbeiter", icon: UserCog, capability: "manage_staff" },
  { to: paths.audit, label: "Protokoll", icon: FileClock, capability: "audit" },
  // Administrators only (the server refuses the rest): manage_staff is theirs alone (issue 29).
  { to: paths.pushDeliveries, label: "Push-Zustellung", icon: BellRing, capability: "manage_staff" },
];

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.end}
        onClick={onNavigate}
        className={({ isActive }) =>
          cn(
            "flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            isActive && "bg-secondary text-secondary-foreground",
          )
        }
      >
        <Icon className="size-4" aria-hidden="true" />
        {item.label}
      </NavLink>
    </li>
  );
}

/** The console's navigation: only what the signed-in role may use. */
export function Navigation({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  const me = useMe();
  // A Dienstleister's work is in the crew's app (the start page says so); the server refuses them the rest.
  const main =
    me.role === "dienstleister"
      ? MAIN.filter((item) => item.to === paths.inbox)
      : MAIN.filter((item) => !item.capability || roleCan(me.role, item.capability));
  const admin = ADMIN.filter((item) => !item.capability || roleCan(me.role, item.capability));
  return (
    <nav aria-label="Hauptnavigation" className="flex h-full flex-col gap-6">
      <ul className="grid gap-1">
        {main.map((item) => (
          <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      {admin.length > 0 ? (
        <div className="grid gap-2">
          <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Administration</p>
          <ul className="grid gap-1">
            {admin.map((item) => (
              <NavEntry key={item.to} item={item} onNavigate={onNavigate} />
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-auto grid gap-1 border-t border-border pt-4">
        <ul className="grid gap-1">
          <NavEntry item={{ to: paths.profile, label: "Profil", icon: UserRound }} onNavigate={onNavigate} />
        </ul>
        <p className="px-3 pt-1 text-xs text-muted-foreground">
          {me.name} · {STAFF_ROLE_LABELS[me.role]}
        </p>
        <ThemeToggle withText />
        <button
          type="button"
          onClick={onLogout}
          className="flex min-h-10 items-center gap-3 rounded-lg px-3 text-left text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <LogOut className="size-4" aria-hidden="true" />
          Abmelden
        </button>
      </div>
    </nav>
  );
}
