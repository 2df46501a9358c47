import { type InfiniteData, infiniteQueryOptions } from "@tanstack/react-query";
import { getPageQueryFn, type ListPage } from "./api-client";

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

const fetchPage = getPageQueryFn();

export function pagedListQueryOptions<T, const K extends readonly unknown[]>(
  queryKey: K,
  parse: (items: unknown) => T[],
) {
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
