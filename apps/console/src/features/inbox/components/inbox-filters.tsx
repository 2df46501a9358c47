import type { InboxCounts } from "@mieter-portal/contracts/staff";
import { INBOX_KIND_LABELS, INBOX_STATE_LABELS, inboxKind, inboxState, roleCan } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { cn } from "@mieter-portal/ui/utils";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BuildingFilter } from "@/components/building-filter";
import { useMe } from "@/lib/me";
import { colleaguesQueryOptions } from "@/lib/shared-queries";
import { EMPTY_FILTERS, hasFilters, type InboxFilters, withFilter } from "../filters";

const KIND_CAPABILITY = {
  repair: "repairs",
  message: "messages",
  appointment: "appointments",
  meter_reading: "meter_readings",
  service_missed: "service_plans",
} as const;

/** The status select's value: one of the contracts' states, or none ("Alle"). */
const stateOf = (value: string) => inboxState.options.find((state) => state === value) ?? null;

function count(value: number | undefined) {
  return value === undefined ? "" : ` (${value})`;
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        pressed
          ? "border-primary bg-primary text-primary-foreground"
          : "border-border bg-card text-foreground hover:bg-muted",
      )}
    >
      {children}
    </button>
  );
}

/** Art, Gebäude, Status, Zuständig and Überfällig, with the server's count per filter. */
export function InboxFilterBar({
  filters,
  counts,
  onChange,
}: {
  filters: InboxFilters;
  counts: InboxCounts | undefined;
  onChange: (filters: InboxFilters) => void;
}) {
  const me = useMe();
  const colleagues = useQuery(colleaguesQueryOptions());
  const kinds = inboxKind.options.filter((kind) => roleCan(me.role, KIND_CAPABILITY[kind]));
  return (
    <div className="grid gap-4 rounded-xl border border-border bg-card p-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Art</legend>
        <div className="flex flex-wrap gap-2">
          <Chip pressed={filters.kind === null} onClick={() => onChange(withFilter(filters, { kind: null }))}>
            Alle{count(counts?.all)}
          </Chip>
          {kinds.map((kind) => (
            <Chip key={kind} pressed={filters.kind === kind} onClick={() => onChange(withFilter(filters, { kind }))}>
              {INBOX_KIND_LABELS[kind]}
              {count(counts?.by_kind[kind] ?? (counts ? 0 : undefined))}
            </Chip>
          ))}
          <Chip pressed={filters.overdue} onClick={() => onChange(withFilter(filters, { overdue: !filters.overdue }))}>
            Überfällig{count(counts?.overdue)}
          </Chip>
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
        <BuildingFilter value={filters.building} onChange={(building) => onChange(withFilter(filters, { building }))} />
        <Field label="Status" className="content-start">
          {(control) => (
            <NativeSelect
              {...control}
              value={filters.state ?? ""}
              onChange={(e) => onChange(withFilter(filters, { state: stateOf(e.target.value) }))}
            >
              <option value="">Alle</option>
              <option value="new">{INBOX_STATE_LABELS.new}</option>
              <option value="in_progress">{INBOX_STATE_LABELS.in_progress}</option>
            </NativeSelect>
          )}
        </Field>
        <Field label="Zuständig" className="content-start">
          {(control) => (
            <NativeSelect
              {...control}
              value={filters.assignee ?? ""}
              onChange={(e) => onChange(withFilter(filters, { assignee: e.target.value || null }))}
            >
              <option value="">Alle</option>
              <option value="me">Mir zugewiesen{count(counts?.mine)}</option>
              <option value="none">Niemandem zugewiesen{count(counts?.unassigned)}</option>
              {(colleagues.data ?? [])
                .filter((c) => c.id !== me.id)
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
            </NativeSelect>
          )}
        </Field>
        {hasFilters(filters) ? (
          <Button variant="outline" onClick={() => onChange(EMPTY_FILTERS)}>
            Filter zurücksetzen
          </Button>
        ) : null}
      </div>
    </div>
  );
}
