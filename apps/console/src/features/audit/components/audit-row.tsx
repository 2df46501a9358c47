import { type AuditEntry, inboxItemPath } from "@mieter-portal/contracts/staff";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { formatDateTime } from "@/lib/format";

/** Where the console shows the item of an entry; null: no page of its own. */
function auditItemPath(kind: string, id: string): string | null {
  switch (kind) {
    case "repair":
    case "message":
    case "appointment":
    case "meter_reading":
      return inboxItemPath(kind, id);
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

/** One entry: the sentence with its links, when and from where, and what changed. */
export function AuditRow({ entry }: { entry: AuditEntry }) {
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
