import { Badge } from "@mieter-portal/ui/badge";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { AssigneeSelect } from "@/components/assignee-select";
import { InternalNotes } from "@/components/internal-notes";
import { LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { appointmentQueryOptions } from "@/features/appointments/api";
import { AppointmentActions } from "@/features/appointments/components/appointment-actions";
import { AppointmentHistory } from "@/features/appointments/components/appointment-history";
import { AppointmentRequest } from "@/features/appointments/components/appointment-request";
import { APPOINTMENT_STATUS_LABELS } from "@/lib/labels";
import { useMe } from "@/lib/me";

export function Component() {
  const { id = "" } = useParams();
  const me = useMe();
  const appointment = useQuery(appointmentQueryOptions(id));
  useDocumentTitle(appointment.data?.title ?? "Terminanfrage");
  const back = { to: paths.inbox, label: "Zum Eingang" };
  if (appointment.isPending) return <Loading />;
  if (appointment.isError)
    return (
      <>
        <PageHeader title="Terminanfrage" back={back} />
        <LoadError error={appointment.error} onRetry={() => appointment.refetch()} />
      </>
    );
  const a = appointment.data;
  const status = APPOINTMENT_STATUS_LABELS[a.status];
  const waitsForUs = a.status === "pending" && a.origin === "tenant";
  return (
    <>
      <PageHeader
        title={a.title}
        back={back}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={status.tone}>{status.label}</Badge>
            <span>{a.origin === "tenant" ? "Anfrage des Mieters" : "Vorschlag der Verwaltung"}</span>
          </span>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <AppointmentRequest appointment={a} waitsForUs={waitsForUs} />
          <AppointmentActions appointment={a} waitsForUs={waitsForUs} />
        </div>
        <div className="grid content-start gap-6">
          <Section title="Zuständigkeit" headingId="appointment-assignee">
            <AssigneeSelect kind="appointment" itemId={a.id} assignee={a.assignee} meId={me.id} label="Zuständig" />
          </Section>
          <InternalNotes entity="appointment" id={a.id} />
          <AppointmentHistory appointment={a} />
        </div>
      </div>
    </>
  );
}
