import { useQuery } from "@tanstack/react-query";
import { SelectField } from "@/components/form-controls";
import { buildingsQueryOptions } from "@/lib/shared-queries";

/**
 * The 'Gebäude' filter of a list: all buildings (`allLabel`, by default 'Alle Gebäude'), or one of
 * the staff member's buildings (its id).
 */
export function BuildingFilter({
  value,
  onChange,
  allLabel = "Alle Gebäude",
}: {
  value: string | null;
  onChange: (building: string | null) => void;
  allLabel?: string;
}) {
  const buildings = useQuery(buildingsQueryOptions());
  return (
    <SelectField label="Gebäude" value={value ?? ""} onChange={(e) => onChange(e.target.value || null)}>
      <option value="">{allLabel}</option>
      {(buildings.data ?? []).map((b) => (
        <option key={b.id} value={b.id}>
          {b.name}
        </option>
      ))}
    </SelectField>
  );
}
