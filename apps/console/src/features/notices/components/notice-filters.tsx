import { type NoticeStatus, noticeStatus } from "@mieter-portal/contracts/staff";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";

/** Status filter in the URL, in German. */
const STATUS_PARAM: Record<string, NoticeStatus> = { aktuell: "current", geplant: "scheduled", beendet: "ended" };
const PARAM_OF: Record<NoticeStatus, string> = { current: "aktuell", scheduled: "geplant", ended: "beendet" };

/** The status of the address's `?status=` (German), or null for all. */
export function statusFromParam(param: string | null): NoticeStatus | null {
  const parsed = noticeStatus.safeParse(STATUS_PARAM[param ?? ""]);
  return parsed.success ? parsed.data : null;
}

/** Gebäude ("alle": only the notices to every building) and Status, as address parameters. */
export function NoticeFilters({
  building,
  status,
  buildings,
  onChange,
}: {
  building: string;
  status: NoticeStatus | null;
  buildings: { id: string; name: string }[];
  onChange: (param: "gebaeude" | "status", value: string) => void;
}) {
  return (
    <search
      aria-label="Aushänge filtern"
      className="mb-4 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
    >
      <Field label="Gebäude" className="content-start">
        {(control) => (
          <NativeSelect {...control} value={building} onChange={(e) => onChange("gebaeude", e.target.value)}>
            <option value="">Alle, die ich sehe</option>
            <option value="alle">Nur Aushänge für alle Gebäude</option>
            {buildings.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Status" className="content-start">
        {(control) => (
          <NativeSelect
            {...control}
            value={status ? PARAM_OF[status] : ""}
            onChange={(e) => onChange("status", e.target.value)}
          >
            <option value="">Alle</option>
            <option value="aktuell">Aktuell</option>
            <option value="geplant">Geplant</option>
            <option value="beendet">Beendet</option>
          </NativeSelect>
        )}
      </Field>
    </search>
  );
}
