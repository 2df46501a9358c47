import { addDays } from "@mieter-portal/contracts";
import type { ServiceVisit } from "@mieter-portal/contracts/services";
import { Badge, type BadgeTone } from "@mieter-portal/ui/badge";
import { cn } from "@mieter-portal/ui/utils";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { LoadError, Loading } from "@/components/page";
import { paths } from "@/config/paths";
import { berlinDate } from "@/lib/berlin-time";
import { formatCalendarDate, formatTime } from "@/lib/format";
import { serviceVisitsQueryOptions } from "../api/queries";
import { SERVICES_TEXTS, VISIT_STATE_LABELS, WEEKDAY_LABELS } from "../texts";
import { type VisitState, visitState, weekDates } from "../week";

const TONE: Record<VisitState["kind"], BadgeTone> = {
  planned: "neutral",
  none: "neutral",
  running: "warning",
  done: "success",
  missed: "danger",
};

function StateLine({ state, crew }: { state: VisitState; crew: string | null }) {
  switch (state.kind) {
    case "planned":
    case "none":
      return null;
    case "running":
      return <p className="text-xs">seit {formatTime(state.startedAt)} Uhr</p>;
    case "done":
      return (
        <p className="text-xs">
          {formatTime(state.startedAt)}–{formatTime(state.finishedAt)} Uhr{crew ? ` · ${crew}` : ""}
        </p>
      );
    case "missed":
      return state.startedAt ? (
        <p className="text-xs">begonnen {formatTime(state.startedAt)} Uhr, nicht abgeschlossen</p>
      ) : null;
  }
}

function VisitItem({ visit, now, crew }: { visit: ServiceVisit; now: Date; crew: string | null }) {
  const state = visitState(visit, now);
  return (
    <li className="grid min-w-0 gap-1 rounded-lg border border-border bg-card p-2 text-sm" data-testid="service-visit">
      <p className="font-medium hyphens-auto [overflow-wrap:anywhere]">{visit.service_name}</p>
      <p className="text-xs text-muted-foreground">
        {visit.window.start}–{visit.window.end} Uhr
        {visit.moved_from ? ` (verschoben vom ${formatCalendarDate(visit.moved_from)})` : ""}
      </p>
      <p>
        <Badge tone={TONE[state.kind]}>{VISIT_STATE_LABELS[state.kind]}</Badge>
      </p>
      <StateLine state={state} crew={crew} />
      {visit.note ? <p className="text-xs text-muted-foreground">{visit.note}</p> : null}
      {visit.record ? (
        <Link
          to={paths.serviceRecord(visit.record.id)}
          aria-label={`Einsatz ansehen: ${visit.service_name}`}
          className="w-fit text-xs text-link underline"
        >
          Einsatz ansehen
        </Link>
      ) : null}
    </li>
  );
}

/**
 * A building's Einsätze of one week, Monday to Sunday: columns where the page is wide enough
 * (container query), a list by day on narrow screens. Each visit's state at `now`.
 */
export function WeekOverview({ buildingId, monday, now }: { buildingId: string; monday: string; now: Date }) {
  const visits = useQuery(serviceVisitsQueryOptions(buildingId, monday, addDays(monday, 6)));
  const today = berlinDate(now);

  if (visits.isPending) return <Loading />;
  if (visits.isError) return <LoadError error={visits.error} onRetry={() => visits.refetch()} />;
  return (
    <div className="@container grid gap-3">
      <p className="text-sm text-muted-foreground">{SERVICES_TEXTS.missedHint}</p>
      <ol className="grid gap-3 @4xl:grid-cols-7 @4xl:gap-2" aria-label="Wochentage">
        {weekDates(monday).map((date, index) => {
          const day = visits.data.filter((v) => v.planned_on === date);
          return (
            <li
              key={date}
              className={cn(
                "grid min-w-0 content-start gap-2 rounded-xl border border-border bg-muted/40 p-2",
                date === today && "border-primary",
              )}
              data-testid="service-day"
            >
              <h3 className="text-sm font-semibold [overflow-wrap:anywhere]">
                {WEEKDAY_LABELS[index]}, {formatCalendarDate(date).slice(0, 6)}
                {date === today ? <span className="font-normal text-muted-foreground"> (heute)</span> : null}
              </h3>
              {day.length === 0 ? (
                <p className="text-xs text-muted-foreground">Keine Einsätze</p>
              ) : (
                <ul className="grid min-w-0 gap-2">
                  {day.map((visit) => (
                    <VisitItem
                      key={visit.id}
                      visit={visit}
                      now={now}
                      crew={visit.record?.state === "finished" ? visit.record.crew_first_name : null}
                    />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
