import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { BuildingFilter } from "@/components/building-filter";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { accountsQueryOptions } from "@/features/ledger/api";
import { FinanceOnly } from "@/features/ledger/components/finance-only";
import { LedgerTabs } from "@/features/ledger/components/ledger-tabs";
import { formatMoney } from "@/lib/format";
import { withSearchParam } from "@/lib/search-params";

function Accounts() {
  const [search, setSearch] = useSearchParams();
  const q = search.get("q") ?? "";
  const building = search.get("gebaeude");
  const [text, setText] = useState(q);
  const accounts = useInfiniteQuery(accountsQueryOptions(q, building));
  const items = accounts.data?.pages.flatMap((p) => p.items) ?? [];

  // The search runs 300 ms after the last key press and is kept in the URL.
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => {
      setSearch(withSearchParam(search, "q", text.trim()), { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [text, q, search, setSearch]);

  return (
    <>
      <PageHeader
        title="Finanzen"
        description="Mietkonten: Sollstellungen, Zahlungen und offene Beträge je Mietverhältnis."
      />
      <LedgerTabs />
      <search
        aria-label="Mietkonten suchen"
        className="mb-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-[2fr_1fr]"
      >
        <Field
          label="Suche"
          className="content-start"
          inputProps={{
            type: "search",
            value: text,
            onChange: (e) => setText(e.target.value),
            placeholder: "Name, E-Mail, Wohnung oder Zahlungsreferenz",
          }}
        />
        <BuildingFilter value={building} onChange={(id) => setSearch(withSearchParam(search, "gebaeude", id))} />
      </search>
      {accounts.isPending ? (
        <Loading />
      ) : accounts.isError ? (
        <LoadError error={accounts.error} onRetry={() => accounts.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>Keine Mietkonten gefunden.</EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Mietkonten">
          {items.map((a) => (
            <li
              key={a.tenancy_id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4"
            >
              <div className="grid min-w-0 gap-0.5">
                <Link to={paths.ledgerAccount(a.tenancy_id)} className="font-semibold text-link hover:underline">
                  {a.tenant_name}
                </Link>
                <span className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                  {[a.building_name, a.apartment_number ? `Whg. ${a.apartment_number}` : null]
                    .filter(Boolean)
                    .join(", ") || "Keine Adresse"}{" "}
                  · Referenz {a.reference} · Miete {formatMoney(a.rent)}
                </span>
              </div>
              <div className="flex flex-wrap gap-2">
                {a.overdue > 0 ? <Badge tone="danger">Überfällig {formatMoney(a.overdue)}</Badge> : null}
                {a.credit > 0 ? <Badge tone="success">Guthaben {formatMoney(a.credit)}</Badge> : null}
                {a.overdue === 0 && a.credit === 0 ? <Badge tone="neutral">Nichts überfällig</Badge> : null}
                {a.end_date ? <Badge tone="neutral">Mietverhältnis endet</Badge> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {accounts.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={accounts.isFetchingNextPage} onClick={() => accounts.fetchNextPage()}>
            {accounts.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function Component() {
  useDocumentTitle("Finanzen");
  return (
    <FinanceOnly>
      <Accounts />
    </FinanceOnly>
  );
}
