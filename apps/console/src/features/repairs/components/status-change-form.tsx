import { zodResolver } from "@hookform/resolvers/zod";
import { CLOSED_REPAIR_STATUSES } from "@mieter-portal/contracts";
import { repairStatusChange, type StaffRepair } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { into } from "@/components/form-schema";
import { berlinDate } from "@/lib/berlin-time";
import { REPAIR_STATUS_LABELS } from "@/lib/labels";
import { type StatusChangeBody, useChangeRepairStatus } from "../api";

const TARGETS: StatusChangeBody["status"][] = ["confirmed", "scheduled", "in_progress", "completed", "canceled"];

/**
 * The form's fields become the contracts' request: the planned date and window only when
 * scheduling, the note unless canceling, the reason only when canceling.
 */
const statusChangeSchema = z
  .object({
    status: z.string().min(1, { error: "Bitte wählen Sie den neuen Status." }),
    planned_date: z.string(),
    planned_window: z.string(),
    note_to_tenant: z.string(),
    reason: z.string(),
  })
  .transform((v) => ({
    status: v.status,
    planned_date: v.status === "scheduled" ? v.planned_date || null : undefined,
    planned_window: v.status === "scheduled" ? v.planned_window : undefined,
    note_to_tenant: v.status === "canceled" ? undefined : v.note_to_tenant,
    reason: v.status === "canceled" ? v.reason : undefined,
  }))
  .transform(into(repairStatusChange));
type StatusChangeValues = z.input<typeof statusChangeSchema>;

/** The next status with a planned date/window, a note to the tenant, or a reason when canceling. */
export function StatusChangeForm({ repair }: { repair: StaffRepair }) {
  if (CLOSED_REPAIR_STATUSES.includes(repair.status)) {
    return (
      <p className="text-sm text-muted-foreground">
        Diese Reparatur ist abgeschlossen; der Status lässt sich nicht mehr ändern.
      </p>
    );
  }
  return <OpenRepairStatusForm repair={repair} />;
}

function OpenRepairStatusForm({ repair }: { repair: StaffRepair }) {
  const change = useChangeRepairStatus(repair.id);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    watch,
    formState: { errors },
  } = useForm<StatusChangeValues, unknown, z.output<typeof statusChangeSchema>>({
    resolver: zodResolver(statusChangeSchema),
    defaultValues: {
      status: "",
      planned_date: repair.planned_date ?? "",
      planned_window: repair.planned_window ?? "",
      note_to_tenant: "",
      reason: "",
    },
  });
  const status = watch("status");

  async function onSubmit(body: z.output<typeof statusChangeSchema>) {
    try {
      const saved = await change.mutateAsync(body);
      toast({
        title: "Status gespeichert",
        description: !repair.tenant
          ? "Reparatur der Allgemeinflächen: kein Mieter wird benachrichtigt."
          : saved.tenant_emailed
            ? "Der Mieter wurde per E-Mail benachrichtigt."
            : "Der Mieter sieht den neuen Status im Portal; E-Mail hat er abbestellt.",
      });
      reset({ ...getValues(), status: "", note_to_tenant: "", reason: "" });
    } catch (error) {
      showApiErrors(error, setError, ["status", "planned_date", "planned_window", "note_to_tenant", "reason"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <Field label="Neuer Status" className="max-w-sm content-start" error={errors.status?.message}>
        {(control) => (
          <NativeSelect {...control} {...register("status")}>
            <option value="">Bitte wählen</option>
            {TARGETS.filter((t) => t !== repair.status || t === "scheduled").map((t) => (
              <option key={t} value={t}>
                {t === "canceled" ? "Stornieren" : REPAIR_STATUS_LABELS[t].label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {status === "scheduled" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Geplantes Datum"
            className="content-start"
            error={errors.planned_date?.message}
            inputProps={{ type: "date", min: berlinDate(new Date()), ...register("planned_date") }}
          />
          <Field
            label="Zeitfenster (optional)"
            className="content-start"
            error={errors.planned_window?.message}
            inputProps={{ placeholder: "z. B. 8–12 Uhr", maxLength: 40, ...register("planned_window") }}
          />
        </div>
      ) : null}
      {status === "canceled" ? (
        <Field
          label="Grund der Stornierung"
          hint={
            repair.tenant
              ? "Der Mieter sieht den Grund im Verlauf der Reparatur und per E-Mail."
              : "Steht im Verlauf der Reparatur (für Mitarbeiter)."
          }
          error={errors.reason?.message}
        >
          {(control) => <Textarea {...control} rows={3} {...register("reason")} />}
        </Field>
      ) : status && repair.tenant ? (
        <Field
          label="Nachricht an den Mieter (optional)"
          hint="Erscheint im Verlauf der Reparatur und in der E-Mail an den Mieter."
          error={errors.note_to_tenant?.message}
        >
          {(control) => <Textarea {...control} rows={3} {...register("note_to_tenant")} />}
        </Field>
      ) : null}
      <Button
        type="submit"
        className="w-fit"
        disabled={change.isPending}
        variant={status === "canceled" ? "destructive" : "default"}
      >
        {change.isPending ? "Wird gespeichert…" : status === "canceled" ? "Reparatur stornieren" : "Status ändern"}
      </Button>
    </form>
  );
}
