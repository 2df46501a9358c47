import { CAMPAIGN_STATUS_LABELS, type CampaignStatus, type MeterKind } from "@mieter-portal/contracts";
import type { MeterCampaignParticipant, StaffMeterCampaignDetail } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Camera, TrendingDown } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { EmptyState } from "@/components/page";
import { paths } from "@/config/paths";
import { formatCalendarDate, formatNumber } from "@/lib/format";
import { METER_LABELS } from "@/lib/labels";
import { STATUS_TONES } from "../campaign-form";

type ReviewSlot = (reading: { readingId: string; tenantName: string; readingDate: string }) => ReactNode;

const ALL_METERS: MeterKind[] = ["water", "electricity", "heating"];
const FIELD = { water: "water_reading", electricity: "electricity_reading", heating: "heating_reading" } as const;
const ORDER: CampaignStatus[] = ["open", "submitted", "accepted", "sent_back"];

/** How many tenants are in each status, in the filter's order. */
export const statusCounts = (campaign: StaffMeterCampaignDetail) =>
  ORDER.map((status) => ({ status, count: campaign.participants.filter((p) => p.status === status).length }));

const metersOf = (campaign: StaffMeterCampaignDetail): MeterKind[] =>
  campaign.meter === "all" ? ALL_METERS : [campaign.meter];

function Values({ participant, meters }: { participant: MeterCampaignParticipant; meters: MeterKind[] }) {
  const reading = participant.reading;
  if (!reading) return <span className="text-muted-foreground">–</span>;
  return (
    <ul className="grid gap-0.5">
      {meters.map((meter) => {
        const value = reading[FIELD[meter]];
        const lower = reading.lower_than_previous.includes(meter);
        return (
          // The flag goes under the value where the column is narrow (at 820 px the table was
          // wider than its box and cut off its last column, issue 25 item 20).
          <li key={meter} className="flex flex-wrap items-center gap-x-2 gap-y-1 tabular-nums">
            <span className="whitespace-nowrap">
              {meters.length > 1 ? <span className="text-muted-foreground">{METER_LABELS[meter].label}: </span> : null}
              {value === null ? "–" : `${formatNumber(value)} ${METER_LABELS[meter].unit}`}
            </span>
            {lower ? (
              <Badge tone="danger" className="whitespace-nowrap">
                <TrendingDown className="mr-1 size-3" aria-hidden="true" />
                Niedriger als zuletzt
              </Badge>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function ParticipantRow({
  participant,
  meters,
  review,
}: {
  participant: MeterCampaignParticipant;
  meters: MeterKind[];
  review: ReviewSlot;
}) {
  const reading = participant.reading;
  const photos = reading?.photos.filter((p) => meters.includes(p.meter)).length ?? 0;
  return (
    <tr className="border-b border-border align-top last:border-b-0" data-testid="campaign-participant">
      <td className="py-3 pr-3">{participant.unit}</td>
      <th scope="row" className="py-3 pr-3 text-left font-medium">
        <Link to={paths.tenant(participant.tenant.id)} className="text-link underline">
          {participant.tenant.name}
        </Link>
      </th>
      <td className="py-3 pr-3">
        <Badge tone={STATUS_TONES[participant.status]}>{CAMPAIGN_STATUS_LABELS[participant.status]}</Badge>
      </td>
      <td className="py-3 pr-3">
        <Values participant={participant} meters={meters} />
      </td>
      <td className="py-3 pr-3 whitespace-nowrap">{reading ? formatCalendarDate(reading.reading_date) : "–"}</td>
      <td className="py-3 pr-3 whitespace-nowrap">
        {photos > 0 ? (
          <span className="inline-flex items-center gap-1">
            <Camera className="size-4" aria-hidden="true" />
            {photos === 1 ? "1 Foto" : `${photos} Fotos`}
          </span>
        ) : (
          <span className="text-muted-foreground">–</span>
        )}
      </td>
      <td className="py-3 text-right">
        {reading
          ? review({ readingId: reading.id, tenantName: participant.tenant.name, readingDate: reading.reading_date })
          : null}
      </td>
    </tr>
  );
}

/**
 * The campaign's tenants with their status, values, date and photos. The counts are the status
 * filter: 4 readings are easy to find among 196 open rows. `review` shows a reading's check (the
 * meter-readings feature's dialog, passed in by the route).
 */
export function ParticipantList({ campaign, review }: { campaign: StaffMeterCampaignDetail; review: ReviewSlot }) {
  const [filter, setFilter] = useState<CampaignStatus | null>(null);
  const meters = metersOf(campaign);
  const counts = statusCounts(campaign);
  const shown = filter ? campaign.participants.filter((p) => p.status === filter) : campaign.participants;
  return (
    <>
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">Nach Status filtern</legend>
        {[{ status: null, count: campaign.participants.length }, ...counts].map(({ status, count }) => (
          <button
            key={status ?? "all"}
            type="button"
            aria-pressed={filter === status}
            onClick={() => setFilter(status)}
            className="flex items-center gap-1.5 rounded-lg border border-border bg-card px-3 py-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-pressed:border-primary aria-pressed:bg-primary/10"
          >
            {status ? CAMPAIGN_STATUS_LABELS[status] : "Alle"}:{" "}
            <span className="font-semibold tabular-nums" data-testid={`count-${status ?? "all"}`}>
              {count}
            </span>
          </button>
        ))}
      </fieldset>
      {campaign.participants.length === 0 ? (
        <EmptyState>Niemand in dieser Ablesung.</EmptyState>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-border bg-card px-4">
          <table className="w-full text-sm">
            <caption className="sr-only">Mieter dieser Ablesung und ihre Meldungen</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Einheit
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Mieter
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Zählerstand
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Abgelesen
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Fotos
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  <span className="sr-only">Prüfung</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <ParticipantRow key={p.tenant.id} participant={p} meters={meters} review={review} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
