import type { Appointment } from "@mieter-portal/contracts";
import { CalendarCheck, ChevronRight, History } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { appointmentTypeLabel } from "../appointment-form";
import { appointmentTexts } from "../texts";
import { AppointmentCardHead, AppointmentWhen } from "./appointment-card-parts";

function AppointmentCard({ appointment, href }: { appointment: Appointment; href: string }) {
  return (
    <Link
      to={href}
      data-testid="appointment-card"
      data-status={appointment.status}
      className="flex items-center gap-3 rounded-xl bg-muted/60 p-3 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-1">
        {/* One layout whatever the title's length (issue 25): shared with the dashboard's card. */}
        <AppointmentCardHead appointment={appointment} />
        <span className="text-xs text-muted-foreground">{appointmentTypeLabel(appointment.type)}</span>
        <AppointmentWhen appointment={appointment} />
      </span>
      <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}

function AppointmentSection({
  id,
  title,
  icon,
  empty,
  appointments,
  appointmentPath,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  empty: string;
  appointments: Appointment[];
  appointmentPath: (id: string) => string;
}) {
  return (
    <Card aria-labelledby={id} data-testid={id}>
      <CardHeader>
        <CardTitle id={id} className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      {appointments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {appointments.map((appointment) => (
            <li key={appointment.id}>
              <AppointmentCard appointment={appointment} href={appointmentPath(appointment.id)} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function AppointmentLists({
  upcoming,
  past,
  appointmentPath,
}: {
  upcoming: Appointment[];
  past: Appointment[];
  appointmentPath: (id: string) => string;
}) {
  const texts = appointmentTexts.list;
  return (
    <div className="grid grid-cols-1 gap-4">
      <AppointmentSection
        id="upcoming-appointments"
        title={texts.upcomingTitle}
        icon={<CalendarCheck className="size-5 text-primary" aria-hidden="true" />}
        empty={texts.emptyUpcoming}
        appointments={upcoming}
        appointmentPath={appointmentPath}
      />
      <AppointmentSection
        id="past-appointments"
        title={texts.pastTitle}
        icon={<History className="size-5 text-primary" aria-hidden="true" />}
        empty={texts.emptyPast}
        appointments={past}
        appointmentPath={appointmentPath}
      />
    </div>
  );
}
