import { Button } from "@mieter-portal/ui/button";
import { useInfiniteQuery } from "@tanstack/react-query";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { unmatchedQueryOptions } from "@/features/ledger/api";
import { AssignDialog } from "@/features/ledger/components/assign-dialog";
import { FinanceOnly } from "@/features/ledger/components/finance-only";
import { LedgerTabs } from "@/features/ledger/components/ledger-tabs";
import { PAYMENT_SOURCE } from "@/features/ledger/labels";
import { formatCalendarDate, formatMoney } from "@/lib/format";

function Unmatched() {
  const lines = useInfiniteQuery(unmatchedQueryOptions());
  const items = lines.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader
        title="Finanzen"
        description="Zahlungen aus Kontoauszügen, die auf eine Zuordnung warten (nicht erkannt, Sammelbuchungen zum Aufteilen, Zahlungen für Ihre Gebäude aus dem Import anderer), die ältesten zuerst."
      />
      <LedgerTabs />
      {lines.isPending ? (
        <Loading />
      ) : lines.isError ? (
        <LoadError error={lines.error} onRetry={() => lines.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>Keine offenen Zuordnungen.</EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Nicht zugeordnete Zahlungen">
          {items.map((line) => (
            <li
              key={line.id}
              data-testid="unmatched-line"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4"
            >
              <div className="grid min-w-0 gap-0.5 text-sm">
                <span className="font-semibold">
                  {formatMoney(line.amount)} · {formatCalendarDate(line.booked_on)} · {PAYMENT_SOURCE[line.source]}
                </span>
                <span className="[overflow-wrap:anywhere] text-muted-foreground">
                  {[line.payer_name, line.payer_iban, line.remittance].filter(Boolean).join(" · ") || "Ohne Angaben"}
                </span>
                {line.reason ? <span className="[overflow-wrap:anywhere]">{line.reason}</span> : null}
                {line.suggested_tenant_name ? (
                  <span data-testid="unmatched-suggestion">Vorschlag: {line.suggested_tenant_name}</span>
                ) : null}
              </div>
              <AssignDialog line={line} />
            </li>
          ))}
        </ul>
      )}
      {lines.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={lines.isFetchingNextPage} onClick={() => lines.fetchNextPage()}>
            {lines.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function Component() {
  useDocumentTitle("Nicht zugeordnete Zahlungen");
  return (
    <FinanceOnly>
      <Unmatched />
    </FinanceOnly>
  );
}
