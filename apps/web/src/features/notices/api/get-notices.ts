import { tenantNoticeList } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { pagedListKey, pagedListQueryOptions } from "@/lib/paged-list";
import { defineRead } from "@/lib/reads";
import { DASHBOARD_NOTICE_COUNT, noticeTexts } from "../texts";

/**
 * GET /tenant/notices: the current notices of the tenant's building and those for all, newest first.
 * The dashboard's read: the first page of current notices, one more than it shows (so it knows
 * whether there are more). Cached (and persisted for offline use) like every read.
 */
export const dashboardNoticesQueryKey = [apiPaths.notices, { limit: String(DASHBOARD_NOTICE_COUNT + 1) }] as const;

const readNotices = defineRead({ resource: noticeTexts.resource, response: tenantNoticeList });

export function getDashboardNoticesQueryOptions() {
  return queryOptions({
    queryKey: dashboardNoticesQueryKey,
    queryFn: readNotices,
  });
}

/** The list page: every current notice, page by page (decision 007). */
export const noticesQueryKey = pagedListKey(apiPaths.notices);

export function getNoticesQueryOptions() {
  return pagedListQueryOptions(noticesQueryKey, (items) => tenantNoticeList.parse(items), noticeTexts.resource);
}

/** What a change of a notice refreshes: every notices read (the dashboard's and the list's). */
export const noticeQueriesToRefresh = () => [[apiPaths.notices]];
