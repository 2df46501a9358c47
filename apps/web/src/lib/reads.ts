import type { QueryFunction } from "@tanstack/react-query";
import { getQueryFn } from "./api/query-fn";

/**
 * One read, declared in its feature's `api/` folder beside its query key (decision 021): what it
 * is in German ('Dokumente') and the answer's schema from packages/contracts. The query function
 * reads the path of the query's key, parses the answer (the data is typed) and, offline without a
 * cached copy, fails with the no-data message naming the resource (spec sections 5 and 8).
 * Paginated lists name theirs the same way (lib/paged-list, `pagedListQueryOptions`).
 */
export function defineRead<R>({
  resource,
  response,
}: {
  resource: string;
  response: { parse(data: unknown): R };
}): QueryFunction<R> {
  const read = getQueryFn<unknown>({ on401: "throw", resource });
  return async (context) => response.parse(await read(context));
}
