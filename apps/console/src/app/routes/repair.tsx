import { Badge } from "@mieter-portal/ui/badge";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { AssigneeSelect } from "@/components/assignee-select";
import { DetailList, LoadError, Loading, PageHeader, Section, useDocumentTitle } from "@/components/page";
import { PhotoGallery } from "@/components/photo-gallery";
import { paths } from "@/config/paths";
import { repairQueryOptions } from "@/features/repairs/api";
import { RepairHistory } from "@/features/repairs/components/history";
import { InternalNotes } from "@/features/repairs/components/internal-notes";
import { StatusChangeForm } from "@/features/repairs/components/status-change-form";
import { formatCalendarDate, formatDateTime } from "@/lib/format";
import { REPAIR_LOCATION_LABELS, REPAIR_STATUS_LABELS, REPAIR_TYPE_LABELS, URGENCY_LABELS } from "@/lib/labels";
import { useMe } from "@/lib/me";

export function Component() {
  const { id = "" } = useParams();
  const me = useMe();
  const repair = useQuery(repairQueryOptions(id));
  const title = repair.data
    ? `${REPAIR_TYPE_LABELS[repair.data.type]} – ${REPAIR_LOCATION_LABELS[repair.data.location]}`
    : "Reparatur";
  useDocumentTitle(title);
  const back = { to: paths.inbox, label: "Zum Eingang" };
  if (repair.isPending) return <Loading />;
  if (repair.isError)
    return (
      <>
        <PageHeader title="Reparatur" back={back} />
        <LoadError error={repair.error} onRetry={() => repair.refetch()} />
      </>
    );
  const r = repair.data;
  const status = REPAIR_STATUS_LABELS[r.status];
  const tenantWhere = r.tenant
    ? [r.tenant.building?.name, r.tenant.unit ? `Whg. ${r.tenant.unit}` : null].filter(Boolean).join(", ")
    : "";
  return (
    <>
      <PageHeader
        title={title}
        back={back}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={status.tone}>{status.label}</Badge>
            <Badge tone={URGENCY_LABELS[r.urgency].tone}>Dringlichkeit: {URGENCY_LABELS[r.urgency].label}</Badge>
          </span>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <Section title="Meldung" headingId="repair-report">
            <div className="grid gap-4">
              <p className="text-sm whitespace-pre-wrap">{r.description}</p>
              <DetailList
                items={[
                  ...(r.tenant
                    ? [
                        {
                          term: "Mieter",
                          value: (
                            <Link to={paths.tenant(r.tenant.id)} className="text-link underline">
                              {r.tenant.name}
                            </Link>
                          ),
                        },
                        { term: "Gebäude / Wohnung", value: tenantWhere || "–" },
                      ]
                    : [
                        { term: "Mieter", value: "keiner – Allgemeinflächen, kein Mieter wird benachrichtigt" },
                        { term: "Gebäude", value: r.common_area?.building.name ?? "–" },
                      ]),
                  ...(r.source_thread
                    ? [
                        {
                          term: "Aus Nachricht",
                          value: (
                            <Link to={paths.thread(r.source_thread.id)} className="text-link underline">
                              {r.source_thread.subject}
                            </Link>
                          ),
                        },
                      ]
                    : []),
                  { term: "Gemeldet", value: formatDateTime(r.reported_at) },
                  { term: "Fällig", value: r.due_at ? formatDateTime(r.due_at) : "–" },
                  {
                    term: "Geplant",
                    value: r.planned_date
                      ? `${formatCalendarDate(r.planned_date)}${r.planned_window ? `, ${r.planned_window}` : ""}`
                      : "–",
                  },
                  { term: "Abgeschlossen", value: r.completed_at ? formatDateTime(r.completed_at) : "–" },
                ]}
              />
            </div>
          </Section>
          <Section title="Fotos" headingId="repair-photos">
            <PhotoGallery photos={r.photos} labelOf={(_p, i) => `Foto ${i + 1} der Reparatur`} />
          </Section>
          <Section title="Status ändern" headingId="repair-status">
            <StatusChangeForm key={`${r.status}-${r.history.length}`} repair={r} />
          </Section>
          <Section title={r.tenant ? "Verlauf (für den Mieter sichtbar)" : "Verlauf"} headingId="repair-history">
            <RepairHistory history={r.history} />
          </Section>
        </div>
        <div className="grid content-start gap-6">
          <Section title="Zuständigkeit" headingId="repair-assignee">
            <AssigneeSelect kind="repair" itemId={r.id} assignee={r.assignee} meId={me.id} label="Zuständig" />
          </Section>
          <Section title="Interne Notizen" headingId="repair-notes">
            <InternalNotes repair={r} />
          </Section>
        </div>
      </div>
    </>
  );
}
