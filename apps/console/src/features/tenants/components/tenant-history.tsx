import type { StaffTenantDetail } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState, Section } from "@/components/page";
import { paths } from "@/config/paths";
import { formatCalendarDate, formatDate, formatDateTime } from "@/lib/format";
import { APPOINTMENT_STATUS_LABELS, DOCUMENT_TYPE_LABELS, REPAIR_STATUS_LABELS } from "@/lib/labels";

function LinkList<T>({ items, empty, render }: { items: T[]; empty: string; render: (item: T) => ReactNode }) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <ul className="grid divide-y divide-border">{items.map(render)}</ul>;
}

function Row({ children }: { children: ReactNode }) {
  return <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">{children}</li>;
}

/**
 * The tenant's repairs, appointments, messages (`canMessage`), documents and readings, each a
 * section with links. `newRepair` is the open repairs' action (the repairs feature's link).
 */
export function TenantHistory({
  detail: d,
  canMessage,
  newRepair,
}: {
  detail: StaffTenantDetail;
  canMessage: boolean;
  newRepair: ReactNode;
}) {
  return (
    <>
      <Section title="Offene Reparaturen" headingId="tenant-open-repairs" actions={newRepair}>
        <LinkList
          items={d.open_repairs}
          empty="Keine offenen Reparaturen."
          render={(r) => (
            <Row key={r.id}>
              <Link to={paths.repair(r.id)} className="text-link underline">
                {r.title}
              </Link>
              <span className="flex items-center gap-2 text-muted-foreground">
                <Badge tone={REPAIR_STATUS_LABELS[r.status].tone}>{REPAIR_STATUS_LABELS[r.status].label}</Badge>
                {formatDate(r.reported_at)}
              </span>
            </Row>
          )}
        />
      </Section>
      <Section title="Termine" headingId="tenant-appointments">
        <LinkList
          items={d.appointments}
          empty="Keine Termine."
          render={(a) => (
            <Row key={a.id}>
              <Link to={paths.appointment(a.id)} className="text-link underline">
                {a.title}
              </Link>
              <span className="flex items-center gap-2 text-muted-foreground">
                <Badge tone={APPOINTMENT_STATUS_LABELS[a.status].tone}>
                  {APPOINTMENT_STATUS_LABELS[a.status].label}
                </Badge>
                {formatDateTime(a.start_time)}
              </span>
            </Row>
          )}
        />
      </Section>
      {canMessage ? (
        <Section title="Nachrichten" headingId="tenant-threads">
          <LinkList
            items={d.threads}
            empty="Keine Nachrichten."
            render={(th) => (
              <Row key={th.id}>
                <Link to={paths.thread(th.id)} className="text-link underline">
                  {th.subject}
                </Link>
                <span className="flex items-center gap-2 text-muted-foreground">
                  {th.awaiting_reply ? <Badge tone="warning">Wartet auf Antwort</Badge> : null}
                  {formatDate(th.last_message_at)}
                </span>
              </Row>
            )}
          />
        </Section>
      ) : null}
      <Section title="Erledigte Reparaturen" headingId="tenant-past-repairs">
        <LinkList
          items={d.past_repairs}
          empty="Keine erledigten Reparaturen."
          render={(r) => (
            <Row key={r.id}>
              <Link to={paths.repair(r.id)} className="text-link underline">
                {r.title}
              </Link>
              <span className="flex items-center gap-2 text-muted-foreground">
                <Badge tone={REPAIR_STATUS_LABELS[r.status].tone}>{REPAIR_STATUS_LABELS[r.status].label}</Badge>
                {formatDate(r.reported_at)}
              </span>
            </Row>
          )}
        />
      </Section>
      {d.documents !== null ? (
        <Section title="Dokumente" headingId="tenant-documents">
          <LinkList
            items={d.documents}
            empty="Keine Dokumente."
            render={(doc) => (
              <Row key={doc.id}>
                <span>{doc.title}</span>
                <span className="text-muted-foreground">
                  {DOCUMENT_TYPE_LABELS[doc.type]} · {formatDate(doc.uploaded_at)}
                </span>
              </Row>
            )}
          />
        </Section>
      ) : null}
      {d.meter_readings !== null ? (
        <Section title="Zählerstände" headingId="tenant-readings">
          <LinkList
            items={d.meter_readings}
            empty="Keine Zählerstände."
            render={(m) => (
              <Row key={m.id}>
                <Link to={paths.meterReading(m.id)} className="text-link underline">
                  Ablesung vom {formatCalendarDate(m.reading_date)}
                </Link>
                {m.lower_than_previous ? <Badge tone="danger">Niedriger als zuletzt</Badge> : null}
              </Row>
            )}
          />
        </Section>
      ) : null}
    </>
  );
}
