import { useSearchParams } from "react-router";
import { BuildingFilter } from "@/components/building-filter";
import { PageHeader, useDocumentTitle } from "@/components/page";
import { FinanceOnly } from "@/features/ledger/components/finance-only";
import { ReturnsList } from "@/features/sepa/components/returns-list";
import { SepaTabs } from "@/features/sepa/components/sepa-tabs";
import { withSearchParam } from "@/lib/search-params";

function Returns() {
  const [search, setSearch] = useSearchParams();
  const building = search.get("gebaeude");
  const feeOpen = search.get("gebuehr") === "offen";
  return (
    <>
      <PageHeader
        title="Lastschrift"
        description="Rücklastschriften aus den Kontoauszügen: Die Miete ist wieder offen, der Mieter ist informiert. Die Gebühr der Bank können Sie weiterberechnen."
      />
      <SepaTabs />
      <search
        aria-label="Rücklastschriften filtern"
        className="mb-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
      >
        <BuildingFilter value={building} onChange={(id) => setSearch(withSearchParam(search, "gebaeude", id))} />
        <label className="flex items-center gap-2 self-end text-sm font-medium sm:min-h-11">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={feeOpen}
            onChange={(e) => setSearch(withSearchParam(search, "gebuehr", e.target.checked ? "offen" : null))}
          />
          Nur Gebühren ohne Entscheidung
        </label>
      </search>
      <ReturnsList building={building} feeOpen={feeOpen} />
    </>
  );
}

export function Component() {
  useDocumentTitle("Rücklastschriften");
  return (
    <FinanceOnly>
      <Returns />
    </FinanceOnly>
  );
}
