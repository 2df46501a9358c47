import type { Appointment } from "@mieter-portal/contracts";
import { CalendarCheck, CalendarDays, ChevronRight, Clock, History } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate, formatTimeRange } from "@/lib/format";
import { appointmentTypeLabel } from "../appointment-form";
import { appointmentStatusLabel, appointmentTexts } from "../texts";

function AppointmentCard({ appointment, href }: { appointment: Appointment; href: string }) {
  const status = appointmentStatusLabel(appointment.status);
  return (
    <Link
      to={href}
      data-testid="appointment-card"
      data-status={appointment.status}
      className="flex items-center gap-3 rounded-xl bg-muted/60 p-3 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-1">
        {/* One layout whatever the title's length (issue 25): the title wraps in its column, the
            badge stays top right beside it, the date line below both. */}
        <span data-testid="appointment-card-head" className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-2">
          <span className="text-sm font-semibold break-words">{appointment.title}</span>
          <Badge tone={status.tone} className="shrink-0 whitespace-nowrap">
            {status.label}
          </Badge>
        </span>
        <span className="text-xs text-muted-foreground">{appointmentTypeLabel(appointment.type)}</span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-4" aria-hidden="true" />
            <span data-testid="appointment-date">{formatDate(appointment.start_time)}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-4" aria-hidden="true" />
            <span data-testid="appointment-time">{formatTimeRange(appointment.start_time, appointment.end_time)}</span>
          </span>
        </span>
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
