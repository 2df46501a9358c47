import type { StaffCapability } from "@mieter-portal/contracts/staff";
import type { ReactNode } from "react";
import { useCan } from "@/lib/me";
import { PageHeader } from "./page";

/** Screens of another role show a plain notice (the server refuses their data anyway). */
export function RequireCapability({ capability, children }: { capability: StaffCapability; children: ReactNode }) {
  if (!useCan(capability))
    return (
      <>
        <PageHeader title="Kein Zugriff" />
        <p className="text-sm">Dieser Bereich ist Administratoren vorbehalten.</p>
      </>
    );
  return children;
}
