import { repair } from "@mieter-portal/contracts";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";
import { itemsOf } from "@/lib/paged-list";
import { getRepairsQueryOptions } from "./get-repairs";

export const repairQueryKey = (id: string) => [`/api/v1/tenant/repairs/${encodeURIComponent(id)}`] as const;

const fetchRepair = getQueryFn<unknown>({ on401: "throw" });

/** GET repairs/{id}: one repair with photos and status history. */
export function getRepairQueryOptions(id: string) {
  return queryOptions({
    queryKey: repairQueryKey(id),
    queryFn: async (context) => repair.parse(await fetchRepair(context)),
  });
}

/** The detail, shown at once from the list's loaded pages when it is there, and fetched fresh. */
export function useRepair(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getRepairQueryOptions(id),
    meta: { silent: true },
    placeholderData: () =>
      itemsOf(queryClient.getQueryData(getRepairsQueryOptions().queryKey)).find((item) => item.id === id),
  });
}
