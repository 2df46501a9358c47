import { appointmentDeclineRequest, type StaffAppointment } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError, TextAreaField } from "@/components/form-controls";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { useAppointmentAction } from "./api";

/** Declines a request, or (`cancel`) calls off a confirmed appointment; the reason reaches the tenant. */
export function DeclineForm({ appointment, cancel = false }: { appointment: StaffAppointment; cancel?: boolean }) {
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
      toast(
        cancel
          ? { title: "Termin abgesagt", description: "Der Mieter sieht den Grund im Portal." }
          : { title: "Terminanfrage abgelehnt", description: "Der Mieter sieht den Grund im Portal." },
      );
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
        {decline.isPending ? "Wird gespeichert…" : cancel ? "Termin absagen" : "Anfrage ablehnen"}
      </Button>
    </form>
  );
}
