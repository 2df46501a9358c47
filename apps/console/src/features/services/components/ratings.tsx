import { zodResolver } from "@hookform/resolvers/zod";
import { addDays } from "@mieter-portal/contracts";
import {
  type ServiceRatingsSummary,
  serviceRatingsQuery,
  serviceRatingsSummary,
} from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { EmptyState, LoadError, Loading, Section } from "@/components/page";
import { apiGet, queryString } from "@/lib/api-client";
import { berlinDate } from "@/lib/berlin-time";
import { formatCalendarDate } from "@/lib/format";

/**
 * "Bewertungen der Mieter" (issue 27 §3, decision 048): the tenants' stars per service and per team
 * of a building, and their comments with service, team, day and stars — never who wrote them.
 */

/** The route's own messages (GET /staff/service-ratings refuses the same periods with them). */
const PERIOD_REVERSED = "Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.";
const PERIOD_TOO_LONG = "Bitte höchstens 366 Tage auf einmal abfragen.";
const NO_TEAM = "ohne Team";

const daysBetween = (from: string, until: string) =>
  Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The period form: the route's query schema (its dates), and its period rules. */
const ratingsFormSchema = z
  .object({ from: z.string(), until: z.string() })
  .pipe(serviceRatingsQuery.pick({ from: true, until: true }))
  .refine((p) => p.until >= p.from, { message: PERIOD_REVERSED, path: ["until"] })
  .refine((p) => p.until < p.from || daysBetween(p.from, p.until) <= 365, {
    message: PERIOD_TOO_LONG,
    path: ["until"],
  });
type RatingsFormValues = z.input<typeof ratingsFormSchema>;
type Period = z.output<typeof ratingsFormSchema>;

const ratingsQueryOptions = (buildingId: string, { from, until }: Period) =>
  queryOptions({
    queryKey: ["staff", "services", "ratings", buildingId, from, until],
    queryFn: ({ signal }) =>
      apiGet(`/staff/service-ratings${queryString({ building_id: buildingId, from, until })}`, serviceRatingsSummary, {
        signal,
      }),
  });

/** The last twelve months up to today: from the day after the same date a year ago (29 February: 1 March). */
export function lastTwelveMonths(today: string): Period {
  const year = Number(today.slice(0, 4)) - 1;
  const sameDay = today.endsWith("-02-29") ? `${year}-02-28` : `${year}${today.slice(4)}`;
  return { from: addDays(sameDay, 1), until: today };
}

const oneDecimal = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "4,3 von 5 (12 Bewertungen)". */
export function formatAverage(average: number, count: number): string {
  return `${oneDecimal.format(average)} von 5 (${count.toLocaleString("de-DE")} ${count === 1 ? "Bewertung" : "Bewertungen"})`;
}

/** Stars drawn for the eye, said as words to a screen reader. */
function Stars({ stars }: { stars: number }) {
  return (
    <span className="whitespace-nowrap">
      <span aria-hidden="true" className="tracking-wider">
        {"★".repeat(stars)}
        {"☆".repeat(Math.max(0, 5 - stars))}
      </span>
      <span className="sr-only">{`${stars} von 5 Sternen`}</span>
    </span>
  );
}

function Figures({
  headingId,
  title,
  rows,
}: {
  headingId: string;
  title: string;
  rows: { key: string; label: string; average: number; count: number }[];
}) {
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {title}
      </h3>
      <dl className="grid gap-2">
        {rows.map((row) => (
          <div key={row.key} className="flex flex-wrap justify-between gap-x-4 border-b border-border pb-2 text-sm">
            <dt className="min-w-0 font-medium [overflow-wrap:anywhere]">{row.label}</dt>
            <dd>{formatAverage(row.average, row.count)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Summary({ summary }: { summary: ServiceRatingsSummary }) {
  if (summary.by_service.length === 0)
    return <EmptyState>In diesem Zeitraum hat noch kein Mieter einen Einsatz in diesem Haus bewertet.</EmptyState>;
  // Newest visit first; the server's order (its latest rating first) is kept within a day.
  const comments = [...summary.comments].sort((a, b) => b.planned_on.localeCompare(a.planned_on));
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        <Figures
          headingId="ratings-by-service"
          title="Nach Leistung"
          rows={summary.by_service.map((s) => ({ key: s.service_kind_id, label: s.service_name, ...s }))}
        />
        <Figures
          headingId="ratings-by-team"
          title="Nach Team"
          rows={summary.by_team.map((t) => ({ key: t.team ?? "", label: t.team ?? NO_TEAM, ...t }))}
        />
      </div>
      <section aria-labelledby="ratings-comments" className="grid gap-2">
        <h3 id="ratings-comments" className="text-sm font-semibold">
          Kommentare
        </h3>
        {comments.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            In diesem Zeitraum hat kein Mieter einen Kommentar geschrieben.
          </p>
        ) : (
          <ul className="grid gap-3">
            {comments.map((c, i) => (
              // Comments have no id of their own (and must not carry the tenant's): the list's order is theirs.
              // biome-ignore lint/suspicious/noArrayIndexKey: a comment is read-only and the list is replaced whole.
              <li key={i} className="grid gap-1 rounded-lg border border-border p-3 text-sm">
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium [overflow-wrap:anywhere]">{c.service_name}</span>
                  <span className="text-muted-foreground">{c.team ?? NO_TEAM}</span>
                  <span className="text-muted-foreground">Einsatz vom {formatCalendarDate(c.planned_on)}</span>
                  <Stars stars={c.stars} />
                </p>
                <p className="whitespace-pre-line [overflow-wrap:anywhere]">{c.comment}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The building's ratings of a period, the last twelve months first. */
export function RatingsSection({ buildingId }: { buildingId: string }) {
  const [period, setPeriod] = useState(() => lastTwelveMonths(berlinDate(new Date())));
  const ratings = useQuery(ratingsQueryOptions(buildingId, period));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RatingsFormValues, unknown, Period>({
    resolver: zodResolver(ratingsFormSchema),
    defaultValues: period,
  });

  return (
    <Section title="Bewertungen der Mieter" headingId="ratings-heading">
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          Sterne und Kommentare der Mieter zu den Einsätzen, je Leistung und Team. Wer bewertet hat, wird nicht
          angezeigt.
        </p>
        <form noValidate className="flex flex-wrap items-end gap-3" onSubmit={handleSubmit(setPeriod)}>
          <Field
            label="Von"
            className="min-w-40"
            error={errors.from?.message}
            inputProps={{ type: "date", ...register("from") }}
          />
          <Field
            label="Bis"
            className="min-w-40"
            error={errors.until?.message}
            inputProps={{ type: "date", ...register("until") }}
          />
          <Button type="submit" variant="outline">
            Anzeigen
          </Button>
        </form>
        <p className="text-sm" aria-live="polite">
          Zeitraum: {formatCalendarDate(period.from)} bis {formatCalendarDate(period.until)}
        </p>
        {ratings.isPending ? (
          <Loading />
        ) : ratings.isError ? (
          <LoadError error={ratings.error} onRetry={() => ratings.refetch()} />
        ) : (
          <Summary summary={ratings.data} />
        )}
      </div>
    </Section>
  );
}
