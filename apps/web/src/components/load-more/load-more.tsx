import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { OfflineDataUnavailableError } from "@/lib/api/query-fn";
import { loadMoreTexts } from "./texts";

type PagedQuery = Pick<
  UseInfiniteQueryResult<InfiniteData<{ items: unknown[] }, unknown>, Error>,
  "data" | "hasNextPage" | "isFetching" | "isFetchingNextPage" | "isFetchNextPageError" | "error" | "fetchNextPage"
>;

/** Loads the next page a little before the button is reached while scrolling. */
const PRELOAD_MARGIN = "200px 0px";

/**
 * Under a paged list (decision 007): a 'Weitere laden' button that also loads by itself when it
 * scrolls into view (IntersectionObserver). It is a real button, so keyboard and screen-reader
 * users load on demand; loading and failures are announced politely. A failed page is not retried
 * by itself (offline it would fail again at once); the button tries again. Nothing on the last page.
 */
export function LoadMore({ query }: { query: PagedQuery }) {
  const { hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError, error, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);
  const fetchNext = useRef(fetchNextPage);
  fetchNext.current = fetchNextPage;
  // Not while any fetch runs: a refetch of the loaded pages must finish first, then it looks again.
  const automatic = hasNextPage && !isFetching && !isFetchNextPageError;
  const loadedPages = query.data?.pages.length ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadedPages re-observes after every page
  useEffect(() => {
    const element = sentinel.current;
    if (!automatic || !element || typeof IntersectionObserver === "undefined") return;
    // A new observer for every page: it reports at once whether the button is still in view.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetchNext.current({ cancelRefetch: false });
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [automatic, loadedPages]);

  if (!hasNextPage) return null;
  const failure = !isFetchNextPageError
    ? ""
    : error instanceof OfflineDataUnavailableError
      ? error.message
      : loadMoreTexts.failed;
  return (
    <div ref={sentinel} className="grid justify-items-center gap-2 py-2" data-testid="load-more">
      <p role="status" aria-live="polite" className="text-center text-sm text-muted-foreground empty:hidden">
        {isFetchingNextPage ? loadMoreTexts.loading : failure}
      </p>
      <Button
        type="button"
        variant="outline"
        onClick={() => void fetchNextPage()}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage || undefined}
      >
        {isFetchingNextPage ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
        {loadMoreTexts.button}
      </Button>
    </div>
  );
}
