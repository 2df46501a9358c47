import type { StaffMember } from "@mieter-portal/contracts/staff";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import type { AuditFilters } from "../api";
import { ACTION_LABELS, ENTITY_LABELS } from "../texts";

const ACTIONS = Object.entries(ACTION_LABELS).sort(([, a], [, b]) => a.localeCompare(b, "de"));

/** Mitarbeiter, Bereich, Aktion, Von and Bis; each change goes to the address (the list reads it there). */
export function AuditFilterBar({
  filters,
  staff,
  onChange,
}: {
  filters: AuditFilters;
  staff: StaffMember[];
  onChange: (key: keyof AuditFilters, value: string) => void;
}) {
  const select = (key: keyof AuditFilters, label: string, options: [string, string][]) => (
    <Field label={label} className="content-start">
      {(control) => (
        <NativeSelect {...control} value={filters[key]} onChange={(e) => onChange(key, e.target.value)}>
          <option value="">Alle</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
  const date = (key: "from" | "to", label: string) => (
    <Field
      label={label}
      className="content-start"
      inputProps={{ type: "date", value: filters[key], onChange: (e) => onChange(key, e.target.value) }}
    />
  );
  return (
    <div className="mb-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5">
      {select(
        "staff",
        "Mitarbeiter",
        staff.map((m) => [m.id, m.name]),
      )}
      {select("entity_type", "Bereich", Object.entries(ENTITY_LABELS))}
      {select("action", "Aktion", ACTIONS)}
      {date("from", "Von")}
      {date("to", "Bis")}
    </div>
  );
}
