import { repairList } from "@mieter-portal/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";

const REPAIRS_PATH = "/api/v1/tenant/repairs";

/** Prefix of the repairs list's cache: a new report refreshes it. */
export const repairsQueryKey = [REPAIRS_PATH] as const;

/** GET repairs: newest report first, each with photos and its status history, page by page. */
export function getRepairsQueryOptions() {
  return pagedListQueryOptions(pagedListKey(REPAIRS_PATH), (items) => repairList.parse(items));
}

export function useRepairs() {
  return useInfiniteQuery({ ...getRepairsQueryOptions(), meta: { silent: true } });
}
