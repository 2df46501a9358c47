import { CAMPAIGN_METER_LABELS } from "@mieter-portal/contracts";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { campaignQueryOptions } from "@/features/meter-campaigns/api";
import { ExportButton, RemindOpenButton } from "@/features/meter-campaigns/components/campaign-actions";
import { ParticipantList, statusCounts } from "@/features/meter-campaigns/components/participant-list";
import { ReviewDialog } from "@/features/meter-readings/components/review-dialog";
import { formatCalendarDate } from "@/lib/format";
import { useCan } from "@/lib/me";
import { NoReadingsAccess } from "./meter-campaigns";

function Campaign({ id }: { id: string }) {
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
  const open = statusCounts(c).find((x) => x.status === "open")?.count ?? 0;
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
            <RemindOpenButton campaign={c} open={open} />
            <ExportButton campaign={c} />
          </>
        }
      />
      <ParticipantList campaign={c} review={(reading) => <ReviewDialog {...reading} />} />
    </>
  );
}

export function Component() {
  const { id = "" } = useParams();
  useDocumentTitle("Ablesung");
  return useCan("meter_readings") ? <Campaign id={id} /> : <NoReadingsAccess />;
}
