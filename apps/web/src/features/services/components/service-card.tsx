import type { TenantService } from "@mieter-portal/contracts/services";
import { CalendarClock, CheckCircle2, MessageSquareWarning, Snowflake } from "lucide-react";
import { Link } from "react-router";
import { AuthorisedPhotoThumbnail } from "@/components/photo-picker/authorised-photo";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import * as apiPaths from "@/config/api-paths";
import { paths } from "@/config/paths";
import { serviceDoneAt, servicePlannedAt } from "../format";
import { serviceTexts } from "../texts";
import { VisitRating } from "./visit-rating";

const WINTER_SERVICE = "winterdienst";

function Conditions({ conditions }: { conditions: NonNullable<TenantService["last_done"]>["conditions"] }) {
  if (!conditions) return null;
  const found = [
    conditions.snow ? serviceTexts.conditions.snow : null,
    conditions.ice ? serviceTexts.conditions.ice : null,
    conditions.temperature_c === null ? null : serviceTexts.conditions.temperature(conditions.temperature_c),
  ].filter((x): x is string => x !== null);
  if (found.length === 0) return null;
  return <p className="text-sm text-muted-foreground">{found.join(" · ")}</p>;
}

/** One service of the house: zuletzt erledigt (who, the after-photo) and nächster Termin. */
export function ServiceCard({ service, now }: { service: TenantService; now?: Date }) {
  const done = service.last_done;
  const headingId = `service-${service.service_kind_id}`;
  const doneAt = done ? serviceDoneAt(done.finished_at, now) : null;
  return (
    <Card aria-labelledby={headingId} data-testid="service-card">
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          {service.key === WINTER_SERVICE ? (
            <Snowflake className="size-5 shrink-0 text-primary" aria-hidden="true" />
          ) : (
            <CheckCircle2 className="size-5 shrink-0 text-primary" aria-hidden="true" />
          )}
          <span className="min-w-0 break-words">{service.name}</span>
        </CardTitle>
      </CardHeader>
      <div className="flex min-w-0 gap-3">
        <dl className="grid min-w-0 flex-1 grid-cols-1 gap-2 text-sm">
          <div>
            <dt className="font-medium">{serviceTexts.lastDone}</dt>
            <dd className="text-muted-foreground">
              {done && doneAt ? (
                <>
                  <span className="block">
                    {service.key === WINTER_SERVICE ? serviceTexts.winterDone(doneAt.replace(/ Uhr$/, "")) : doneAt}
                  </span>
                  <span className="block">{serviceTexts.by(done.crew.first_name, done.crew.team)}</span>
                </>
              ) : (
                serviceTexts.neverDone
              )}
            </dd>
            {done ? <Conditions conditions={done.conditions} /> : null}
          </div>
          <div>
            <dt className="flex items-center gap-1 font-medium">
              <CalendarClock className="size-4" aria-hidden="true" />
              {serviceTexts.nextPlanned}
            </dt>
            <dd className="text-muted-foreground">
              {service.next_planned
                ? servicePlannedAt(service.next_planned.date, service.next_planned.window)
                : serviceTexts.nonePlanned}
            </dd>
          </div>
        </dl>
        {done?.photo_id ? (
          <AuthorisedPhotoThumbnail
            url={apiPaths.servicePhoto(done.photo_id)}
            alt={serviceTexts.photoAlt(service.name)}
            title={serviceTexts.photoTitle(service.name)}
            className="size-20 shrink-0"
          />
        ) : null}
      </div>
      {done?.visit_id ? (
        <div className="mt-3 border-t border-border pt-3">
          <VisitRating visitId={done.visit_id} serviceName={service.name} stars={done.my_rating?.stars ?? null} />
        </div>
      ) : null}
      <p className="mt-3 text-sm">
        <Link
          to={`${paths.serviceReport.path}?service=${encodeURIComponent(service.service_kind_id)}`}
          className="inline-flex items-center gap-1 text-link underline-offset-2 hover:underline"
        >
          <MessageSquareWarning className="size-4" aria-hidden="true" />
          {serviceTexts.reportLink}
        </Link>
      </p>
    </Card>
  );
}
