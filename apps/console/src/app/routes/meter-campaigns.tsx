import { CAMPAIGN_METER_LABELS } from "@mieter-portal/contracts";
import type { StaffMeterCampaign } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { Button } from "@mieter-portal/ui/button";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Gauge } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { BuildingFilter } from "@/components/building-filter";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { campaignsQueryOptions } from "@/features/meter-campaigns/api";
import { StartCampaignDialog } from "@/features/meter-campaigns/components/start-campaign-dialog";
import { berlinDate } from "@/lib/berlin-time";
import { formatCalendarDate } from "@/lib/format";
import { useCan } from "@/lib/me";
import { withSearchParam } from "@/lib/search-params";
import { buildingsQueryOptions } from "@/lib/shared-queries";

function phase(campaign: StaffMeterCampaign, today: string) {
  if (today < campaign.starts_on) return { label: "Geplant", tone: "neutral" as const };
  if (today > campaign.ends_on) return { label: "Beendet", tone: "neutral" as const };
  return { label: "Läuft", tone: "success" as const };
}

function CampaignRow({ campaign, today }: { campaign: StaffMeterCampaign; today: string }) {
  const state = phase(campaign, today);
  return (
    <tr className="border-b border-border last:border-b-0" data-testid="meter-campaign-row">
      <th scope="row" className="py-3 pr-3 text-left font-medium">
        <Link to={paths.meterCampaign(campaign.id)} className="text-link underline">
          {campaign.building.name} · {CAMPAIGN_METER_LABELS[campaign.meter]}
        </Link>
        {campaign.kind === "on_demand" ? (
          <span className="block text-xs font-normal text-muted-foreground">
            Einzeln{campaign.reason ? `: ${campaign.reason}` : ""}
          </span>
        ) : campaign.reason ? (
          <span className="block text-xs font-normal text-muted-foreground">{campaign.reason}</span>
        ) : null}
      </th>
      <td className="py-3 pr-3 whitespace-nowrap">
        {formatCalendarDate(campaign.starts_on)} – {formatCalendarDate(campaign.ends_on)}
      </td>
      <td className="py-3 pr-3">
        <Badge tone={state.tone}>{state.label}</Badge>
      </td>
      <td className="py-3 text-right tabular-nums whitespace-nowrap">
        {campaign.submitted_count} von {campaign.participant_count}
      </td>
    </tr>
  );
}

/** Hausmeister do not see meter readings (the server refuses them too). */
export function NoReadingsAccess() {
  return (
    <>
      <PageHeader title="Kein Zugriff" />
      <p className="text-sm">Ablesungen sehen Administratoren und Verwalter.</p>
    </>
  );
}

export function Component() {
  useDocumentTitle("Ablesungen");
  return useCan("meter_readings") ? <Campaigns /> : <NoReadingsAccess />;
}

function Campaigns() {
  const [search, setSearch] = useSearchParams();
  const building = search.get("gebaeude");
  const buildings = useQuery(buildingsQueryOptions());
  const campaigns = useInfiniteQuery(campaignsQueryOptions(building));
  const items = campaigns.data?.pages.flatMap((p) => p.items) ?? [];
  const onlyBuilding = buildings.data?.length === 1 ? buildings.data[0]?.id : undefined;
  const today = berlinDate(new Date());

  return (
    <>
      <PageHeader
        title="Ablesungen"
        description="Zählerablesungen je Gebäude und Zähler: wer gemeldet hat, Prüfung und Export für die Nebenkostenabrechnung."
        actions={
          <StartCampaignDialog
            defaultBuilding={building ?? onlyBuilding}
            trigger={(open) => (
              <Button onClick={open}>
                <Gauge aria-hidden="true" />
                Ablesung starten
              </Button>
            )}
          />
        }
      />
      <search
        aria-label="Ablesungen filtern"
        className="mb-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
      >
        <BuildingFilter
          allLabel="Alle, die ich sehe"
          value={building}
          onChange={(id) => setSearch(withSearchParam(search, "gebaeude", id))}
        />
      </search>
      {campaigns.isPending ? (
        <Loading />
      ) : campaigns.isError ? (
        <LoadError error={campaigns.error} onRetry={() => campaigns.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>Noch keine Ablesungen.</EmptyState>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-border bg-card px-4">
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">Ablesungen, neueste zuerst</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Gebäude und Zähler
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Zeitraum
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Stand
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Gemeldet
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} today={today} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {campaigns.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={campaigns.isFetchingNextPage} onClick={() => campaigns.fetchNextPage()}>
            {campaigns.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
