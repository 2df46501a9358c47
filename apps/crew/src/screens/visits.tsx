import type { ServiceVisit } from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { StateBadges } from "@/components/state-badges";
import { errorMessage } from "@/lib/api";
import { berlinToday, shortDate, weekOf } from "@/lib/dates";
import { visitState, type Work } from "@/lib/einsatz";
import { buildingName, useQueueEntries, useWorks } from "@/lib/hooks";
import { useOffline } from "@/lib/network";
import { useVisits } from "@/lib/visits";

/** "Heute" and "Diese Woche": the planned Einsätze of my buildings, each with its state. */
export function VisitsScreen({ range }: { range: "today" | "week" }) {
  const today = berlinToday();
  const { from, until } = range === "today" ? { from: today, until: today } : weekOf(today);
  const visits = useVisits(from, until);
  const works = useWorks();
  const entries = useQueueEntries();
  const offline = useOffline();
  const title =
    range === "today" ? `Heute, ${shortDate(today)}` : `Diese Woche (${shortDate(from)} – ${shortDate(until)})`;
  const unplanned = works.filter((w) => !w.visitId && (range === "week" || w.startedAt.slice(0, 10) >= from));

  return (
    <section className="grid gap-3" aria-labelledby="visits-title">
      <h1 id="visits-title" className="text-xl font-semibold">
        {title}
      </h1>
      {visits.isError && !visits.data ? (
        <div role="alert" className="grid gap-2 rounded-lg bg-danger-soft p-3 text-danger-soft-foreground">
          <p>
            {offline
              ? "Offline – die Einsätze wurden auf diesem Gerät noch nicht geladen."
              : errorMessage(visits.error)}
          </p>
          <Button variant="outline" onClick={() => void visits.refetch()}>
            Erneut laden
          </Button>
        </div>
      ) : null}
      {!visits.data && !visits.isError ? <p className="text-muted-foreground">Einsätze werden geladen …</p> : null}
      {visits.data && offline ? (
        <p className="text-sm text-muted-foreground">Offline: Stand der letzten Verbindung.</p>
      ) : null}
      {visits.data?.length === 0 && unplanned.length === 0 ? (
        <p className="rounded-lg bg-muted p-3">
          {range === "today" ? "Heute sind keine Einsätze geplant." : "Diese Woche sind keine Einsätze geplant."}
        </p>
      ) : null}
      <ul className="grid gap-2">
        {(visits.data ?? []).map((visit) => (
          <li key={visit.id}>
            <VisitCard
              visit={visit}
              work={works.find((w) => w.visitId === visit.id) ?? null}
              entries={entries}
              week={range === "week"}
            />
          </li>
        ))}
        {unplanned.map((work) => (
          <li key={work.recordId}>
            <UnplannedCard work={work} entries={entries} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const card =
  "flex min-h-16 items-center justify-between gap-3 rounded-2xl border border-border bg-card p-3 text-card-foreground shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

function VisitCard({
  visit,
  work,
  entries,
  week,
}: {
  visit: ServiceVisit;
  work: Work | null;
  entries: Parameters<typeof visitState>[2];
  week: boolean;
}) {
  const state = visitState(visit, work, entries);
  const house = buildingName(visit.building_id);
  return (
    <Link to={`/besuch/${visit.id}`} className={card} aria-label={`${visit.service_name}, ${house}, ${state.phase}`}>
      <span className="grid min-w-0 gap-1">
        <span className="font-semibold break-words">{visit.service_name}</span>
        <span className="text-sm text-muted-foreground break-words">
          {house} · {week ? `${shortDate(visit.planned_on)} · ` : ""}
          {visit.window.start}–{visit.window.end} Uhr
        </span>
        <StateBadges state={state} />
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0" />
    </Link>
  );
}

function UnplannedCard({ work, entries }: { work: Work; entries: Parameters<typeof visitState>[2] }) {
  const state = visitState(null, work, entries);
  const house = work.buildingName ?? buildingName(work.buildingId);
  return (
    <Link
      to={`/arbeit/${work.recordId}`}
      className={card}
      aria-label={`${work.serviceName}, ${house}, ungeplant, ${state.phase}`}
    >
      <span className="grid min-w-0 gap-1">
        <span className="font-semibold break-words">{work.serviceName}</span>
        <span className="text-sm text-muted-foreground break-words">{house} · ungeplant</span>
        <StateBadges state={state} />
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0" />
    </Link>
  );
}
