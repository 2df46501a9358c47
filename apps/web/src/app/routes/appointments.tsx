import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { LoadMore } from "@/components/load-more/load-more";
import { PendingChanges } from "@/components/offline/pending-changes";
import { QueryErrorAlert } from "@/components/query-error/query-error-alert";
import * as apiPaths from "@/config/api-paths";
import { appointmentPath, paths } from "@/config/paths";
import { getAppointmentQueryOptions } from "@/features/appointments/api/get-appointment";
import { getAppointmentsQueryOptions } from "@/features/appointments/api/get-appointments";
import { RESCHEDULE_PARAM, rescheduleValues } from "@/features/appointments/appointment-form";
import { AppointmentLists } from "@/features/appointments/components/appointment-list";
import {
  type AppointmentPrefill,
  AppointmentRequestForm,
} from "@/features/appointments/components/appointment-request-form";
import { groupAppointments } from "@/features/appointments/grouping";
import { appointmentTexts } from "@/features/appointments/texts";
import { itemsOf } from "@/lib/paged-list";
import { LoadingState } from "../loading-state";

export function Component() {
  const t = appointmentTexts.list;
  const [searchParams, setSearchParams] = useSearchParams();
  const rescheduleId = searchParams.get(RESCHEDULE_PARAM);
  const appointments = useInfiniteQuery({ ...getAppointmentsQueryOptions(), meta: { silent: true } });
  const items = useMemo(() => itemsOf(appointments.data), [appointments.data]);
  const listed = rescheduleId ? items.find((a) => a.id === rescheduleId) : undefined;
  // The appointment to move may be on a page not loaded yet: then it is read on its own.
  const single = useQuery({
    ...getAppointmentQueryOptions(rescheduleId ?? ""),
    enabled: Boolean(rescheduleId) && !listed && appointments.isSuccess,
  });
  const moving = listed ?? (rescheduleId && single.data?.id === rescheduleId ? single.data : undefined);
  const prefill: AppointmentPrefill | null = moving
    ? { id: moving.id, title: moving.title, values: rescheduleValues(moving) }
    : null;
  const clearReschedule = () => setSearchParams({}, { replace: true });

  return (
    <section aria-labelledby="appointments-title" className="grid grid-cols-1 gap-4">
      <h1 id="appointments-title" className="text-2xl font-bold">
        {paths.appointments.title}
      </h1>
      <PendingChanges urlPrefix={apiPaths.appointments} />
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
        <AppointmentRequestForm prefill={prefill} onStopPrefill={clearReschedule} onSubmitted={clearReschedule} />
        {appointments.isPending ? (
          <LoadingState text={t.loading} />
        ) : appointments.isError && !appointments.isFetchNextPageError ? (
          <QueryErrorAlert error={appointments.error} title={t.loadError} onRetry={() => void appointments.refetch()} />
        ) : (
          <div className="grid grid-cols-1 gap-4">
            <AppointmentLists {...groupAppointments(items)} appointmentPath={appointmentPath} />
            <LoadMore query={appointments} />
          </div>
        )}
      </div>
    </section>
  );
}
