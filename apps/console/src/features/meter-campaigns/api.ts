import {
  type MeterCampaignCreate,
  meterCampaignRemindResult,
  staffMeterCampaignDetail,
  staffMeterCampaignPage,
} from "@mieter-portal/contracts/staff";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiBlob, apiGet, apiPost, queryString } from "@/lib/api-client";

/** Campaigns of my buildings (or one of them), newest period first. */
export const campaignsQueryOptions = (building: string | null) =>
  infiniteQueryOptions({
    queryKey: ["staff", "meter_campaigns", "list", { building }],
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `/staff/meter-campaigns${queryString({ building_id: building, limit: 50, cursor: pageParam })}`,
        staffMeterCampaignPage,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** One campaign with every tenant asked. */
export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "meter_campaigns", "detail", id],
    queryFn: ({ signal }) => apiGet(`/staff/meter-campaigns/${id}`, staffMeterCampaignDetail, { signal }),
  });

export function useStartCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "meter_campaigns", "start"],
    mutationFn: (body: MeterCampaignCreate) => apiPost("/staff/meter-campaigns", staffMeterCampaignDetail, body),
    meta: { inlineErrors: true },
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignQueryOptions(campaign.id).queryKey, campaign);
      return queryClient.invalidateQueries({ queryKey: ["staff", "meter_campaigns", "list"] });
    },
  });
}

/** "Offene jetzt erinnern": the reminder mail now to everyone who has not submitted (once a day). */
export function useRemindOpen(id: string) {
  return useMutation({
    mutationKey: ["staff", "meter_campaigns", "remind", id],
    mutationFn: () => apiPost(`/staff/meter-campaigns/${id}/remind`, meterCampaignRemindResult),
  });
}

/** Downloads the campaign's CSV (it needs the bearer header, so not a plain link). */
export async function downloadCampaignCsv(id: string, filename: string): Promise<void> {
  const blob = await apiBlob(`/staff/meter-campaigns/${id}/export`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
