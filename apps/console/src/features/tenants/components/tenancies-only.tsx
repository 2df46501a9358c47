import type { ReactNode } from "react";
import { PageHeader } from "@/components/page";
import { useCan } from "@/lib/me";

/** Creating, inviting and importing tenants: Administrators and Verwalter (the server refuses the others anyway). */
export function TenanciesOnly({ children }: { children: ReactNode }) {
  if (!useCan("tenancies"))
    return (
      <>
        <PageHeader title="Kein Zugriff" />
        <p className="text-sm">Mieter anlegen, einladen und importieren dürfen Administratoren und Verwalter.</p>
      </>
    );
  return children;
}
