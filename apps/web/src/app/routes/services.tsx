import { useQuery } from "@tanstack/react-query";
import { MessageSquareWarning } from "lucide-react";
import { Link } from "react-router";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { getServicesQueryOptions } from "@/features/services/api/get-services";
import { ServiceCard } from "@/features/services/components/service-card";
import { serviceTexts } from "@/features/services/texts";
import { LoadingState } from "../loading-state";

/** Hausdienste (issue 27 §3): each service of the house, when it was last done and next planned. */
export function Component() {
  const services = useQuery({ ...getServicesQueryOptions(), meta: { silent: true } });
  return (
    <section aria-labelledby="services-title" className="grid grid-cols-1 gap-4">
      <h1 id="services-title" className="text-2xl font-bold">
        {paths.services.title}
      </h1>
      {services.isPending ? (
        <LoadingState text={serviceTexts.loading} />
      ) : services.isError ? (
        <QueryErrorAlert
          error={services.error}
          title={serviceTexts.loadError}
          onRetry={() => void services.refetch()}
        />
      ) : (
        <>
          <p className="text-muted-foreground">{serviceTexts.intro(services.data.building_name)}</p>
          {services.data.services.length > 0 ? (
            <Button asChild variant="outline" className="justify-self-start">
              <Link to={paths.serviceReport.path}>
                <MessageSquareWarning aria-hidden="true" />
                {serviceTexts.reportLink}
              </Link>
            </Button>
          ) : null}
          {services.data.services.length === 0 ? (
            <p>{serviceTexts.empty}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {services.data.services.map((service) => (
                <li key={service.service_kind_id} className="min-w-0">
                  <ServiceCard service={service} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
