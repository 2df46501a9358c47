import { CLOSED_REPAIR_STATUSES } from "@mieter-portal/contracts";
import { repairStatusChange, type StaffRepair } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError, SelectField, TextAreaField, TextField } from "@/components/form-controls";
import { berlinDate } from "@/lib/berlin-time";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { REPAIR_STATUS_LABELS } from "@/lib/labels";
import { type StatusChangeBody, useChangeRepairStatus } from "./api";

const TARGETS: StatusChangeBody["status"][] = ["confirmed", "scheduled", "in_progress", "completed", "canceled"];

/** The next status with a planned date/window, a note to the tenant, or a reason when canceling. */
export function StatusChangeForm({ repair }: { repair: StaffRepair }) {
  const change = useChangeRepairStatus(repair.id);
  const [status, setStatus] = useState<StatusChangeBody["status"] | "">("");
  const [plannedDate, setPlannedDate] = useState(repair.planned_date ?? "");
  const [plannedWindow, setPlannedWindow] = useState(repair.planned_window ?? "");
  const [note, setNote] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  if (CLOSED_REPAIR_STATUSES.includes(repair.status)) {
    return (
      <p className="text-sm text-muted-foreground">
        Diese Reparatur ist abgeschlossen; der Status lässt sich nicht mehr ändern.
      </p>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      status,
      planned_date: status === "scheduled" ? plannedDate || null : undefined,
      planned_window: status === "scheduled" ? plannedWindow : undefined,
      note_to_tenant: status === "canceled" ? undefined : note,
      reason: status === "canceled" ? reason : undefined,
    };
    const checked = validate(repairStatusChange, body);
    if (checked.errors) {
      setErrors(status ? checked.errors : { status: "Bitte wählen Sie den neuen Status." });
      return;
    }
    setErrors({});
    try {
      const saved = await change.mutateAsync(checked.data);
      toast({
        title: "Status gespeichert",
        description: !repair.tenant
          ? "Reparatur der Allgemeinflächen: kein Mieter wird benachrichtigt."
          : saved.tenant_emailed
            ? "Der Mieter wurde per E-Mail benachrichtigt."
            : "Der Mieter sieht den neuen Status im Portal; E-Mail hat er abbestellt.",
      });
      setStatus("");
      setNote("");
      setReason("");
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormError message={errors._form} />
      <SelectField
        label="Neuer Status"
        value={status}
        onChange={(e) => setStatus(e.target.value as StatusChangeBody["status"] | "")}
        error={errors.status}
        className="max-w-sm"
      >
        <option value="">Bitte wählen</option>
        {TARGETS.filter((t) => t !== repair.status || t === "scheduled").map((t) => (
          <option key={t} value={t}>
            {t === "canceled" ? "Stornieren" : REPAIR_STATUS_LABELS[t].label}
          </option>
        ))}
      </SelectField>
      {status === "scheduled" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Geplantes Datum"
            type="date"
            min={berlinDate(new Date())}
            value={plannedDate}
            onChange={(e) => setPlannedDate(e.target.value)}
            error={errors.planned_date}
          />
          <TextField
            label="Zeitfenster (optional)"
            placeholder="z. B. 8–12 Uhr"
            maxLength={40}
            value={plannedWindow}
            onChange={(e) => setPlannedWindow(e.target.value)}
            error={errors.planned_window}
          />
        </div>
      ) : null}
      {status === "canceled" ? (
        <TextAreaField
          label="Grund der Stornierung"
          hint={
            repair.tenant
              ? "Der Mieter sieht den Grund im Verlauf der Reparatur und per E-Mail."
              : "Steht im Verlauf der Reparatur (für Mitarbeiter)."
          }
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          rows={3}
        />
      ) : status && repair.tenant ? (
        <TextAreaField
          label="Nachricht an den Mieter (optional)"
          hint="Erscheint im Verlauf der Reparatur und in der E-Mail an den Mieter."
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note_to_tenant}
          rows={3}
        />
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
