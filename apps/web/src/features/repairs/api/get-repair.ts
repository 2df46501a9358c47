import { repair } from "@mieter-portal/contracts";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { itemsOf } from "@/lib/paged-list";
import { defineRead } from "@/lib/reads";
import { repairTexts } from "../texts";
import { getRepairsQueryOptions } from "./get-repairs";

export const repairQueryKey = (id: string) => [apiPaths.repair(id)] as const;

const readRepair = defineRead({ resource: repairTexts.resource, response: repair });

/** GET repairs/{id}: one repair with photos and status history. */
export function getRepairQueryOptions(id: string) {
  return queryOptions({
    queryKey: repairQueryKey(id),
    queryFn: readRepair,
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
