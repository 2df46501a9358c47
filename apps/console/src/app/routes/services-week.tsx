import { addDays } from "@mieter-portal/contracts";
import { Button } from "@mieter-portal/ui/button";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router";
import { PageHeader, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { paths } from "@/config/paths";
import { WeekOverview } from "@/features/services/components/week-overview";
import { useNow } from "@/features/services/now";
import { SERVICES_TEXTS } from "@/features/services/texts";
import { weekFromSearch } from "@/features/services/week";
import { berlinDate } from "@/lib/berlin-time";
import { formatCalendarDate } from "@/lib/format";
import { useCan } from "@/lib/me";
import { buildingsQueryOptions } from "@/lib/shared-queries";

/** A building's Einsätze week by week: geplant, läuft, erledigt, versäumt. */
export function Component() {
  useDocumentTitle(`${SERVICES_TEXTS.title}: Woche`);
  return (
    <RequireCapability capability="service_visits">
      <Week />
    </RequireCapability>
  );
}

function Week() {
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const now = useNow();
  const canPlan = useCan("service_plans");
  const monday = weekFromSearch(search.get("woche"), berlinDate(now));
  // The building's name only titles the page: the Einsätze show without it (a crew role may not list buildings).
  const buildings = useQuery(buildingsQueryOptions());
  const building = buildings.data?.find((b) => b.id === id);
  const back = canPlan && building ? paths.servicesBuilding(building.id) : paths.services;
  return (
    <>
      <PageHeader
        title={`Einsätze: ${building?.name ?? "Gebäude"}`}
        description={`Woche vom ${formatCalendarDate(monday)} bis ${formatCalendarDate(addDays(monday, 6))}`}
        back={{ to: back, label: canPlan && building ? `Hausdienste: ${building.name}` : SERVICES_TEXTS.title }}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.servicesWeek(id, addDays(monday, -7))}>
                <ChevronLeft aria-hidden="true" />
                Vorige Woche
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.servicesWeek(id, addDays(monday, 7))}>
                Nächste Woche
                <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          </>
        }
      />
      <WeekOverview buildingId={id} monday={monday} now={now} withReports={canPlan} />
    </>
  );
}
