import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { BuildingFilter } from "@/components/building-filter";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { overdueQueryOptions } from "@/features/ledger/api";
import { FinanceOnly } from "@/features/ledger/components/finance-only";
import { LedgerTabs } from "@/features/ledger/components/ledger-tabs";
import { ReminderButton } from "@/features/ledger/components/reminder-button";
import { formatCalendarDate, formatDateTime, formatMoney } from "@/lib/format";
import { withSearchParam } from "@/lib/search-params";

function Overdue() {
  const [search, setSearch] = useSearchParams();
  const q = search.get("q") ?? "";
  const building = search.get("gebaeude");
  const [text, setText] = useState(q);
  const overdue = useInfiniteQuery(overdueQueryOptions(q, building));
  const items = overdue.data?.pages.flatMap((p) => p.items) ?? [];
  // Every page carries the total of the whole filtered list.
  const total = overdue.data?.pages[0]?.total;

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
      <PageHeader title="Finanzen" description="Mieter mit überfälligen Mieten, die am längsten offenen zuerst." />
      <LedgerTabs />
      <search
        aria-label="Überfällige filtern"
        className="mb-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-[2fr_1fr]"
      >
        <Field
          label="Suche"
          className="content-start"
          inputProps={{
            type: "search",
            value: text,
            onChange: (e) => setText(e.target.value),
            placeholder: "Name, E-Mail, Adresse oder Wohnung",
          }}
        />
        <BuildingFilter value={building} onChange={(id) => setSearch(withSearchParam(search, "gebaeude", id))} />
      </search>
      {total && total.tenancies > 0 ? (
        <p className="mb-3 text-sm" data-testid="overdue-total" aria-live="polite">
          Überfällig insgesamt: <strong>{formatMoney(total.overdue)}</strong> in{" "}
          {total.tenancies === 1 ? "1 Mietverhältnis" : `${total.tenancies} Mietverhältnissen`}
          {q || building ? " (gefiltert)" : ""}
        </p>
      ) : null}
      {overdue.isPending ? (
        <Loading />
      ) : overdue.isError ? (
        <LoadError error={overdue.error} onRetry={() => overdue.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{q ? "Keine überfälligen Mieten zu dieser Suche." : "Keine überfälligen Mieten."}</EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Überfällige Mieten">
          {items.map((e) => (
            <li
              key={e.tenancy_id}
              data-testid="overdue-entry"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4"
            >
              <div className="grid min-w-0 gap-0.5">
                <Link to={paths.ledgerAccount(e.tenancy_id)} className="font-semibold text-link hover:underline">
                  {e.tenant_name}
                </Link>
                <span className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                  {[e.building_name, e.apartment_number ? `Whg. ${e.apartment_number}` : null]
                    .filter(Boolean)
                    .join(", ")}
                </span>
                <span className="text-sm">
                  <strong>{formatMoney(e.overdue)}</strong> überfällig (
                  {e.charges === 1 ? "1 Monat" : `${e.charges} Monate`}), seit {formatCalendarDate(e.oldest_due_date)}:{" "}
                  <strong>{e.days_overdue} Tage</strong>
                </span>
                {e.last_reminder_at ? (
                  <span className="text-xs text-muted-foreground">
                    Erinnert am {formatDateTime(e.last_reminder_at)}
                  </span>
                ) : null}
              </div>
              <ReminderButton
                tenancyId={e.tenancy_id}
                tenantName={e.tenant_name}
                overdue={e.overdue}
                lastReminderAt={e.last_reminder_at}
              />
            </li>
          ))}
        </ul>
      )}
      {overdue.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={overdue.isFetchingNextPage} onClick={() => overdue.fetchNextPage()}>
            {overdue.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function Component() {
  useDocumentTitle("Überfällige Mieten");
  return (
    <FinanceOnly>
      <Overdue />
    </FinanceOnly>
  );
}
