import { addDays } from "@mieter-portal/contracts";
import type { ServiceReport, ServiceVisit, UnplannedServiceRecord } from "@mieter-portal/contracts/services";
import { Badge, type BadgeTone } from "@mieter-portal/ui/badge";
import { cn } from "@mieter-portal/ui/utils";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { LoadError, Loading } from "@/components/page";
import { paths } from "@/config/paths";
import { berlinDate } from "@/lib/berlin-time";
import { formatCalendarDate, formatTime } from "@/lib/format";
import { serviceReportsQueryOptions, serviceVisitsQueryOptions, unplannedRecordsQueryOptions } from "../api/queries";
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

/** A tenant's "Leistung fehlt" naming this day and service: the badge and the way to the conversation. */
function ReportedLine({ report }: { report: ServiceReport }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <Badge tone="danger">{SERVICES_TEXTS.reportedLabel}</Badge>
      <Link
        to={paths.thread(report.thread_id)}
        aria-label={`Meldung ansehen: ${report.service_name}`}
        className="text-link underline"
      >
        Meldung ansehen
      </Link>
    </p>
  );
}

function VisitItem({
  visit,
  now,
  crew,
  reports,
}: {
  visit: ServiceVisit;
  now: Date;
  crew: string | null;
  reports: ServiceReport[];
}) {
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
      {reports.map((report) => (
        <ReportedLine key={report.id} report={report} />
      ))}
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

/** An Einsatz begun without a planned visit (snow at 5:30, a tenant's call). */
function UnplannedItem({ record }: { record: UnplannedServiceRecord }) {
  return (
    <li
      className="grid min-w-0 gap-1 rounded-lg border border-border bg-card p-2 text-sm"
      data-testid="service-unplanned"
    >
      <p className="font-medium hyphens-auto [overflow-wrap:anywhere]">{record.service_name}</p>
      <p className="flex flex-wrap gap-1">
        <Badge tone="neutral">{SERVICES_TEXTS.unplannedLabel}</Badge>
        <Badge tone={record.finished_at ? "success" : "warning"}>
          {record.finished_at ? VISIT_STATE_LABELS.done : VISIT_STATE_LABELS.running}
        </Badge>
      </p>
      <p className="text-xs">
        {record.finished_at
          ? `${formatTime(record.started_at)}–${formatTime(record.finished_at)} Uhr · ${record.crew_first_name}`
          : `seit ${formatTime(record.started_at)} Uhr · ${record.crew_first_name}`}
      </p>
      <Link
        to={paths.serviceRecord(record.id)}
        aria-label={`Einsatz ansehen: ${record.service_name} (ungeplant)`}
        className="w-fit text-xs text-link underline"
      >
        Einsatz ansehen
      </Link>
    </li>
  );
}

/** A "Leistung fehlt" of a day without a planned visit of that service. */
function ReportItem({ report }: { report: ServiceReport }) {
  return (
    <li className="grid min-w-0 gap-1 rounded-lg border border-border bg-card p-2 text-sm" data-testid="service-report">
      <p className="font-medium hyphens-auto [overflow-wrap:anywhere]">{report.service_name}</p>
      <ReportedLine report={report} />
    </li>
  );
}

/**
 * A building's Einsätze of one week, Monday to Sunday: columns where the page is wide enough
 * (container query), a list by day on narrow screens. Each visit's state at `now`.
 */
export function WeekOverview({
  buildingId,
  monday,
  now,
  withReports,
}: {
  buildingId: string;
  monday: string;
  now: Date;
  /** The tenants' "Leistung fehlt" too (Administrators and Verwalter; crews do not read them). */
  withReports: boolean;
}) {
  const sunday = addDays(monday, 6);
  const visits = useQuery(serviceVisitsQueryOptions(buildingId, monday, sunday));
  const unplanned = useQuery(unplannedRecordsQueryOptions(buildingId, monday, sunday));
  const reports = useQuery({ ...serviceReportsQueryOptions(buildingId, monday, sunday), enabled: withReports });
  const today = berlinDate(now);

  if (visits.isPending) return <Loading />;
  if (visits.isError) return <LoadError error={visits.error} onRetry={() => visits.refetch()} />;
  return (
    <div className="@container grid gap-3">
      <p className="text-sm text-muted-foreground">{SERVICES_TEXTS.missedHint}</p>
      {unplanned.isError || reports.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {unplanned.isError
            ? "Die ungeplanten Einsätze der Woche konnten nicht geladen werden."
            : "Die Meldungen „Leistung fehlt“ der Woche konnten nicht geladen werden."}{" "}
          Bitte laden Sie die Seite neu.
        </p>
      ) : null}
      <ol className="grid gap-3 @4xl:grid-cols-7 @4xl:gap-2" aria-label="Wochentage">
        {weekDates(monday).map((date, index) => {
          const day = visits.data.filter((v) => v.planned_on === date);
          const dayUnplanned = (unplanned.data ?? []).filter((r) => berlinDate(new Date(r.started_at)) === date);
          const dayReports = (reports.data ?? []).filter((r) => r.date === date);
          const reportsOf = (visit: ServiceVisit) => dayReports.filter((r) => r.service_name === visit.service_name);
          const otherReports = dayReports.filter((r) => !day.some((v) => v.service_name === r.service_name));
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
              {day.length + dayUnplanned.length + otherReports.length === 0 ? (
                <p className="text-xs text-muted-foreground">Keine Einsätze</p>
              ) : (
                <ul className="grid min-w-0 gap-2">
                  {day.map((visit) => (
                    <VisitItem
                      key={visit.id}
                      visit={visit}
                      now={now}
                      crew={visit.record?.state === "finished" ? visit.record.crew_first_name : null}
                      reports={reportsOf(visit)}
                    />
                  ))}
                  {dayUnplanned.map((record) => (
                    <UnplannedItem key={record.id} record={record} />
                  ))}
                  {otherReports.map((report) => (
                    <ReportItem key={report.id} report={report} />
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
