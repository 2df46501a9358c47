import { INVITATION_STATUS_LABELS, type InvitationStatus, invitationStatus } from "@mieter-portal/contracts/staff";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { useEffect, useState } from "react";
import { BuildingFilter } from "@/components/building-filter";

type Param = "q" | "gebaeude" | "zugang";

/** The access filter of the address's `?zugang=`, or null for all. */
export function invitationFromParam(param: string | null): InvitationStatus | null {
  const parsed = invitationStatus.safeParse(param);
  return parsed.success ? parsed.data : null;
}

/** Suche (sent 300 ms after the last key press), Gebäude and Zugang, kept in the address. */
export function TenantFilters({
  q,
  building,
  status,
  onChange,
}: {
  q: string;
  building: string | null;
  status: InvitationStatus | null;
  onChange: (param: Param, value: string | null) => void;
}) {
  const [text, setText] = useState(q);
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => onChange("q", text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, q, onChange]);
  return (
    <search
      aria-label="Mieter suchen"
      className="mb-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-[2fr_1fr_1fr]"
    >
      <Field
        label="Suche"
        className="content-start"
        inputProps={{
          type: "search",
          value: text,
          onChange: (e) => setText(e.target.value),
          placeholder: "z. B. Meyer, Gartenstraße",
        }}
      />
      <BuildingFilter value={building} onChange={(id) => onChange("gebaeude", id)} />
      <Field label="Zugang" className="content-start">
        {(control) => (
          <NativeSelect {...control} value={status ?? ""} onChange={(e) => onChange("zugang", e.target.value)}>
            <option value="">Alle</option>
            {invitationStatus.options.map((s) => (
              <option key={s} value={s}>
                {INVITATION_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </search>
  );
}
