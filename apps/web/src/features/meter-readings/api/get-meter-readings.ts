import { meterReadingList } from "@mieter-portal/contracts";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";

const METER_READINGS_PATH = "/api/v1/tenant/meter-readings";

/** Prefix of the history's cache: a new submission refreshes it. */
export const meterReadingsQueryKey = [METER_READINGS_PATH] as const;

/** GET meter-readings: the tenant's readings, newest reading date first, with photo metadata, page by page. */
export function getMeterReadingsQueryOptions() {
  return pagedListQueryOptions(pagedListKey(METER_READINGS_PATH), (items) => meterReadingList.parse(items));
}
