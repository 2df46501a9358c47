import { meterReadingList } from "@mieter-portal/contracts";
import * as apiPaths from "@/config/api-paths";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";
import { meterTexts } from "../texts";

/** Prefix of the history's cache: a new submission refreshes it. */
export const meterReadingsQueryKey = [apiPaths.meterReadings] as const;

/** GET meter-readings: the tenant's readings, newest reading date first, with photo metadata, page by page. */
export function getMeterReadingsQueryOptions() {
  return pagedListQueryOptions(
    pagedListKey(apiPaths.meterReadings),
    (items) => meterReadingList.parse(items),
    meterTexts.resource,
  );
}
