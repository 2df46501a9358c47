import { NEXT_CURSOR_HEADER } from "@mieter-portal/contracts/defaults";
import { type InfiniteData, infiniteQueryOptions, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import { throwIfResNotOk } from "@/lib/api/errors";
import { fetchForQuery, offlineReadError } from "@/lib/api/query-fn";
import { readJson } from "@/lib/api/request";
import { pathFromQueryKey } from "@/lib/api/urls";

/** One page of a paginated list (decision 007): its entities and the next page's cursor, null on the last. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** The cursor of the next page, from the X-Next-Cursor header; null on the last page. */
export function nextCursorOf(res: Response): string | null {
  return res.headers.get(NEXT_CURSOR_HEADER) || null;
}

/** The path of a list page: the query key's path and parameters, plus the page's cursor. */
export function pagePath(queryKey: QueryKey, cursor: string | null): string {
  const path = pathFromQueryKey(queryKey);
  if (!cursor) return path;
  return `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;
}

/**
 * GET of one page of a paginated list, for useInfiniteQuery: path and parameters from the cache
 * key (as getQueryFn), the cursor from the page parameter (null for the first page). The body is
 * the page's array; the next cursor comes from the response header. Offline, or when the network
 * fails, the page already cached under that cursor is the answer; without one the no-data error.
 */
export function getPageQueryFn(resource?: string): QueryFunction<ListPage<unknown>, QueryKey, string | null> {
  return async ({ queryKey, pageParam, signal, client }) => {
    const path = pagePath(queryKey, pageParam);
    const res = await fetchForQuery(path, signal);
    if (!res) {
      const cached = client?.getQueryData<InfiniteData<ListPage<unknown>, string | null>>(queryKey);
      const index = cached ? cached.pageParams.indexOf(pageParam) : -1;
      const page = index >= 0 ? cached?.pages[index] : undefined;
      if (page) return page;
      throw offlineReadError(path, resource);
    }
    await throwIfResNotOk(res);
    // The list's schema checks the items (see lib/paged-list).
    return { items: (await readJson(res)) as unknown[], nextCursor: nextCursorOf(res) };
  };
}

/**
 * Lists read page by page (decision 007): `useInfiniteQuery` with these options loads the first
 * page and, on `fetchNextPage`, the next one behind the X-Next-Cursor of the last.
 *
 * The cache key is `[path, parameters, "pages"]`: the path first, so a change's invalidation of
 * `[path]` refreshes every loaded page (spec: the matching list is refetched), and the marker keeps
 * it apart from the one-page reads of the dashboard and from older app versions' array caches.
 */
export const PAGES_KEY_MARKER = "pages";

export function pagedListKey<const P extends string, const Q extends Record<string, string>>(
  path: P,
  params: Q = {} as Q,
) {
  return [path, params, PAGES_KEY_MARKER] as const;
}

/**
 * `resource`: the German name of what the list holds ('Dokumente'), named by the offline no-data
 * message (spec sections 5 and 8).
 */
export function pagedListQueryOptions<T, const K extends readonly unknown[]>(
  queryKey: K,
  parse: (items: unknown) => T[],
  resource: string,
) {
  const fetchPage = getPageQueryFn(resource);
  return infiniteQueryOptions({
    queryKey,
    queryFn: async (context): Promise<ListPage<T>> => {
      const page = await fetchPage(context);
      return { items: parse(page.items), nextCursor: page.nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<T>) => last.nextCursor ?? undefined,
  });
}

/**
 * The entities of every loaded page in order. A row that moved while the pages were loaded (a
 * conversation with a new reply moves to the top) is shown once, where it appears first.
 */
export function itemsOf<T extends { id: string }>(data: InfiniteData<ListPage<T>, unknown> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
