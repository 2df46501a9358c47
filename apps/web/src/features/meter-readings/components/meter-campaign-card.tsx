import type { TenantMeterCampaign } from "@mieter-portal/contracts";
import { CircleCheck, Gauge } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { formatShortDate } from "@/lib/format";
import { campaignTexts } from "../campaign-texts";

function CampaignItem({ campaign }: { campaign: TenantMeterCampaign }) {
  const done = campaign.status === "submitted" || campaign.status === "accepted";
  return (
    <li className="grid gap-1" data-testid="meter-campaign" data-status={campaign.status}>
      <p className="font-medium break-words">{campaignTexts.what(campaign.meter, campaign.reason)}</p>
      <p className="text-sm text-muted-foreground">
        {campaignTexts.period(formatShortDate(campaign.starts_on), formatShortDate(campaign.ends_on))}
      </p>
      {done ? (
        <p className="flex items-center gap-1.5 text-sm text-success-soft-foreground">
          <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
          {campaignTexts.done}
        </p>
      ) : campaign.status === "sent_back" ? (
        <p className="text-sm">{campaignTexts.sentBack}</p>
      ) : (
        <p className="text-sm">{campaignTexts.due(formatShortDate(campaign.ends_on))}</p>
      )}
    </li>
  );
}

/**
 * The dashboard's card while the management asks for a meter reading (a campaign's period runs):
 * what, until when, and the way to the form. Nothing when no campaign runs.
 */
export function MeterCampaignCard({
  campaigns,
  meterReadingsPath,
}: {
  campaigns: TenantMeterCampaign[];
  meterReadingsPath: string;
}) {
  if (campaigns.length === 0) return null;
  const open = campaigns.some((c) => c.status === "open" || c.status === "sent_back");
  return (
    <Card aria-labelledby="meter-campaign-title" data-testid="meter-campaign-card">
      <CardHeader>
        <CardTitle id="meter-campaign-title" className="flex items-center gap-2">
          <Gauge className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {campaignTexts.title}
        </CardTitle>
      </CardHeader>
      <ul className="grid grid-cols-1 gap-3">
        {campaigns.map((campaign) => (
          <CampaignItem key={campaign.id} campaign={campaign} />
        ))}
      </ul>
      {open ? (
        <Button asChild className="mt-4 w-full sm:w-auto">
          <Link to={meterReadingsPath}>{campaignTexts.action}</Link>
        </Button>
      ) : null}
    </Card>
  );
}
