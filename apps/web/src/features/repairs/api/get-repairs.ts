import { repairList } from "@mieter-portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

export const repairsQueryKey = ["/api/v1/tenant/repairs"] as const;

const fetchRepairs = getQueryFn<unknown>({ on401: "throw" });

/** GET repairs: newest report first, each with photos and its status history. */
export function getRepairsQueryOptions() {
  return queryOptions({
    queryKey: repairsQueryKey,
    queryFn: async (context) => repairList.parse(await fetchRepairs(context)),
  });
}

export function useRepairs() {
  return useQuery({ ...getRepairsQueryOptions(), meta: { silent: true } });
}
