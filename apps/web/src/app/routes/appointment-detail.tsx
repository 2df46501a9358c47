import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, CalendarOff, CalendarPlus } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { PendingChanges } from "@/components/offline/pending-changes";
import { offlineNoDataMessage } from "@/components/query-error/query-error-alert";
import { Button } from "@/components/ui/button";
import * as apiPaths from "@/config/api-paths";
import { paths } from "@/config/paths";
import { getAppointmentQueryOptions } from "@/features/appointments/api/get-appointment";
import { RESCHEDULE_PARAM } from "@/features/appointments/appointment-form";
import { AppointmentDetails } from "@/features/appointments/components/appointment-details";
import { appointmentTexts } from "@/features/appointments/texts";
import { ApiRequestError } from "@/lib/api/errors";
import { offlineNotices } from "@/lib/offline/notices";
import { LoadingState } from "../loading-state";

function isNotFound(error: Error | null): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

const backLinkClass =
  "inline-flex w-fit items-center gap-1 rounded-md text-sm font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-ring";

export function Component() {
  const t = appointmentTexts.detail;
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const appointment = useQuery(getAppointmentQueryOptions(id));

  if (appointment.isPending) return <LoadingState text={t.loading} />;

  if (appointment.isError) {
    const notFound = isNotFound(appointment.error);
    const offline = offlineNoDataMessage(appointment.error);
    return (
      <section aria-labelledby="appointment-error" className="grid justify-items-center gap-3 py-10 text-center">
        <CalendarOff className="size-8 text-muted-foreground" aria-hidden="true" />
        <h1 id="appointment-error" className="text-xl font-bold">
          {notFound ? t.notFound : (offline ?? t.loadError)}
        </h1>
        {notFound || offline ? (
          <p className="max-w-sm text-sm text-muted-foreground">
            {notFound ? t.notFoundHint : offlineNotices.noDataAdvice}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-center gap-2">
          {notFound ? null : (
            <Button variant="outline" onClick={() => void appointment.refetch()}>
              {appointmentTexts.retry}
            </Button>
          )}
          <Button asChild>
            <Link to={paths.appointments.path}>{t.allAppointments}</Link>
          </Button>
        </div>
      </section>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-xl grid-cols-1 gap-4">
      <Link to={paths.appointments.path} className={backLinkClass}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.allAppointments}
      </Link>
      <PendingChanges urlPrefix={apiPaths.appointment(id)} />
      <AppointmentDetails
        appointment={appointment.data}
        onRescheduled={(movedId) =>
          navigate(`${paths.appointments.path}?${new URLSearchParams({ [RESCHEDULE_PARAM]: movedId })}`)
        }
      />
      <Button asChild variant="outline" className="justify-self-start">
        <Link to={paths.appointments.path}>
          <CalendarPlus aria-hidden="true" />
          {t.requestNew}
        </Link>
      </Button>
    </div>
  );
}
