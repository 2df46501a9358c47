import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { paths } from "@/config/paths";
import { missedVisitQueryOptions } from "@/features/services/api/missed";
import { MissedVisit } from "@/features/services/components/missed-visit";
import { mondayOf } from "@/features/services/week";

/** A missed Einsatz, opened from the Eingang (issue 27 §4). */
export function Component() {
  useDocumentTitle("Einsatz verpasst");
  return (
    <RequireCapability capability="service_plans">
      <Missed />
    </RequireCapability>
  );
}

function Missed() {
  const { id = "" } = useParams();
  const visit = useQuery(missedVisitQueryOptions(id));
  if (visit.isPending) return <Loading />;
  if (visit.isError) return <LoadError error={visit.error} onRetry={() => visit.refetch()} />;
  if (!visit.data) {
    return (
      <>
        <PageHeader title="Einsatz verpasst" back={{ to: paths.inbox, label: "Eingang" }} />
        <p className="text-sm">Diesen verpassten Einsatz gibt es nicht, oder er gehört zu einem anderen Haus.</p>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={`Einsatz verpasst: ${visit.data.service_name}`}
        back={{
          to: paths.servicesWeek(visit.data.building_id, mondayOf(visit.data.planned_on)),
          label: "Wochenübersicht",
        }}
      />
      <MissedVisit visit={visit.data} />
    </>
  );
}
