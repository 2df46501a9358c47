import { managementAppointmentActions } from "@mieter-portal/contracts";
import { Badge } from "@mieter-portal/ui/badge";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { AssigneeSelect } from "@/components/assignee-select";
import { InternalNotes } from "@/components/internal-notes";
import { DetailList, LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/tabs";
import { paths } from "@/config/paths";
import { AcceptForm } from "@/features/appointments/accept-form";
import { appointmentQueryOptions } from "@/features/appointments/api";
import { DeclineForm } from "@/features/appointments/components/decline-form";
import { ProposeForm } from "@/features/appointments/propose-form";
import { formatCalendarDate, formatDateTime, formatTimeRange } from "@/lib/format";
import { APPOINTMENT_STATUS_LABELS, APPOINTMENT_TYPE_LABELS, TIME_SLOT_LABELS } from "@/lib/labels";
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
  // A confirmed appointment that has not ended yet: staff may move it or call it off (issue 25 §14).
  const changeable = a.status === "confirmed" && managementAppointmentActions(a).propose;
  const slot = a.time_slot as keyof typeof TIME_SLOT_LABELS | null;
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
          <Section title="Anfrage" headingId="appointment-request">
            <DetailList
              items={[
                { term: "Art", value: APPOINTMENT_TYPE_LABELS[a.type] },
                {
                  term: "Mieter",
                  value: (
                    <Link to={paths.tenant(a.tenant.id)} className="text-link underline">
                      {a.tenant.name}
                    </Link>
                  ),
                },
                { term: "Wunschtag", value: a.requested_date ? formatCalendarDate(a.requested_date) : "–" },
                { term: "Zeitfenster", value: slot ? TIME_SLOT_LABELS[slot] : "–" },
                {
                  term: "Termin",
                  value: waitsForUs ? "Noch nicht festgelegt" : formatTimeRange(a.start_time, a.end_time),
                },
                { term: "Ort", value: a.location || "–" },
                { term: "Angefragt", value: formatDateTime(a.created_at) },
                ...(a.decline_reason && a.status === "canceled"
                  ? [{ term: "Grund der Absage", value: a.decline_reason }]
                  : []),
              ]}
            />
            {a.management_note && a.management_note !== a.decline_reason ? (
              <div className="mt-4 grid gap-1">
                <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                  Nachricht an den Mieter
                </p>
                <p className="text-sm whitespace-pre-wrap">{a.management_note}</p>
              </div>
            ) : null}
            {a.notes ? (
              <div className="mt-4 grid gap-1">
                <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Notiz des Mieters</p>
                <p className="text-sm whitespace-pre-wrap">{a.notes}</p>
              </div>
            ) : null}
          </Section>
          {waitsForUs ? (
            <Section title="Beantworten" headingId="appointment-answer">
              <Tabs defaultValue="accept">
                <TabsList aria-label="Antwort auf die Terminanfrage">
                  <TabsTrigger value="accept">Annehmen</TabsTrigger>
                  <TabsTrigger value="propose">Andere Zeit vorschlagen</TabsTrigger>
                  <TabsTrigger value="decline">Ablehnen</TabsTrigger>
                </TabsList>
                <TabsContent value="accept">
                  <AcceptForm appointment={a} />
                </TabsContent>
                <TabsContent value="propose">
                  <ProposeForm appointment={a} />
                </TabsContent>
                <TabsContent value="decline">
                  <DeclineForm appointment={a} />
                </TabsContent>
              </Tabs>
            </Section>
          ) : changeable ? (
            <Section title="Termin ändern" headingId="appointment-change">
              <Tabs defaultValue="reschedule">
                <TabsList aria-label="Bestätigten Termin ändern">
                  <TabsTrigger value="reschedule">Verschieben</TabsTrigger>
                  <TabsTrigger value="cancel">Absagen</TabsTrigger>
                </TabsList>
                <TabsContent value="reschedule">
                  <ProposeForm appointment={a} reschedule />
                </TabsContent>
                <TabsContent value="cancel">
                  <DeclineForm appointment={a} cancel />
                </TabsContent>
              </Tabs>
            </Section>
          ) : a.status === "pending" ? (
            <Section title="Status" headingId="appointment-state">
              <p className="text-sm">
                Die Verwaltung hat diesen Termin vorgeschlagen; er wartet auf die Bestätigung des Mieters.
              </p>
            </Section>
          ) : null}
        </div>
        <div className="grid content-start gap-6">
          <Section title="Zuständigkeit" headingId="appointment-assignee">
            <AssigneeSelect kind="appointment" itemId={a.id} assignee={a.assignee} meId={me.id} label="Zuständig" />
          </Section>
          <InternalNotes entity="appointment" id={a.id} />
          <Section title="Verlauf" headingId="appointment-history">
            <ol className="grid gap-3">
              {a.history.map((change) => (
                <li key={`${change.changed_at}-${change.status}`} className="grid gap-0.5 text-sm">
                  <span>
                    <strong>{APPOINTMENT_STATUS_LABELS[change.status].label}</strong> ·{" "}
                    {formatDateTime(change.changed_at)}
                  </span>
                  <span className="text-muted-foreground">
                    {change.actor_kind === "tenant" ? `Mieter: ${change.actor_name}` : change.actor_name}
                  </span>
                  {change.note ? <span className="whitespace-pre-wrap">„{change.note}“</span> : null}
                </li>
              ))}
            </ol>
          </Section>
        </div>
      </div>
    </>
  );
}
