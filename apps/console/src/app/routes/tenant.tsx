import { roleCan } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { InternalNotes } from "@/components/internal-notes";
import { DetailList, EmptyState, LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { NewAppointmentDialog } from "@/features/appointments/new-appointment-dialog";
import { NewThreadDialog } from "@/features/messages/components/new-thread-dialog";
import { NewRepairLink } from "@/features/repairs/new-repair-link";
import { tenantQueryOptions } from "@/features/tenants/api";
import { ContactDialog, EndTenancyDialog } from "@/features/tenants/components/tenant-dialogs";
import { InvitationPanel } from "@/features/tenants/invitation-panel";
import { formatCalendarDate, formatDate, formatDateTime, formatMoney } from "@/lib/format";
import {
  APPOINTMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
  REPAIR_STATUS_LABELS,
} from "@/lib/labels";
import { useMe } from "@/lib/me";

function LinkList<T>({ items, empty, render }: { items: T[]; empty: string; render: (item: T) => ReactNode }) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <ul className="grid divide-y divide-border">{items.map(render)}</ul>;
}

function Row({ children }: { children: ReactNode }) {
  return <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">{children}</li>;
}

export function Component() {
  const { id = "" } = useParams();
  const me = useMe();
  const detail = useQuery(tenantQueryOptions(id));
  useDocumentTitle(detail.data?.tenant.name ?? "Mieter");
  const back = { to: paths.tenants, label: "Zur Mietersuche" };
  if (detail.isPending) return <Loading />;
  if (detail.isError)
    return (
      <>
        <PageHeader title="Mieter" back={back} />
        <LoadError error={detail.error} onRetry={() => detail.refetch()} />
      </>
    );
  const d = detail.data;
  const t = d.tenant;
  const canMessage = roleCan(me.role, "messages");
  const canAppoint = roleCan(me.role, "appointments");
  const canOnboard = roleCan(me.role, "tenancies");
  return (
    <>
      <PageHeader
        title={t.name}
        back={back}
        description={
          // A long address must wrap on a phone instead of widening the page.
          <span className="[overflow-wrap:anywhere]">
            {[t.email || "keine E-Mail-Adresse", t.address, t.unit ? `Whg. ${t.unit}` : null]
              .filter(Boolean)
              .join(" · ")}
          </span>
        }
        actions={
          <>
            {canOnboard ? <ContactDialog key={`${t.name}|${t.email}`} detail={d} /> : null}
            {canAppoint ? <NewAppointmentDialog tenantId={t.id} tenantName={t.name} /> : null}
            {canMessage ? <NewThreadDialog tenantId={t.id} tenantName={t.name} /> : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        {canOnboard ? (
          <div className="lg:col-span-2">
            <InvitationPanel detail={d} />
          </div>
        ) : null}
        <Section
          title="Mietverhältnis"
          headingId="tenant-tenancy"
          className="lg:col-span-2"
          actions={canOnboard ? <EndTenancyDialog key={d.tenancy?.end_date ?? "open"} detail={d} /> : null}
        >
          {d.tenancy ? (
            <>
              <DetailList
                items={[
                  { term: "Gebäude", value: t.building?.name ?? "–" },
                  { term: "Beginn", value: formatCalendarDate(d.tenancy.start_date) },
                  { term: "Ende", value: d.tenancy.end_date ? formatCalendarDate(d.tenancy.end_date) : "unbefristet" },
                  ...(roleCan(me.role, "finances")
                    ? [
                        { term: "Kaltmiete", value: formatMoney(d.tenancy.base_rent) },
                        { term: "Nebenkosten", value: formatMoney(d.tenancy.utilities) },
                        {
                          term: "Zahlung",
                          value: `${PAYMENT_METHOD_LABELS[d.tenancy.payment_method] ?? d.tenancy.payment_method}, fällig am ${d.tenancy.due_day}.`,
                        },
                      ]
                    : []),
                ]}
              />
              {roleCan(me.role, "finances") && d.tenancy.id ? (
                <p className="mt-3 text-sm">
                  <Link className="text-link underline underline-offset-2" to={paths.ledgerAccount(d.tenancy.id)}>
                    Mietkonto öffnen
                  </Link>
                </p>
              ) : null}
            </>
          ) : t.address !== null && !roleCan(me.role, "finances") ? (
            // The server leaves out the tenancy (its rent) for a Hausmeister: it exists, it is not his to read.
            <EmptyState>
              {t.tenancy_active ? "Ein Mietverhältnis besteht" : "Ein Mietverhältnis ist hinterlegt"}
              {t.building ? ` (${t.building.name}${t.unit ? `, Whg. ${t.unit}` : ""})` : ""}. Beginn, Ende und Miete
              sehen nur Verwalter und Administratoren.
            </EmptyState>
          ) : (
            <EmptyState>Kein Mietverhältnis hinterlegt.</EmptyState>
          )}
        </Section>
        <Section
          title="Offene Reparaturen"
          headingId="tenant-open-repairs"
          actions={<NewRepairLink from={{ tenant: t.id }} />}
        >
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
        <InternalNotes entity="tenant" id={t.id} />
      </div>
    </>
  );
}
