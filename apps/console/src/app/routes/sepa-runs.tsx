import { Button } from "@mieter-portal/ui/button";
import { Plus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { BuildingFilter } from "@/components/building-filter";
import { PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { FinanceOnly } from "@/features/ledger/components/finance-only";
import { RunList } from "@/features/sepa/components/run-list";
import { SepaTabs } from "@/features/sepa/components/sepa-tabs";
import { withSearchParam } from "@/lib/search-params";

function Runs() {
  const [search, setSearch] = useSearchParams();
  const building = search.get("gebaeude");
  return (
    <>
      <PageHeader
        title="Lastschrift"
        description="Die Miete per SEPA-Basislastschrift einziehen: Einzug planen, pain.008-Datei bei der Bank einreichen, Rücklastschriften entscheiden."
        actions={
          <Button asChild>
            <Link to={paths.sepaRunNew}>
              <Plus aria-hidden="true" />
              Neuer Einzug
            </Link>
          </Button>
        }
      />
      <SepaTabs />
      <search aria-label="Einzüge filtern" className="mb-4 grid max-w-md gap-3">
        <BuildingFilter value={building} onChange={(id) => setSearch(withSearchParam(search, "gebaeude", id))} />
      </search>
      <RunList building={building} />
    </>
  );
}

export function Component() {
  useDocumentTitle("Lastschrift");
  return (
    <FinanceOnly>
      <Runs />
    </FinanceOnly>
  );
}
