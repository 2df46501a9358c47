import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useRepair } from "@/features/repairs/api/get-repair";
import { RepairDetail } from "@/features/repairs/components/repair-detail";
import { repairTexts } from "@/features/repairs/texts";
import { ApiRequestError } from "@/lib/api/errors";
import { LoadingState } from "../loading-state";

export function Component() {
  const { id = "" } = useParams();
  const repair = useRepair(id);
  const t = repairTexts.detail;

  const backLink = (
    <Button asChild variant="link" className="justify-self-start px-0">
      <Link to={paths.repairs.path}>
        <ArrowLeft aria-hidden="true" />
        {t.back}
      </Link>
    </Button>
  );

  if (repair.data) {
    return (
      <div className="grid grid-cols-1 gap-2">
        <RepairDetail repair={repair.data} />
        {backLink}
      </div>
    );
  }
  if (repair.isPending) return <LoadingState text={t.loading} />;

  // An unknown or malformed id is "not found", not a failure worth retrying.
  const missing =
    repair.error instanceof ApiRequestError && (repair.error.status === 404 || repair.error.status === 400);
  return (
    <section aria-labelledby="repair-error-title" className="grid grid-cols-1 gap-3">
      <h1 id="repair-error-title" className="text-2xl font-bold">
        {paths.repairs.title}
      </h1>
      <QueryErrorAlert
        error={repair.error}
        title={missing ? t.notFound : t.loadError}
        onRetry={missing ? undefined : () => void repair.refetch()}
      />
      {backLink}
    </section>
  );
}
