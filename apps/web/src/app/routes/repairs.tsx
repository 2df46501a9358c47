import { useMemo } from "react";
import { LoadMore } from "@/components/load-more/load-more";
import { PendingChanges } from "@/components/offline/pending-changes";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import * as apiPaths from "@/config/api-paths";
import { paths } from "@/config/paths";
import { useSessionUser } from "@/features/auth/components/auth-provider";
import { useRepairs } from "@/features/repairs/api/get-repairs";
import { RepairForm } from "@/features/repairs/components/repair-form";
import { RepairLists } from "@/features/repairs/components/repair-lists";
import { repairTexts } from "@/features/repairs/texts";
import { useBrand } from "@/lib/brand";
import { itemsOf } from "@/lib/paged-list";
import { LoadingState } from "../loading-state";

export function Component() {
  const user = useSessionUser();
  const brand = useBrand();
  const repairs = useRepairs();
  const items = useMemo(() => itemsOf(repairs.data), [repairs.data]);
  const t = repairTexts.list;

  return (
    <section aria-labelledby="repairs-title" className="grid grid-cols-1 gap-4">
      <h1 id="repairs-title" className="text-2xl font-bold">
        {paths.repairs.title}
      </h1>
      <RepairForm userId={user.id} emergencyHotline={brand.emergencyHotline} />
      <PendingChanges urlPrefix={apiPaths.repairs} />
      {repairs.isPending ? (
        <LoadingState text={t.loading} />
      ) : repairs.isError && !repairs.isFetchNextPageError ? (
        <QueryErrorAlert
          error={repairs.error}
          title={t.loadError}
          advice={t.loadErrorAdvice}
          onRetry={() => void repairs.refetch()}
        />
      ) : (
        <>
          <RepairLists repairs={items} />
          <LoadMore query={repairs} />
        </>
      )}
    </section>
  );
}
