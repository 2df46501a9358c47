import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import { paths } from "@/config/paths";
import { getServicesQueryOptions } from "@/features/services/api/get-services";
import { ReportForm } from "@/features/services/components/report-form";
import { serviceTexts } from "@/features/services/texts";
import { LoadingState } from "../loading-state";

/** "Leistung fehlt" (issue 27 §3): the services to choose from are the house's (read from the cache offline). */
export function Component() {
  const services = useQuery({ ...getServicesQueryOptions(), meta: { silent: true } });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="service-report-title" className="grid grid-cols-1 gap-4">
      <h1 id="service-report-title" className="text-2xl font-bold">
        {paths.serviceReport.title}
      </h1>
      {services.isPending ? (
        <LoadingState text={serviceTexts.loading} />
      ) : services.isError ? (
        <QueryErrorAlert
          error={services.error}
          title={serviceTexts.loadError}
          onRetry={() => void services.refetch()}
        />
      ) : services.data.services.length === 0 ? (
        <p>{serviceTexts.empty}</p>
      ) : (
        <ReportForm
          services={services.data.services}
          initialServiceId={params.get("service") ?? undefined}
          onSent={() => void navigate(paths.services.path)}
        />
      )}
    </section>
  );
}
