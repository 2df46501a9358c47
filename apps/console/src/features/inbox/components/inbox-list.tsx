import type { InboxItem } from "@mieter-portal/contracts/staff";
import { INBOX_KIND_LABELS, INBOX_STATE_LABELS, inboxItemPath } from "@mieter-portal/contracts/staff";
import { Badge } from "@mieter-portal/ui/badge";
import { cn } from "@mieter-portal/ui/utils";
import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { AssigneeSelect } from "@/components/assignee-select";
import { formatAge, formatDateTime, formatDue } from "@/lib/format";
import { URGENCY_LABELS } from "@/lib/labels";
import { useMe } from "@/lib/me";

function urgencyBadge(urgency: string | null) {
  const entry = urgency ? URGENCY_LABELS[urgency as keyof typeof URGENCY_LABELS] : undefined;
  return entry ? <Badge tone={entry.tone}>{entry.label}</Badge> : null;
}

export function InboxRow({ item, now }: { item: InboxItem; now: Date }) {
  const me = useMe();
  const where = [item.building?.name, item.unit ? `Whg. ${item.unit}` : null].filter(Boolean).join(", ");
  return (
    <li
      className={cn(
        "grid gap-3 rounded-xl border border-border bg-card p-4 shadow-sm md:grid-cols-[1fr_auto] md:items-center",
        item.overdue && "border-l-4 border-l-destructive",
      )}
    >
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="neutral">{INBOX_KIND_LABELS[item.kind]}</Badge>
          {urgencyBadge(item.urgency)}
          <Badge tone={item.state === "new" ? "warning" : "neutral"}>{INBOX_STATE_LABELS[item.state]}</Badge>
          {item.overdue ? (
            <Badge tone="danger">
              <AlertTriangle className="mr-1 size-3" aria-hidden="true" />
              Überfällig
            </Badge>
          ) : null}
        </div>
        <Link
          to={inboxItemPath(item.kind, item.id)}
          className="w-fit text-base font-semibold break-words text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {item.title}
        </Link>
        <p className="text-sm">
          {item.tenant ? item.tenant.name : "Allgemeinflächen"}
          {where ? <span className="text-muted-foreground"> · {where}</span> : null}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>
            Eingegangen <time dateTime={item.created_at}>{formatAge(item.created_at, now)}</time>
          </span>
          <span className={cn(item.overdue && "font-semibold text-destructive-text")}>
            Fällig <time dateTime={item.due_at}>{formatDateTime(item.due_at)}</time> ({formatDue(item.due_at, now)})
          </span>
        </p>
      </div>
      <AssigneeSelect
        compact
        kind={item.kind}
        itemId={item.id}
        assignee={item.assignee}
        meId={me.id}
        label={`Zuständig für „${item.title}“`}
      />
    </li>
  );
}

export function InboxList({ items, now }: { items: InboxItem[]; now: Date }) {
  return (
    <ul className="grid gap-3" aria-label="Offene Vorgänge, nach Fälligkeit sortiert">
      {items.map((item) => (
        <InboxRow key={`${item.kind}-${item.id}`} item={item} now={now} />
      ))}
    </ul>
  );
}
