import type { StaffAppointment } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError, TextAreaField, TextField } from "@/components/form-controls";
import { berlinDate } from "@/lib/berlin-time";
import { errorsFromApi, type FieldErrors } from "@/lib/form";
import { type TimeProposal, useAppointmentAction } from "./api";
import { freeRange } from "./slot-times";
import { TimeRangeFields } from "./time-range-fields";

/** Another time than the tenant asked for; the tenant confirms or declines it in the app. */
export function ProposeForm({ appointment }: { appointment: StaffAppointment }) {
  const propose = useAppointmentAction<TimeProposal>(appointment.id, "propose");
  const [range, setRange] = useState({ date: appointment.requested_date ?? "", start: "09:00", end: "10:00" });
  const [location, setLocation] = useState(appointment.location ?? "");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = freeRange(range.date, range.start, range.end);
    if ("error" in result) return setErrors({ [result.field]: result.error });
    setErrors({});
    try {
      await propose.mutateAsync({ ...result, location: location || null, note_to_tenant: note || null });
      toast({ title: "Neuer Termin vorgeschlagen", description: "Der Mieter kann ihn in der App bestätigen." });
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormError message={errors._form} />
      <TimeRangeFields
        {...range}
        minDate={berlinDate(new Date())}
        errors={errors}
        onChange={(change) => setRange((r) => ({ ...r, ...change }))}
      />
      <TextField
        label="Ort (optional)"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
        error={errors.location}
      />
      <TextAreaField
        label="Nachricht an den Mieter (optional)"
        rows={3}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note_to_tenant}
      />
      <Button type="submit" className="w-fit" disabled={propose.isPending}>
        {propose.isPending ? "Wird gesendet…" : "Termin vorschlagen"}
      </Button>
    </form>
  );
}
