import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { LoadMore } from "@/components/load-more/load-more";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import { paths } from "@/config/paths";
import { getNoticesQueryOptions } from "@/features/notices/api/get-notices";
import { NoticeList } from "@/features/notices/components/notice-list";
import { noticeTexts } from "@/features/notices/texts";
import { itemsOf } from "@/lib/paged-list";
import { LoadingState } from "../loading-state";

/** Aushänge (issue 14 §4): the current notices of the tenant's house and those for all houses. */
export function Component() {
  const notices = useInfiniteQuery({ ...getNoticesQueryOptions(), meta: { silent: true } });
  const items = useMemo(() => itemsOf(notices.data), [notices.data]);
  return (
    <section aria-labelledby="notices-title" className="grid grid-cols-1 gap-4">
      <h1 id="notices-title" className="text-2xl font-bold">
        {paths.notices.title}
      </h1>
      {notices.isPending ? (
        <LoadingState text={noticeTexts.loading} />
      ) : notices.isError && !notices.isFetchNextPageError ? (
        <QueryErrorAlert error={notices.error} title={noticeTexts.loadError} onRetry={() => void notices.refetch()} />
      ) : (
        <>
          <NoticeList notices={items} />
          <LoadMore query={notices} />
        </>
      )}
    </section>
  );
}
