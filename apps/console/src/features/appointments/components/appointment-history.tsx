import type { StaffAppointment } from "@mieter-portal/contracts/staff";
import { Section } from "@/components/page";
import { formatDateTime } from "@/lib/format";
import { APPOINTMENT_STATUS_LABELS } from "@/lib/labels";

/** Every status change with who made it and the note that came with it. */
export function AppointmentHistory({ appointment: a }: { appointment: StaffAppointment }) {
  return (
    <Section title="Verlauf" headingId="appointment-history">
      <ol className="grid gap-3">
        {a.history.map((change) => (
          <li key={`${change.changed_at}-${change.status}`} className="grid gap-0.5 text-sm">
            <span>
              <strong>{APPOINTMENT_STATUS_LABELS[change.status].label}</strong> · {formatDateTime(change.changed_at)}
            </span>
            <span className="text-muted-foreground">
              {change.actor_kind === "tenant" ? `Mieter: ${change.actor_name}` : change.actor_name}
            </span>
            {change.note ? <span className="whitespace-pre-wrap">„{change.note}“</span> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}
