import { Button } from "@mieter-portal/ui/button";
import { useQuery } from "@tanstack/react-query";
import { CalendarDays } from "lucide-react";
import { Link, useParams } from "react-router";
import { LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { paths } from "@/config/paths";
import { PlansSection } from "@/features/services/components/plan-list";
import { ProofDownloads } from "@/features/services/components/proof-downloads";
import { RatingsSection } from "@/features/services/components/ratings";
import { SiteForm } from "@/features/services/components/site-form";
import { SERVICES_TEXTS } from "@/features/services/texts";
import { buildingsQueryOptions } from "@/lib/shared-queries";

/** One building's Hausdienste: its plans, the proof documents, the tenants' ratings, and where the house is. */
export function Component() {
  useDocumentTitle(SERVICES_TEXTS.title);
  return (
    <RequireCapability capability="service_plans">
      <BuildingServices />
    </RequireCapability>
  );
}

function BuildingServices() {
  const { id = "" } = useParams();
  const buildings = useQuery(buildingsQueryOptions());
  if (buildings.isPending) return <Loading />;
  if (buildings.isError) return <LoadError error={buildings.error} onRetry={() => buildings.refetch()} />;
  const building = buildings.data.find((b) => b.id === id);
  if (!building)
    return (
      <>
        <PageHeader title={SERVICES_TEXTS.title} back={{ to: paths.services, label: SERVICES_TEXTS.title }} />
        <p className="text-sm">Dieses Gebäude gibt es nicht, oder es ist Ihnen nicht zugeordnet.</p>
      </>
    );
  return (
    <>
      <PageHeader
        title={`Hausdienste: ${building.name}`}
        description={building.address}
        back={{ to: paths.services, label: SERVICES_TEXTS.title }}
        actions={
          <Button asChild variant="outline">
            <Link to={paths.servicesWeek(building.id)}>
              <CalendarDays aria-hidden="true" />
              Wochenübersicht
            </Link>
          </Button>
        }
      />
      <div className="grid gap-4">
        <PlansSection buildingId={building.id} />
        <ProofDownloads buildingId={building.id} buildingName={building.name} />
        <RatingsSection buildingId={building.id} />
        <Section title="Lage des Hauses" headingId="site-heading">
          <SiteForm buildingId={building.id} />
        </Section>
      </div>
    </>
  );
}
