import type { Appointment } from "@mieter-portal/contracts";
import { CalendarDays, Clock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatDate, formatTimeRange } from "@/lib/format";
import { appointmentStatusLabel } from "../texts";

/**
 * The head of an appointment's card, shared by the Termine list and the dashboard's "Nächste Termine"
 * so both have one layout whatever the title's length (issue 25 item 7): a two-column grid whose
 * title column shrinks and wraps while the badge keeps its width top right. No flex-wrap, which
 * dropped the badge under a long title.
 */
export function AppointmentCardHead({ appointment }: { appointment: Appointment }) {
  const status = appointmentStatusLabel(appointment.status);
  return (
    <span data-testid="appointment-card-head" className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-2">
      <span className="text-sm font-semibold hyphens-auto break-words">{appointment.title}</span>
      <Badge tone={status.tone} className="shrink-0 whitespace-nowrap">
        {status.label}
      </Badge>
    </span>
  );
}

/** The date and time line under the head, on its own row. */
export function AppointmentWhen({ appointment }: { appointment: Appointment }) {
  return (
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
  );
}
