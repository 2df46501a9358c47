import { tenantMeterCampaignList } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { defineRead } from "@/lib/reads";
import { meterTexts } from "../texts";

/**
 * GET /tenant/meter-campaigns: the campaigns that ask the tenant for a reading today (issue 14 §5).
 * Its cache (persisted for offline use like every read); a new reading refreshes it.
 */
export const meterCampaignsQueryKey = [apiPaths.meterCampaigns] as const;

const readCampaigns = defineRead({ resource: meterTexts.resource, response: tenantMeterCampaignList });

export function getMeterCampaignsQueryOptions() {
  return queryOptions({
    queryKey: meterCampaignsQueryKey,
    queryFn: readCampaigns,
  });
}
