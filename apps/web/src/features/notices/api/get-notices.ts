import { tenantNoticeList } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api/query-fn";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";
import { DASHBOARD_NOTICE_COUNT } from "../texts";

/** GET /tenant/notices: the current notices of the tenant's building and those for all, newest first. */
export const NOTICES_PATH = "/api/v1/tenant/notices";

/**
 * The dashboard's read: the first page of current notices, one more than it shows (so it knows
 * whether there are more). Cached (and persisted for offline use) like every read.
 */
export const dashboardNoticesQueryKey = [NOTICES_PATH, { limit: String(DASHBOARD_NOTICE_COUNT + 1) }] as const;

const fetchNotices = getQueryFn<unknown>({ on401: "throw" });

export function getDashboardNoticesQueryOptions() {
  return queryOptions({
    queryKey: dashboardNoticesQueryKey,
    queryFn: async (context) => tenantNoticeList.parse(await fetchNotices(context)),
  });
}

/** The list page: every current notice, page by page (decision 007). */
export const noticesQueryKey = pagedListKey(NOTICES_PATH);

export function getNoticesQueryOptions() {
  return pagedListQueryOptions(noticesQueryKey, (items) => tenantNoticeList.parse(items));
}

/** What a change of a notice refreshes: every notices read (the dashboard's and the list's). */
export const noticeQueriesToRefresh = () => [[NOTICES_PATH]];
