import { zodResolver } from "@hookform/resolvers/zod";
import { type StaffNewRepair, staffNewRepair } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { Textarea } from "@mieter-portal/ui/textarea";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { REPAIR_LOCATION_LABELS, REPAIR_TYPE_LABELS, URGENCY_LABELS } from "@/lib/labels";

/** The form's values: the target's id (not on screen) and the fields, "" until one is chosen. */
interface NewRepairValues {
  tenant_id?: string;
  thread_id?: string;
  building_id?: string;
  type: string;
  location: string;
  urgency: string;
  description: string;
}
/** The contracts' request, checked on the form's values (a choice "" is no repair type). */
const newRepairSchema: z.ZodType<StaffNewRepair, NewRepairValues> = staffNewRepair;

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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewRepairValues, unknown, StaffNewRepair>({
    resolver: zodResolver(newRepairSchema),
    defaultValues: { ...target, type: "", location: "", urgency: "medium", description: initialDescription },
  });
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = {
    type: register("type"),
    location: register("location"),
    urgency: register("urgency"),
    description: register("description"),
  };

  async function submit(values: StaffNewRepair) {
    try {
      await onSubmit(values);
    } catch (error) {
      showApiErrors(error, setError, ["type", "location", "urgency", "description", "tenant_id", "thread_id"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid max-w-2xl gap-4">
      <FormError message={errors.root?.message ?? errors.tenant_id?.message ?? errors.thread_id?.message} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Art" className="content-start" error={errors.type?.message}>
          {(control) => (
            <NativeSelect {...control} {...field.type}>
              <option value="">Bitte wählen</option>
              {Object.entries(REPAIR_TYPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Ort" className="content-start" error={errors.location?.message}>
          {(control) => (
            <NativeSelect {...control} {...field.location}>
              <option value="">Bitte wählen</option>
              {Object.entries(REPAIR_LOCATION_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Dringlichkeit" className="content-start" error={errors.urgency?.message}>
          {(control) => (
            <NativeSelect {...control} {...field.urgency}>
              {Object.entries(URGENCY_LABELS).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field
        label="Beschreibung"
        hint="Der Mieter sieht diese Beschreibung in seiner Reparaturmeldung."
        error={errors.description?.message}
      >
        {(control) => <Textarea {...control} rows={5} {...field.description} />}
      </Field>
      <Button type="submit" className="w-fit" disabled={isSubmitting}>
        {isSubmitting ? "Wird angelegt…" : "Reparatur anlegen"}
      </Button>
    </form>
  );
}
