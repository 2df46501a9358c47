import { tenantMeterCampaignList } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";

/** GET /tenant/meter-campaigns: the campaigns that ask the tenant for a reading today (issue 14 §5). */
export const METER_CAMPAIGNS_PATH = "/api/v1/tenant/meter-campaigns";

/** Its cache (persisted for offline use like every read); a new reading refreshes it. */
export const meterCampaignsQueryKey = [METER_CAMPAIGNS_PATH] as const;

const fetchCampaigns = getQueryFn<unknown>({ on401: "throw" });

export function getMeterCampaignsQueryOptions() {
  return queryOptions({
    queryKey: meterCampaignsQueryKey,
    queryFn: async (context) => tenantMeterCampaignList.parse(await fetchCampaigns(context)),
  });
}
