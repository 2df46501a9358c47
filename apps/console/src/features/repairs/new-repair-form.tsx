import type { RepairLocation, RepairType, Urgency } from "@mieter-portal/contracts";
import { type StaffNewRepair, staffNewRepair } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { type FormEvent, useState } from "react";
import { FormError, SelectField, TextAreaField } from "@/components/form-controls";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { REPAIR_LOCATION_LABELS, REPAIR_TYPE_LABELS, URGENCY_LABELS } from "@/lib/labels";

/**
 * "Reparatur anlegen" (issue 25 §16): for a tenant (a call, a defect seen in the flat) or from a
 * tenant's message, whose text it starts with. The tenant sees the repair in the app.
 */
export function NewRepairForm({
  target,
  initialDescription = "",
  onSubmit,
}: {
  target: { tenant_id: string } | { thread_id: string } | { building_id: string };
  initialDescription?: string;
  onSubmit: (repair: StaffNewRepair) => Promise<unknown>;
}) {
  const [values, setValues] = useState({
    type: "" as RepairType | "",
    location: "" as RepairLocation | "",
    urgency: "medium" as Urgency,
    description: initialDescription,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(staffNewRepair, { ...target, ...values });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      await onSubmit(checked.data);
    } catch (error) {
      setErrors(errorsFromApi(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid max-w-2xl gap-4">
      <FormError message={errors._form ?? errors.tenant_id ?? errors.thread_id} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Art" value={values.type} onChange={set("type")} error={errors.type}>
          <option value="">Bitte wählen</option>
          {Object.entries(REPAIR_TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Ort" value={values.location} onChange={set("location")} error={errors.location}>
          <option value="">Bitte wählen</option>
          {Object.entries(REPAIR_LOCATION_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Dringlichkeit" value={values.urgency} onChange={set("urgency")} error={errors.urgency}>
          {Object.entries(URGENCY_LABELS).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Beschreibung"
        hint="Der Mieter sieht diese Beschreibung in seiner Reparaturmeldung."
        value={values.description}
        onChange={set("description")}
        error={errors.description}
        rows={5}
      />
      <Button type="submit" className="w-fit" disabled={pending}>
        {pending ? "Wird angelegt…" : "Reparatur anlegen"}
      </Button>
    </form>
  );
}
