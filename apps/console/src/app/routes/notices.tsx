import { Button } from "@mieter-portal/ui/button";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Megaphone } from "lucide-react";
import { useSearchParams } from "react-router";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { noticesQueryOptions } from "@/features/notices/api";
import { NoticeCard } from "@/features/notices/components/notice-card";
import { NoticeFilters, statusFromParam } from "@/features/notices/components/notice-filters";
import { NoticeFormDialog } from "@/features/notices/components/notice-form-dialog";
import { useCan } from "@/lib/me";
import { withSearchParam } from "@/lib/search-params";
import { buildingsQueryOptions } from "@/lib/shared-queries";

export function Component() {
  useDocumentTitle("Aushänge");
  const canWrite = useCan("notices");
  const [search, setSearch] = useSearchParams();
  const buildingParam = search.get("gebaeude");
  const building = buildingParam === "alle" ? "all" : buildingParam;
  const status = statusFromParam(search.get("status"));
  const buildings = useQuery(buildingsQueryOptions());
  const notices = useInfiniteQuery(noticesQueryOptions(building, status));
  const items = notices.data?.pages.flatMap((p) => p.items) ?? [];
  const onlyBuilding = buildings.data?.length === 1 ? buildings.data[0]?.id : undefined;

  return (
    <>
      <PageHeader
        title="Aushänge"
        description="Informationen und Störungen für ein Gebäude oder alle; die Mieter sehen aktuelle Aushänge in ihrer App."
        actions={
          canWrite ? (
            <NoticeFormDialog
              defaultBuilding={building && building !== "all" ? building : onlyBuilding}
              trigger={(open) => (
                <Button onClick={open}>
                  <Megaphone aria-hidden="true" />
                  Aushang veröffentlichen
                </Button>
              )}
            />
          ) : null
        }
      />
      <NoticeFilters
        building={buildingParam ?? ""}
        status={status}
        buildings={buildings.data ?? []}
        onChange={(key, value) => setSearch(withSearchParam(search, key, value))}
      />
      {notices.isPending ? (
        <Loading />
      ) : notices.isError ? (
        <LoadError error={notices.error} onRetry={() => notices.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>Keine Aushänge.</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Aushänge">
          {items.map((notice) => (
            <NoticeCard key={notice.id} notice={notice} />
          ))}
        </ul>
      )}
      {notices.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={notices.isFetchingNextPage} onClick={() => notices.fetchNextPage()}>
            {notices.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
