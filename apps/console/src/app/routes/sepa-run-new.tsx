import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { FinanceOnly } from "@/features/ledger/components/finance-only";
import { creditorQueryOptions } from "@/features/sepa/api";
import { RunPlanner } from "@/features/sepa/components/run-planner";
import { berlinDate } from "@/lib/berlin-time";

function NewRun() {
  const [today] = useState(() => berlinDate(new Date()));
  const creditor = useQuery(creditorQueryOptions());
  return (
    <>
      <PageHeader
        title="Neuer Einzug"
        back={{ to: paths.sepa, label: "Alle Einzüge" }}
        description="Monat und Einzugsdatum wählen; die Vorschau zeigt jede fällige Miete und was sie vom Einzug abhält."
      />
      {creditor.isPending ? (
        <Loading />
      ) : creditor.isError ? (
        <LoadError error={creditor.error} onRetry={() => creditor.refetch()} />
      ) : (
        <RunPlanner today={today} settings={creditor.data.settings} />
      )}
    </>
  );
}

export function Component() {
  useDocumentTitle("Neuer Einzug");
  return (
    <FinanceOnly>
      <NewRun />
    </FinanceOnly>
  );
}
