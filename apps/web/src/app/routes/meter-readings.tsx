import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { LoadMore } from "@/components/load-more/load-more";
import { PendingChanges } from "@/components/offline/pending-changes";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import * as apiPaths from "@/config/api-paths";
import { paths } from "@/config/paths";
import { useSessionUser } from "@/features/auth/components/auth-provider";
import { getMeterReadingsQueryOptions } from "@/features/meter-readings/api/get-meter-readings";
import { MeterReadingForm } from "@/features/meter-readings/components/meter-reading-form";
import { MeterReadingHistory } from "@/features/meter-readings/components/meter-reading-history";
import { ReadingWindowBanner } from "@/features/meter-readings/components/reading-window-banner";
import { meterTexts } from "@/features/meter-readings/texts";
import { itemsOf } from "@/lib/paged-list";
import { LoadingState } from "../loading-state";

export function Component() {
  const user = useSessionUser();
  const readings = useInfiniteQuery({ ...getMeterReadingsQueryOptions(), meta: { silent: true } });
  const items = useMemo(() => itemsOf(readings.data), [readings.data]);
  const t = meterTexts.history;

  return (
    <section aria-labelledby="meter-readings-title" className="grid grid-cols-1 gap-4">
      <h1 id="meter-readings-title" className="text-2xl font-bold">
        {paths.meterReadings.title}
      </h1>
      <ReadingWindowBanner />
      <MeterReadingForm userId={user.id} readings={items} />
      <PendingChanges urlPrefix={apiPaths.meterReadings} />
      {readings.isPending ? (
        <LoadingState text={t.loading} />
      ) : readings.isError && !readings.isFetchNextPageError ? (
        <QueryErrorAlert
          error={readings.error}
          title={t.loadError}
          advice={t.loadErrorAdvice}
          onRetry={() => void readings.refetch()}
        />
      ) : (
        <MeterReadingHistory readings={items} more={<LoadMore query={readings} />} />
      )}
    </section>
  );
}
