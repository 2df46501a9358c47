import { meterReadingList } from "@mieter-portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

export const meterReadingsQueryKey = ["/api/v1/tenant/meter-readings"] as const;

const fetchMeterReadings = getQueryFn<unknown>({ on401: "throw" });

/** GET meter-readings: the tenant's readings, newest reading date first, with photo metadata. */
export function getMeterReadingsQueryOptions() {
  return queryOptions({
    queryKey: meterReadingsQueryKey,
    queryFn: async (context) => meterReadingList.parse(await fetchMeterReadings(context)),
  });
}

export function useMeterReadings() {
  return useQuery(getMeterReadingsQueryOptions());
}
