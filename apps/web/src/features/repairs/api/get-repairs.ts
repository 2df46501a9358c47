import { repairList } from "@mieter-portal/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";
import { repairTexts } from "../texts";

/** Prefix of the repairs list's cache: a new report refreshes it. */
export const repairsQueryKey = [apiPaths.repairs] as const;

/** GET repairs: newest report first, each with photos and its status history, page by page. */
export function getRepairsQueryOptions() {
  return pagedListQueryOptions(
    pagedListKey(apiPaths.repairs),
    (items) => repairList.parse(items),
    repairTexts.resource,
  );
}

export function useRepairs() {
  return useInfiniteQuery({ ...getRepairsQueryOptions(), meta: { silent: true } });
}
