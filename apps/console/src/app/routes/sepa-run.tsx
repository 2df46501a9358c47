import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { FinanceOnly } from "@/features/ledger/components/finance-only";
import { runQueryOptions } from "@/features/sepa/api";
import { RunActions, RunDetailSections } from "@/features/sepa/components/run-detail";
import { monthLabel } from "@/features/sepa/format";
import { formatCalendarDate } from "@/lib/format";

function Run({ id }: { id: string }) {
  const run = useQuery(runQueryOptions(id));
  const back = { to: paths.sepa, label: "Alle Einzüge" };
  if (run.isPending) return <Loading />;
  if (run.isError)
    return (
      <>
        <PageHeader title="Einzug" back={back} />
        <LoadError error={run.error} onRetry={() => run.refetch()} />
      </>
    );
  const r = run.data;
  return (
    <>
      <PageHeader
        title={`Einzug ${monthLabel(r.month)}`}
        description={`Einzugsdatum ${formatCalendarDate(r.collection_date)} · ${r.building?.name ?? "Alle Gebäude"}`}
        back={back}
        actions={<RunActions run={r} />}
      />
      <RunDetailSections run={r} />
    </>
  );
}

export function Component() {
  useDocumentTitle("Einzug");
  const { id = "" } = useParams();
  return (
    <FinanceOnly>
      <Run id={id} />
    </FinanceOnly>
  );
}
