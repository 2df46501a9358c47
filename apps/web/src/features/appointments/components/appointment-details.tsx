import type { Appointment } from "@mieter-portal/contracts";
import {
  CalendarDays,
  CalendarX,
  Check,
  Clock,
  MapPin,
  MessageSquareText,
  NotebookText,
  Repeat,
  Tag,
} from "lucide-react";
import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDate, formatTimeRange } from "@/lib/format";
import { useUpdateAppointmentStatus } from "../api/update-appointment-status";
import { appointmentTypeLabel } from "../appointment-form";
import { availableActions } from "../grouping";
import { appointmentStatusLabel, appointmentTexts } from "../texts";

function Detail({
  icon,
  label,
  children,
  testId,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="grid grid-cols-[1rem_minmax(0,1fr)] gap-x-3 gap-y-0.5">
      <dt className="col-span-2 flex items-center gap-3 text-xs text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="col-start-2 text-sm font-medium break-words whitespace-pre-wrap" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function statusHint(appointment: Appointment): string | null {
  const t = appointmentTexts.detail;
  if (appointment.status === "canceled") return t.canceledHint;
  if (appointment.status === "completed") return t.completedHint;
  return null;
}

/**
 * One appointment with what the tenant may still do: confirm or move a proposal of the management
 * ('Verschieben' cancels it and opens the request form prefilled), move or cancel their own request
 * (it waits for the management: "Wartet auf Bestätigung durch die Hausverwaltung"), cancel a
 * confirmed one.
 */
export function AppointmentDetails({
  appointment,
  onRescheduled,
}: {
  appointment: Appointment;
  /** Called once the old appointment is canceled, to open the prefilled request form. */
  onRescheduled: (id: string) => void;
}) {
  const t = appointmentTexts.detail;
  const confirm = useUpdateAppointmentStatus("confirmed");
  const cancel = useUpdateAppointmentStatus("canceled");
  const busy = confirm.isPending || cancel.isPending;
  const actions = availableActions(appointment);
  const status = appointmentStatusLabel(appointment.status);
  const date = formatDate(appointment.start_time);
  const hint = statusHint(appointment) ?? (actions.confirm || actions.cancel ? null : t.pastHint);
  const cancelDialog = (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" disabled={busy} className="text-destructive-text">
          <CalendarX aria-hidden="true" />
          {t.cancel}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t.cancelTitle}</AlertDialogTitle>
          <AlertDialogDescription>{t.cancelDescription(appointment.title, date)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t.keep}</AlertDialogCancel>
          <AlertDialogAction onClick={() => cancel.mutate({ id: appointment.id, status: "canceled" })}>
            {t.cancelConfirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );

  return (
    <Card aria-labelledby="appointment-title" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h1 id="appointment-title" className="text-xl font-bold break-words">
          {appointment.title}
        </h1>
        <Badge tone={status.tone} data-testid="appointment-status">
          {status.label}
        </Badge>
      </div>

      <dl className="grid gap-3">
        <Detail icon={<Tag className="size-4" aria-hidden="true" />} label={t.type}>
          {appointmentTypeLabel(appointment.type)}
        </Detail>
        <Detail icon={<CalendarDays className="size-4" aria-hidden="true" />} label={t.date} testId="appointment-date">
          {date}
        </Detail>
        <Detail icon={<Clock className="size-4" aria-hidden="true" />} label={t.time} testId="appointment-time">
          {formatTimeRange(appointment.start_time, appointment.end_time)}
        </Detail>
        {appointment.location ? (
          <Detail icon={<MapPin className="size-4" aria-hidden="true" />} label={t.location}>
            {appointment.location}
          </Detail>
        ) : null}
        {appointment.notes ? (
          <Detail
            icon={<NotebookText className="size-4" aria-hidden="true" />}
            label={t.notes}
            testId="appointment-notes"
          >
            {appointment.notes}
          </Detail>
        ) : null}
        {appointment.management_note ? (
          <Detail
            icon={<MessageSquareText className="size-4" aria-hidden="true" />}
            label={t.managementNote}
            testId="appointment-management-note"
          >
            {appointment.management_note}
          </Detail>
        ) : null}
      </dl>

      {hint ? <p className="rounded-xl bg-muted p-3 text-sm text-muted-foreground">{hint}</p> : null}

      {actions.reschedule ? (
        <div className="grid gap-3 border-t border-border pt-4">
          {actions.awaitingManagement ? (
            <p className="text-sm text-muted-foreground" data-testid="appointment-awaiting">
              <strong className="font-semibold text-foreground">{t.awaitingHint}</strong> {t.awaitingMore}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">{t.pendingHint}</p>
          )}
          <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  <Repeat aria-hidden="true" />
                  {appointmentTexts.reschedule}
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>{t.rescheduleTitle}</AlertDialogTitle>
                  <AlertDialogDescription>{t.rescheduleDescription(appointment.title)}</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>{t.keep}</AlertDialogCancel>
                  <AlertDialogAction
                    onClick={() =>
                      cancel.mutate(
                        { id: appointment.id, status: "canceled" },
                        {
                          onSuccess: () => onRescheduled(appointment.id),
                        },
                      )
                    }
                  >
                    {t.rescheduleConfirm}
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
            {actions.confirm ? (
              <Button disabled={busy} onClick={() => confirm.mutate({ id: appointment.id, status: "confirmed" })}>
                <Check aria-hidden="true" />
                {appointmentTexts.confirm}
              </Button>
            ) : null}
            {actions.cancel ? cancelDialog : null}
          </div>
        </div>
      ) : null}

      {actions.cancel && !actions.reschedule ? (
        <div className="flex justify-end border-t border-border pt-4">{cancelDialog}</div>
      ) : null}
    </Card>
  );
}
