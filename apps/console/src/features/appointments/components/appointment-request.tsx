import { timeSlot } from "@mieter-portal/contracts";
import type { StaffAppointment } from "@mieter-portal/contracts/staff";
import { Link } from "react-router";
import { DetailList, Section } from "@/components/page";
import { paths } from "@/config/paths";
import { formatCalendarDate, formatDateTime, formatTimeRange } from "@/lib/format";
import { APPOINTMENT_TYPE_LABELS, TIME_SLOT_LABELS } from "@/lib/labels";

/** What was asked for: type, tenant, day and slot, the time once set, place, notes of both sides. */
export function AppointmentRequest({
  appointment: a,
  waitsForUs,
}: {
  appointment: StaffAppointment;
  waitsForUs: boolean;
}) {
  const slot = timeSlot.safeParse(a.time_slot).data ?? null;
  return (
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
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Nachricht an den Mieter</p>
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
  );
}
