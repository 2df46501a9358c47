import type { ReactNode } from "react";
import { PageHeader } from "@/components/page";
import { useCan } from "@/lib/me";

/** The ledger's screens for Administrators and Verwalter (the server refuses the others anyway). */
export function FinanceOnly({ children }: { children: ReactNode }) {
  if (!useCan("finances"))
    return (
      <>
        <PageHeader title="Kein Zugriff" />
        <p className="text-sm">Die Finanzen sehen Administratoren und Verwalter.</p>
      </>
    );
  return children;
}
