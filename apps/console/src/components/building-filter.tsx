import { useQuery } from "@tanstack/react-query";
import { SelectField } from "@/components/form-controls";
import { buildingsQueryOptions } from "@/lib/shared-queries";

/** The 'Gebäude' filter of a list: all buildings, or one of the staff member's buildings (its id). */
export function BuildingFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (building: string | null) => void;
}) {
  const buildings = useQuery(buildingsQueryOptions());
  return (
    <SelectField label="Gebäude" value={value ?? ""} onChange={(e) => onChange(e.target.value || null)}>
      <option value="">Alle Gebäude</option>
      {(buildings.data ?? []).map((b) => (
        <option key={b.id} value={b.id}>
          {b.name}
        </option>
      ))}
    </SelectField>
  );
}
