import {
  CAMPAIGN_METER_LABELS,
  CAMPAIGN_STATUS_LABELS,
  type CampaignStatus,
  type MeterKind,
} from "@mieter-portal/contracts";
import {
  campaignExportFileName,
  type MeterCampaignParticipant,
  type StaffMeterCampaignDetail,
} from "@mieter-portal/contracts/staff";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@mieter-portal/ui/alert-dialog";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { BellRing, Camera, Download, TrendingDown } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { campaignQueryOptions, downloadCampaignCsv, useRemindOpen } from "@/features/meter-campaigns/api";
import { STATUS_TONES } from "@/features/meter-campaigns/campaign-form";
import { ReviewDialog } from "@/features/meter-readings/review-dialog";
import { errorMessage } from "@/lib/api-client";
import { formatCalendarDate, formatNumber } from "@/lib/format";
import { METER_LABELS } from "@/lib/labels";
import { useCan } from "@/lib/me";
import { NoReadingsAccess } from "./meter-campaigns";

const ALL_METERS: MeterKind[] = ["water", "electricity", "heating"];
const FIELD = { water: "water_reading", electricity: "electricity_reading", heating: "heating_reading" } as const;
const ORDER: CampaignStatus[] = ["open", "submitted", "accepted", "sent_back"];

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

function ParticipantRow({ participant, meters }: { participant: MeterCampaignParticipant; meters: MeterKind[] }) {
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
        {reading ? (
          <ReviewDialog
            readingId={reading.id}
            tenantName={participant.tenant.name}
            readingDate={reading.reading_date}
          />
        ) : null}
      </td>
    </tr>
  );
}

function ExportButton({ campaign }: { campaign: StaffMeterCampaignDetail }) {
  const [pending, setPending] = useState(false);
  async function onExport() {
    setPending(true);
    try {
      await downloadCampaignCsv(campaign.id, campaignExportFileName(campaign));
    } catch (error) {
      toast({ title: "Export fehlgeschlagen", description: errorMessage(error), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="outline" onClick={onExport} disabled={pending}>
      <Download aria-hidden="true" />
      {pending ? "Wird exportiert…" : "CSV exportieren"}
    </Button>
  );
}

/** "Offene jetzt erinnern": asks first (it mails up to every open tenant), at most once a day (server). */
function RemindOpenButton({ campaign, open }: { campaign: StaffMeterCampaignDetail; open: number }) {
  const remind = useRemindOpen(campaign.id);
  const [asking, setAsking] = useState(false);
  return (
    <AlertDialog open={asking} onOpenChange={setAsking}>
      <Button variant="outline" onClick={() => setAsking(true)} disabled={open === 0 || remind.isPending}>
        <BellRing aria-hidden="true" />
        Offene jetzt erinnern
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Offene jetzt erinnern?</AlertDialogTitle>
          <AlertDialogDescription>
            {open === 1 ? "1 Mieter hat" : `${open} Mieter haben`} noch keinen Zählerstand gemeldet. Wer E-Mails
            bekommt, erhält jetzt die Erinnerung. Das geht einmal am Tag.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Abbrechen</AlertDialogCancel>
          <AlertDialogAction
            disabled={remind.isPending}
            onClick={() =>
              remind.mutate(undefined, {
                onSuccess: (result) =>
                  toast({
                    title: result.mailed === 1 ? "1 Erinnerung gesendet" : `${result.mailed} Erinnerungen gesendet`,
                    description:
                      result.open > result.mailed
                        ? `${result.open - result.mailed} der Offenen bekommen keine E-Mails; sie sehen die Ablesung im Portal.`
                        : undefined,
                  }),
              })
            }
          >
            Erinnerung senden
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function Campaign({ id }: { id: string }) {
  const [filter, setFilter] = useState<CampaignStatus | null>(null);
  const campaign = useQuery(campaignQueryOptions(id));
  const back = { to: paths.meterCampaigns, label: "Zu den Ablesungen" };
  if (campaign.isPending) return <Loading />;
  if (campaign.isError)
    return (
      <>
        <PageHeader title="Ablesung" back={back} />
        <LoadError error={campaign.error} onRetry={() => campaign.refetch()} />
      </>
    );
  const c = campaign.data;
  const meters = metersOf(c);
  const counts = ORDER.map((status) => ({
    status,
    count: c.participants.filter((p) => p.status === status).length,
  }));
  const shown = filter ? c.participants.filter((p) => p.status === filter) : c.participants;
  return (
    <>
      <PageHeader
        title={`Ablesung ${CAMPAIGN_METER_LABELS[c.meter]} · ${c.building.name}`}
        back={back}
        description={
          <>
            {formatCalendarDate(c.starts_on)} bis {formatCalendarDate(c.ends_on)}
            {c.kind === "on_demand" ? " · einzeln angefordert" : ""}
            {c.reason ? ` · Anlass: ${c.reason}` : ""}
          </>
        }
        actions={
          <>
            <RemindOpenButton campaign={c} open={counts.find((x) => x.status === "open")?.count ?? 0} />
            <ExportButton campaign={c} />
          </>
        }
      />
      {/* The counts are the status filter: 4 readings are easy to find among 196 open rows. */}
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">Nach Status filtern</legend>
        {[{ status: null, count: c.participants.length }, ...counts].map(({ status, count }) => (
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
      {c.participants.length === 0 ? (
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
                <ParticipantRow key={p.tenant.id} participant={p} meters={meters} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export function Component() {
  const { id = "" } = useParams();
  useDocumentTitle("Ablesung");
  return useCan("meter_readings") ? <Campaign id={id} /> : <NoReadingsAccess />;
}
