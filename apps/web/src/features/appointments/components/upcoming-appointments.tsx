import type { Appointment } from "@mieter-portal/contracts";
import { CalendarDays, Clock } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate, formatTimeRange } from "@/lib/format";
import { availableActions } from "../grouping";
import { appointmentStatusLabel, appointmentTexts } from "../texts";
import { upcomingAppointments } from "../upcoming";

export function UpcomingAppointments({
  appointments,
  appointmentsPath,
  appointmentPath,
}: {
  appointments: Appointment[];
  appointmentsPath: string;
  appointmentPath: (id: string) => string;
}) {
  const next = upcomingAppointments(appointments);
  return (
    <Card aria-labelledby="upcoming-appointments-title">
      <CardHeader>
        <CardTitle id="upcoming-appointments-title" className="flex items-center gap-2">
          <CalendarDays className="size-5 text-primary" aria-hidden="true" />
          {appointmentTexts.upcoming}
        </CardTitle>
        <Button asChild variant="link" size="sm" className="px-1">
          <Link to={appointmentsPath}>{appointmentTexts.viewAll}</Link>
        </Button>
      </CardHeader>
      {next.length === 0 ? (
        <p className="text-sm text-muted-foreground">{appointmentTexts.empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {next.map((appointment) => {
            const status = appointmentStatusLabel(appointment.status);
            const actions = availableActions(appointment);
            return (
              <li key={appointment.id} className="rounded-xl bg-muted/60 p-3" data-testid="dashboard-appointment">
                {/* At 320 px the badge moves below a long title instead of off the card. */}
                <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
                  <p className="min-w-0 text-sm font-semibold hyphens-auto wrap-break-word">{appointment.title}</p>
                  <Badge tone={status.tone} className="shrink-0">
                    {status.label}
                  </Badge>
                </div>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays className="size-4" aria-hidden="true" />
                    <span data-testid="appointment-date">{formatDate(appointment.start_time)}</span>
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Clock className="size-4" aria-hidden="true" />
                    <span data-testid="appointment-time">
                      {formatTimeRange(appointment.start_time, appointment.end_time)}
                    </span>
                  </span>
                </p>
                {actions.awaitingManagement ? (
                  <p className="mt-2 text-sm text-muted-foreground" data-testid="appointment-awaiting">
                    {appointmentTexts.detail.awaitingHint}
                  </p>
                ) : null}
                {actions.reschedule ? (
                  <div className="mt-2 flex justify-end gap-2">
                    <Button asChild variant="outline" size="sm">
                      <Link
                        to={appointmentPath(appointment.id)}
                        aria-label={appointmentTexts.rescheduleLabel(appointment.title)}
                      >
                        {appointmentTexts.reschedule}
                      </Link>
                    </Button>
                    {actions.confirm ? (
                      <Button asChild size="sm">
                        <Link
                          to={appointmentPath(appointment.id)}
                          aria-label={appointmentTexts.confirmLabel(appointment.title)}
                        >
                          {appointmentTexts.confirm}
                        </Link>
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
