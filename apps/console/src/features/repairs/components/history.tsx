import type { RepairHistoryEntry } from "@mieter-portal/contracts";
import { Badge } from "@mieter-portal/ui/badge";
import { formatDateTime } from "@/lib/format";
import { REPAIR_STATUS_LABELS } from "@/lib/labels";

const ACTOR = { tenant: "Mieter", staff: "Verwaltung", system: "System" } as const;

/** Every status change with who made it and the note the tenant saw. */
export function RepairHistory({ history }: { history: RepairHistoryEntry[] }) {
  if (history.length === 0) return <p className="text-sm text-muted-foreground">Noch keine Einträge.</p>;
  return (
    <ol className="grid gap-3">
      {history.map((entry) => (
        <li key={`${entry.changed_at}-${entry.status}`} className="grid gap-1 border-l-2 border-border pl-3">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone={REPAIR_STATUS_LABELS[entry.status].tone}>{REPAIR_STATUS_LABELS[entry.status].label}</Badge>
            <span className="text-muted-foreground">
              <time dateTime={entry.changed_at}>{formatDateTime(entry.changed_at)}</time> ·{" "}
              {entry.actor_name || ACTOR[entry.actor]}
            </span>
          </div>
          {entry.note ? <p className="text-sm whitespace-pre-wrap">{entry.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
