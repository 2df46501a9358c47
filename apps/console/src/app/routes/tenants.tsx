import { Button } from "@mieter-portal/ui/button";
import { useInfiniteQuery } from "@tanstack/react-query";
import { FileUp, UserPlus } from "lucide-react";
import { useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { invitationFromParam, TenantFilters } from "@/features/tenants/components/tenant-filters";
import { TenantList } from "@/features/tenants/components/tenant-list";
import { useCan } from "@/lib/me";
import { withSearchParam } from "@/lib/search-params";
import { tenantsQueryOptions } from "@/lib/shared-queries";

export function Component() {
  useDocumentTitle("Mieter");
  const [search, setSearch] = useSearchParams();
  const q = search.get("q") ?? "";
  const building = search.get("gebaeude");
  const status = invitationFromParam(search.get("zugang"));
  const tenants = useInfiniteQuery(tenantsQueryOptions(q, building, status));
  const items = tenants.data?.pages.flatMap((p) => p.items) ?? [];
  const canOnboard = useCan("tenancies");
  // The search text replaces its history entry; a changed filter is a step back.
  const setParam = useCallback(
    (param: string, value: string | null) =>
      setSearch((current) => withSearchParam(current, param, value), { replace: param === "q" }),
    [setSearch],
  );

  return (
    <>
      <PageHeader
        title="Mieter"
        description="Suche nach Name, E-Mail-Adresse oder Adresse."
        actions={
          canOnboard ? (
            <>
              <Button asChild>
                <Link to={paths.tenantNew}>
                  <UserPlus aria-hidden="true" />
                  Mieter anlegen
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={paths.tenantsImport}>
                  <FileUp aria-hidden="true" />
                  CSV importieren
                </Link>
              </Button>
            </>
          ) : null
        }
      />
      <TenantFilters q={q} building={building} status={status} onChange={setParam} />
      {tenants.isPending ? (
        <Loading />
      ) : tenants.isError ? (
        <LoadError error={tenants.error} onRetry={() => tenants.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>Keine Mieter gefunden.</EmptyState>
      ) : (
        <TenantList items={items} canOnboard={canOnboard} />
      )}
      {tenants.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={tenants.isFetchingNextPage} onClick={() => tenants.fetchNextPage()}>
            {tenants.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
