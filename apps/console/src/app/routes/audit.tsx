import { Button } from "@mieter-portal/ui/button";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { type AuditFilters, auditFiltersFrom, auditQueryOptions } from "@/features/audit/api";
import { AuditFilterBar } from "@/features/audit/components/audit-filter-bar";
import { AuditRow } from "@/features/audit/components/audit-row";
import { staffQueryOptions } from "@/features/staff/api";
import { withSearchParam } from "@/lib/search-params";

function AuditScreen() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => auditFiltersFrom(search), [search]);
  const staff = useQuery(staffQueryOptions());
  const audit = useInfiniteQuery(auditQueryOptions(filters));
  const items = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (key: keyof AuditFilters, value: string) =>
    setSearch(withSearchParam(search, key, value), { replace: true });
  return (
    <>
      <PageHeader
        title="Protokoll"
        description="Jede Änderung und jede Anmeldung von Mitarbeitern: wer, wann, was, vorher und nachher."
      />
      <AuditFilterBar filters={filters} staff={staff.data ?? []} onChange={set} />
      {audit.isPending ? (
        <Loading />
      ) : audit.isError ? (
        <LoadError error={audit.error} onRetry={() => audit.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>Keine Einträge für diese Filter.</EmptyState>
      ) : (
        <ol className="grid gap-2">
          {items.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {audit.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={audit.isFetchingNextPage} onClick={() => audit.fetchNextPage()}>
            {audit.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function Component() {
  useDocumentTitle("Protokoll");
  return (
    <RequireCapability capability="audit">
      <AuditScreen />
    </RequireCapability>
  );
}
