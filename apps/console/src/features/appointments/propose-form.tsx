import type { StaffAppointment } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError, TextAreaField, TextField } from "@/components/form-controls";
import { berlinDate, berlinTime } from "@/lib/berlin-time";
import { errorsFromApi, type FieldErrors } from "@/lib/form";
import { type TimeProposal, useAppointmentAction } from "./api";
import { freeRange } from "./slot-times";
import { TimeRangeFields } from "./time-range-fields";

const RESCHEDULE_REASON_NEEDED = "Bitte nennen Sie dem Mieter den Grund, warum der Termin verschoben wird.";

/**
 * Another time than the tenant asked for; the tenant confirms or declines it in the app. With
 * `reschedule` it moves a confirmed appointment: the reason is required (the tenant reads it in the
 * mail and in the app) and the mail carries the new time for the tenant's calendar.
 */
export function ProposeForm({
  appointment,
  reschedule = false,
}: {
  appointment: StaffAppointment;
  reschedule?: boolean;
}) {
  const propose = useAppointmentAction<TimeProposal>(appointment.id, "propose");
  const [range, setRange] = useState(() =>
    reschedule
      ? {
          date: berlinDate(new Date(appointment.start_time)),
          start: berlinTime(new Date(appointment.start_time)),
          end: berlinTime(new Date(appointment.end_time)),
        }
      : { date: appointment.requested_date ?? "", start: "09:00", end: "10:00" },
  );
  const [location, setLocation] = useState(appointment.location ?? "");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = freeRange(range.date, range.start, range.end);
    if ("error" in result) return setErrors({ [result.field]: result.error });
    if (reschedule && !note.trim()) return setErrors({ note_to_tenant: RESCHEDULE_REASON_NEEDED });
    setErrors({});
    try {
      await propose.mutateAsync({ ...result, location: location || null, note_to_tenant: note.trim() || null });
      toast(
        reschedule
          ? { title: "Termin verschoben", description: "Der Mieter bestätigt die neue Zeit in der App." }
          : { title: "Neuer Termin vorgeschlagen", description: "Der Mieter kann ihn in der App bestätigen." },
      );
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
        label={reschedule ? "Grund der Verschiebung" : "Nachricht an den Mieter (optional)"}
        hint={reschedule ? "Der Mieter liest den Grund in der E-Mail und in der App." : undefined}
        rows={3}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note_to_tenant}
      />
      <Button type="submit" className="w-fit" disabled={propose.isPending}>
        {propose.isPending ? "Wird gesendet…" : reschedule ? "Termin verschieben" : "Termin vorschlagen"}
      </Button>
    </form>
  );
}
