import type { Repair } from "@mieter-portal/contracts";
import { CircleDot } from "lucide-react";
import { AuthorisedPhotoThumbnail } from "@/components/photo-picker/authorised-photo";
import { Card, CardTitle } from "@/components/ui/card";
import { formatDate, formatShortDate, formatTime } from "@/lib/format";
import { repairTitle } from "../repairs";
import { REPAIR_LOCATION_LABELS, REPAIR_STATUS, REPAIR_TYPE_LABELS, repairTexts, URGENCY_OPTIONS } from "../texts";
import { RepairStatusBadge } from "./repair-status-badge";

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** One repair: what was reported, its photos and who changed its status when. */
export function RepairDetail({ repair }: { repair: Repair }) {
  const t = repairTexts.detail;
  const title = repairTitle(repair);
  return (
    <article aria-labelledby="repair-title" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h1 id="repair-title" className="text-2xl font-bold">
          {title}
        </h1>
        <RepairStatusBadge status={repair.status} />
      </div>

      <Card aria-labelledby="repair-description-title">
        <CardTitle id="repair-description-title">{t.description}</CardTitle>
        <p className="mt-2 text-sm whitespace-pre-line" data-testid="repair-description">
          {repair.description}
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Fact term={t.type}>{REPAIR_TYPE_LABELS[repair.type]}</Fact>
          <Fact term={t.location}>{REPAIR_LOCATION_LABELS[repair.location]}</Fact>
          <Fact term={t.urgency}>{URGENCY_OPTIONS[repair.urgency].label}</Fact>
          <Fact term={t.reportedAt}>{t.at(formatShortDate(repair.reported_at), formatTime(repair.reported_at))}</Fact>
          <Fact term={t.plannedDate}>{repair.planned_date ? formatDate(repair.planned_date) : t.notPlanned}</Fact>
          {repair.completed_at ? <Fact term={t.completedAt}>{formatShortDate(repair.completed_at)}</Fact> : null}
        </dl>
      </Card>

      <Card aria-labelledby="repair-photos-title">
        <CardTitle id="repair-photos-title">{t.photos}</CardTitle>
        {repair.photos.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t.noPhotos}</p>
        ) : (
          <ul className="mt-3 grid grid-cols-3 gap-2" data-testid="repair-photos">
            {repair.photos.map((photo, index) => {
              const alt = t.photoAlt(index + 1, photo.filename);
              return (
                <li key={photo.id}>
                  <AuthorisedPhotoThumbnail url={photo.url} alt={alt} title={title} className="aspect-square w-full" />
                </li>
              );
            })}
          </ul>
        )}
      </Card>

      <Card aria-labelledby="repair-history-title">
        <CardTitle id="repair-history-title">{t.history}</CardTitle>
        <ol className="mt-3 grid gap-0" data-testid="repair-history">
          {repair.history.map((entry) => (
            <li
              key={`${entry.changed_at}-${entry.status}-${entry.actor_name}`}
              className="relative grid gap-0.5 border-l-2 border-border pb-4 pl-5 last:pb-0"
            >
              <CircleDot className="absolute top-0.5 -left-[9px] size-4 bg-card text-primary" aria-hidden="true" />
              <p className="text-sm font-semibold">{REPAIR_STATUS[entry.status].label}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={entry.changed_at}>
                  {t.at(formatShortDate(entry.changed_at), formatTime(entry.changed_at))}
                </time>
                {" · "}
                {t.actor(entry.actor, entry.actor_name)}
              </p>
              {entry.note ? <p className="text-sm">{entry.note}</p> : null}
            </li>
          ))}
        </ol>
      </Card>
    </article>
  );
}
