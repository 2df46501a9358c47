import { roleCan, type StaffCapability, type StaffRole } from "@mieter-portal/contracts/staff";
import type { ReactNode } from "react";
import { useCan } from "@/lib/me";
import { PageHeader } from "./page";

const ROLES_PLURAL: Record<StaffRole, string> = {
  hausmeister: "Hausmeistern",
  verwalter: "Verwaltern",
  administrator: "Administratoren",
  dienstleister: "Dienstleistern",
};

/** 'Verwaltern und Administratoren': the roles that really have the capability (dative plural). */
function whoMay(capability: StaffCapability): string {
  const roles = (["dienstleister", "hausmeister", "verwalter", "administrator"] as const)
    .filter((role) => roleCan(role, capability))
    .map((role) => ROLES_PLURAL[role]);
  return roles.length > 1 ? `${roles.slice(0, -1).join(", ")} und ${roles.at(-1)}` : (roles[0] ?? "niemandem");
}

/** Screens of another role show a plain notice (the server refuses their data anyway). */
export function RequireCapability({ capability, children }: { capability: StaffCapability; children: ReactNode }) {
  if (!useCan(capability))
    return (
      <>
        <PageHeader title="Kein Zugriff" />
        <p className="text-sm">Dieser Bereich ist {whoMay(capability)} vorbehalten.</p>
      </>
    );
  return children;
}
