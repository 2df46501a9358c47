import { appointmentDeclineRequest, type StaffAppointment } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError, TextAreaField } from "@/components/form-controls";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { useAppointmentAction } from "./api";

export function DeclineForm({ appointment }: { appointment: StaffAppointment }) {
  const decline = useAppointmentAction<{ reason: string }>(appointment.id, "decline");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(appointmentDeclineRequest, { reason });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      await decline.mutateAsync(checked.data);
      toast({ title: "Terminanfrage abgelehnt", description: "Der Mieter wurde per E-Mail benachrichtigt." });
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormError message={errors._form} />
      <TextAreaField
        label="Grund"
        hint="Der Mieter sieht den Grund in der App und in der E-Mail."
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
      />
      <Button type="submit" variant="destructive" className="w-fit" disabled={decline.isPending}>
        {decline.isPending ? "Wird gespeichert…" : "Anfrage ablehnen"}
      </Button>
    </form>
  );
}
