import { inboxPage } from "@mieter-portal/contracts/staff";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiGet, queryString } from "@/lib/api-client";
import { filtersToApiQuery, type InboxFilters } from "./filters";

export const INBOX_PAGE_SIZE = 50;

export const inboxQueryOptions = (filters: InboxFilters) => {
  const query = filtersToApiQuery(filters);
  return infiniteQueryOptions({
    queryKey: ["staff", "inbox", query],
    queryFn: ({ pageParam, signal }) =>
      apiGet(`/staff/inbox${queryString({ ...query, limit: INBOX_PAGE_SIZE, cursor: pageParam })}`, inboxPage, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: 60_000,
  });
};
