import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { useQuery } from "@tanstack/react-query";
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
    <Field label="Gebäude" className="content-start">
      {(control) => (
        <NativeSelect {...control} value={value ?? ""} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">{allLabel}</option>
          {(buildings.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
