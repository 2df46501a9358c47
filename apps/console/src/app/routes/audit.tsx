import type { AuditEntry } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { SelectField, TextField } from "@/components/form-controls";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { itemPath, paths } from "@/config/paths";
import { type AuditFilters, auditQueryOptions } from "@/features/audit/api";
import { staffQueryOptions } from "@/features/staff/api";
import { formatDateTime } from "@/lib/format";
import { withSearchParam } from "@/lib/search-params";

const ENTITY_LABELS: Record<string, string> = {
  repair: "Reparatur",
  message: "Nachricht",
  appointment: "Termin",
  meter_reading: "Zählerstand",
  meter_campaign: "Ablesung",
  staff: "Mitarbeiter",
  canned_reply: "Textbaustein",
  tenant: "Mieter",
  tenancy: "Mietverhältnis",
  tenant_import: "Mieter-Import",
  notice: "Aushang",
  document_publication: "Dokument",
  bank_import: "Kontoauszug",
  bank_transaction: "Zahlung",
};

/** The actions to filter by, in German (each entry itself reads as the server's German sentence). */
const ACTION_LABELS: Record<string, string> = {
  "appointment.accepted": "Termin bestätigt",
  "appointment.created": "Termin angelegt",
  "appointment.assigned": "Termin zugewiesen",
  "appointment.declined": "Termin abgelehnt",
  "appointment.proposed": "Termin vorgeschlagen",
  "canned_reply.created": "Textbaustein angelegt",
  "canned_reply.updated": "Textbaustein geändert",
  "canned_reply.deleted": "Textbaustein gelöscht",
  "document.published": "Dokument veröffentlicht",
  "ledger.line_assigned": "Zahlung zugeordnet",
  "ledger.payment_recorded": "Zahlung erfasst",
  "ledger.reminder_sent": "Zahlungserinnerung gesendet",
  "ledger.rent_changed": "Miete geändert",
  "ledger.statement_imported": "Kontoauszug gebucht",
  "message.handled": "Nachricht erledigt",
  "message.replied": "Nachricht beantwortet",
  "message.started": "Nachricht an Mieter begonnen",
  "meter_campaign.started": "Ablesung gestartet",
  "meter_campaign.exported": "Ablesung exportiert",
  "meter_reading.accepted": "Zählerstand übernommen",
  "meter_reading.renewal_requested": "Zählerstand neu angefordert",
  "notice.created": "Aushang veröffentlicht",
  "notice.updated": "Aushang geändert",
  "notice.ended": "Aushang beendet",
  "repair.assigned": "Reparatur zugewiesen",
  "repair.created": "Reparatur angelegt",
  "repair.internal_note": "Interne Notiz zur Reparatur",
  "repair.status_changed": "Reparaturstatus geändert",
  "staff.created": "Mitarbeiter angelegt",
  "staff.updated": "Mitarbeiter geändert",
  "staff.invitation_sent": "Mitarbeiter eingeladen",
  "staff.invitation_accepted": "Einladung angenommen",
  "staff.password_changed": "Passwort geändert",
  "staff.password_reset_requested": "Link zum Zurücksetzen des Passworts angefordert",
  "staff.password_reset": "Passwort zurückgesetzt",
  "staff.signed_in": "Angemeldet",
  "staff.sign_in_failed": "Anmeldung fehlgeschlagen",
  "staff.totp_enabled": "Zwei-Faktor-Anmeldung eingerichtet",
  "staff.totp_disabled": "Zwei-Faktor-Anmeldung abgeschaltet",
  "tenancy.end": "Mietverhältnis beendet",
  "tenant.create": "Mieter angelegt",
  "tenant.import": "Mieter importiert",
  "tenant.update_contact": "Kontaktdaten geändert",
  "tenant.invite_email": "Einladung per E-Mail gesendet",
  "tenant.invite_letter": "Einladungsbrief erstellt",
};

const FILTER_KEYS = ["staff", "entity_type", "action", "from", "to"] as const;

/** Where the console shows the item of an entry; null: no page of its own. */
function auditItemPath(kind: string, id: string): string | null {
  switch (kind) {
    case "repair":
    case "message":
    case "appointment":
    case "meter_reading":
      return itemPath(kind, id);
    case "tenant":
      return paths.tenant(id);
    case "tenancy":
      return paths.ledgerAccount(id);
    case "meter_campaign":
      return paths.meterCampaign(id);
    case "notice":
      return paths.notices;
    case "staff":
      return paths.staff;
    case "canned_reply":
      return paths.cannedReplies;
    default:
      return null;
  }
}

/** '<Name> hat eine Reparatur zugewiesen: <Sanitär – Küche> (Mieter: <Anna Ahorn>).' with links. */
function AuditSentence({ entry }: { entry: AuditEntry }) {
  const to = entry.item ? auditItemPath(entry.item.kind, entry.item.id) : null;
  return (
    <p>
      <strong>{entry.staff.name}</strong> {entry.action_label}
      {entry.item ? (
        <>
          {": "}
          {to ? (
            <Link to={to} className="text-link underline">
              {entry.item.label}
            </Link>
          ) : (
            entry.item.label
          )}
        </>
      ) : null}
      {entry.tenant ? (
        <>
          {" (Mieter: "}
          <Link to={paths.tenant(entry.tenant.id)} className="text-link underline">
            {entry.tenant.name}
          </Link>
          {")"}
        </>
      ) : null}
      .
    </p>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <AuditSentence entry={entry} />
        <p className="text-muted-foreground">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          {entry.ip ? ` · IP ${entry.ip}` : ""}
        </p>
      </div>
      {entry.changes.length > 0 ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-link">Vorher / nachher</summary>
          <table className="mt-2 w-full text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Feld
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Vorher
                </th>
                <th scope="col" className="py-1 font-medium">
                  Nachher
                </th>
              </tr>
            </thead>
            <tbody>
              {entry.changes.map((change) => (
                <tr key={change.field} className="border-t border-border align-top">
                  <th scope="row" className="py-1 pr-3 font-medium">
                    {change.field}
                  </th>
                  <td className="py-1 pr-3 [overflow-wrap:anywhere]">{change.before ?? "–"}</td>
                  <td className="py-1 [overflow-wrap:anywhere]">{change.after ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </li>
  );
}

function AuditScreen() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo<AuditFilters>(
    () => Object.fromEntries(FILTER_KEYS.map((k) => [k, search.get(k) ?? ""])) as unknown as AuditFilters,
    [search],
  );
  const staff = useQuery(staffQueryOptions());
  const audit = useInfiniteQuery(auditQueryOptions(filters));
  const items = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (key: keyof AuditFilters, value: string) =>
    setSearch(withSearchParam(search, key, value), { replace: true });
  return (
    <>
      <PageHeader
        title="Protokoll"
        description="Jede Änderung und jede Anmeldung von Mitarbeitern: wer, wann, was, vorher und nachher."
      />
      <div className="mb-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField label="Mitarbeiter" value={filters.staff} onChange={(e) => set("staff", e.target.value)}>
          <option value="">Alle</option>
          {(staff.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Bereich" value={filters.entity_type} onChange={(e) => set("entity_type", e.target.value)}>
          <option value="">Alle</option>
          {Object.entries(ENTITY_LABELS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Aktion" value={filters.action} onChange={(e) => set("action", e.target.value)}>
          <option value="">Alle</option>
          {Object.entries(ACTION_LABELS)
            .sort(([, a], [, b]) => a.localeCompare(b, "de"))
            .map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
        </SelectField>
        <TextField label="Von" type="date" value={filters.from} onChange={(e) => set("from", e.target.value)} />
        <TextField label="Bis" type="date" value={filters.to} onChange={(e) => set("to", e.target.value)} />
      </div>
      {audit.isPending ? (
        <Loading />
      ) : audit.isError ? (
        <LoadError error={audit.error} onRetry={() => audit.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>Keine Einträge für diese Filter.</EmptyState>
      ) : (
        <ol className="grid gap-2">
          {items.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {audit.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={audit.isFetchingNextPage} onClick={() => audit.fetchNextPage()}>
            {audit.isFetchingNextPage ? "Wird geladen…" : "Weitere laden"}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function Component() {
  useDocumentTitle("Protokoll");
  return (
    <RequireCapability capability="audit">
      <AuditScreen />
    </RequireCapability>
  );
}
