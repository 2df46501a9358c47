import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState, LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { paths } from "@/config/paths";
import { CatalogueSection } from "@/features/services/components/catalogue";
import { SERVICES_TEXTS } from "@/features/services/texts";
import { useCan } from "@/lib/me";
import { buildingsQueryOptions } from "@/lib/shared-queries";

/** Hausdienste: the buildings (plans and proof, the week's Einsätze) and the services' catalogue. */
export function Component() {
  useDocumentTitle(SERVICES_TEXTS.title);
  return (
    <RequireCapability capability="service_visits">
      <Services />
    </RequireCapability>
  );
}

function Services() {
  const canPlan = useCan("service_plans");
  const buildings = useQuery(buildingsQueryOptions());
  return (
    <>
      <PageHeader title={SERVICES_TEXTS.title} description={SERVICES_TEXTS.intro} />
      <div className="grid gap-4">
        <Section title="Gebäude" headingId="buildings-heading">
          {buildings.isPending ? (
            <Loading />
          ) : buildings.isError ? (
            <LoadError error={buildings.error} onRetry={() => buildings.refetch()} />
          ) : buildings.data.length === 0 ? (
            <EmptyState>{SERVICES_TEXTS.noBuildings}</EmptyState>
          ) : (
            <ul className="grid divide-y divide-border">
              {buildings.data.map((b) => (
                <li key={b.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium break-words">{b.name}</span>
                    <span className="text-sm text-muted-foreground break-words">{b.address}</span>
                  </div>
                  <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    {canPlan ? (
                      <Link
                        to={paths.servicesBuilding(b.id)}
                        aria-label={`Pläne und Nachweise: ${b.name}`}
                        className="text-link underline"
                      >
                        Pläne und Nachweise
                      </Link>
                    ) : null}
                    <Link
                      to={paths.servicesWeek(b.id)}
                      aria-label={`Wochenübersicht: ${b.name}`}
                      className="text-link underline"
                    >
                      Wochenübersicht
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Section>
        {canPlan ? <CatalogueSection /> : null}
      </div>
    </>
  );
}
