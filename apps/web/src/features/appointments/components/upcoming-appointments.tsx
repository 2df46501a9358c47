import type { Appointment } from "@mieter-portal/contracts";
import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { availableActions } from "../grouping";
import { appointmentTexts } from "../texts";
import { upcomingAppointments } from "../upcoming";
import { AppointmentCardHead, AppointmentWhen } from "./appointment-card-parts";

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
            const actions = availableActions(appointment);
            return (
              <li key={appointment.id} className="rounded-xl bg-muted/60 p-3" data-testid="dashboard-appointment">
                {/* One layout whatever the title's length, shared with the Termine list (issue 25 item 7). */}
                <div className="grid grid-cols-1 gap-1">
                  <AppointmentCardHead appointment={appointment} />
                  <AppointmentWhen appointment={appointment} />
                </div>
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
