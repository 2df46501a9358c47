import { Button } from "@mieter-portal/ui/button";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { inboxQueryOptions } from "@/features/inbox/api";
import { InboxFilterBar } from "@/features/inbox/components/inbox-filters";
import { InboxList } from "@/features/inbox/components/inbox-list";
import { filtersFromSearch, filtersToSearch, hasFilters } from "@/features/inbox/filters";
import { NewRepairLink } from "@/features/repairs/components/new-repair-link";
import { useCan, useMe } from "@/lib/me";

export function Component() {
  // A Dienstleister works only on Einsätze (decision 048): the crew's app is theirs, not the Eingang.
  if (useMe().role === "dienstleister") return <CrewOnly />;
  return <Inbox />;
}

function CrewOnly() {
  useDocumentTitle("Einsätze");
  return (
    <>
      <PageHeader title="Einsätze" description="Als Dienstleister erfassen Sie Ihre Einsätze in der App „Einsätze“." />
      <p className="text-sm">
        <a href="/einsatz/" className="font-medium text-primary underline underline-offset-2">
          Zur App „Einsätze“
        </a>{" "}
        – auf dem Handy öffnen und zum Startbildschirm hinzufügen; sie funktioniert auch ohne Netz.
      </p>
    </>
  );
}

function Inbox() {
  useDocumentTitle("Eingang");
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const inbox = useInfiniteQuery(inboxQueryOptions(filters));
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = inbox.data?.pages[0]?.counts;
  const now = new Date(inbox.dataUpdatedAt || Date.now());
  const canRepair = useCan("repairs");
  return (
    <>
      <PageHeader
        title="Eingang"
        description="Alles, was auf eine Antwort der Verwaltung wartet – zuerst, was zuerst fällig ist."
        actions={canRepair ? <NewRepairLink /> : undefined}
      />
      <div className="grid gap-4">
        <InboxFilterBar filters={filters} counts={counts} onChange={(next) => setSearch(filtersToSearch(next))} />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {inbox.isSuccess ? `${items.length} ${items.length === 1 ? "Vorgang" : "Vorgänge"} angezeigt` : ""}
        </p>
        {inbox.isPending ? (
          <Loading label="Eingang wird geladen…" />
        ) : inbox.isError ? (
          <LoadError error={inbox.error} onRetry={() => inbox.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState>
            {hasFilters(filters)
              ? "Keine Vorgänge für diese Filter."
              : "Alles erledigt – nichts wartet auf eine Antwort."}
          </EmptyState>
        ) : (
          <InboxList items={items} now={now} />
        )}
        {inbox.hasNextPage ? (
          <Button
            variant="outline"
            className="justify-self-center"
            disabled={inbox.isFetchingNextPage}
            onClick={() => inbox.fetchNextPage()}
          >
            {inbox.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        ) : null}
      </div>
    </>
  );
}
