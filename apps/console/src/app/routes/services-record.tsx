import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { paths } from "@/config/paths";
import { serviceRecordQueryOptions } from "@/features/services/api/queries";
import { RecordDetail } from "@/features/services/components/record-detail";
import { mondayOf } from "@/features/services/week";
import { berlinDate } from "@/lib/berlin-time";
import { formatCalendarDate } from "@/lib/format";

/** One Einsatz as recorded by the crew: times, location result, checklist, materials, photos, hash. */
export function Component() {
  useDocumentTitle("Einsatz");
  return (
    <RequireCapability capability="service_visits">
      <Record />
    </RequireCapability>
  );
}

function Record() {
  const { id = "" } = useParams();
  const record = useQuery(serviceRecordQueryOptions(id));
  if (record.isPending) return <Loading />;
  if (record.isError) return <LoadError error={record.error} onRetry={() => record.refetch()} />;
  const day = berlinDate(new Date(record.data.started_at));
  return (
    <>
      <PageHeader
        title={`${record.data.service_name} am ${formatCalendarDate(day)}`}
        back={{ to: paths.servicesWeek(record.data.building_id, mondayOf(day)), label: "Wochenübersicht" }}
      />
      <RecordDetail record={record.data} />
    </>
  );
}
