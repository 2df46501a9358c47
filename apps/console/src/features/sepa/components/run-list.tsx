import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState, LoadError, Loading } from "@/components/page";
import { paths } from "@/config/paths";
import { formatCalendarDate, formatDateTime, formatMoney } from "@/lib/format";
import { runsQueryOptions } from "../api";
import { debits, monthLabel } from "../format";
import { RunStateBadge } from "./run-detail";

/** The collection runs, newest first, each leading to its file and charges. */
export function RunList({ building }: { building: string | null }) {
  const runs = useInfiniteQuery(runsQueryOptions(building));
  const items = runs.data?.pages.flatMap((p) => p.items) ?? [];
  if (runs.isPending) return <Loading />;
  if (runs.isError) return <LoadError error={runs.error} onRetry={() => runs.refetch()} />;
  if (items.length === 0) return <EmptyState>Noch kein Lastschrift-Einzug.</EmptyState>;
  return (
    <>
      <ul className="grid gap-2" aria-label="Lastschrift-Einzüge">
        {items.map((r) => (
          <li
            key={r.id}
            data-testid="sepa-run"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4"
          >
            <div className="grid min-w-0 gap-0.5">
              <Link to={paths.sepaRun(r.id)} className="font-semibold text-link hover:underline">
                {monthLabel(r.month)}: Einzug am {formatCalendarDate(r.collection_date)}
              </Link>
              <span className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                {r.building?.name ?? "Alle Gebäude"} · {debits(r.count)} · {formatMoney(r.amount)} · erstellt{" "}
                {formatDateTime(r.created_at)}
                {r.created_by ? ` von ${r.created_by.name}` : ""}
              </span>
            </div>
            <div className="flex flex-wrap gap-2">
              <RunStateBadge state={r.state} />
              {r.returned_count > 0 ? (
                <Badge tone="danger">
                  {r.returned_count === 1 ? "1 Rücklastschrift" : `${r.returned_count} Rücklastschriften`}
                </Badge>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {runs.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={runs.isFetchingNextPage} onClick={() => runs.fetchNextPage()}>
            {runs.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
