import type { TimeSlot } from "@mieter-portal/contracts";
import type { StaffAppointment } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError, SelectField, TextAreaField, TextField } from "@/components/form-controls";
import { addMinutesToTime } from "@/lib/berlin-time";
import { errorsFromApi, type FieldErrors } from "@/lib/form";
import { formatLongCalendarDate } from "@/lib/format";
import { TIME_SLOT_LABELS } from "@/lib/labels";
import { type TimeProposal, useAppointmentAction } from "./api";
import { acceptedRange, durationOptions, slotBounds, startOptions } from "./slot-times";

/** The time picker of an acceptance: only start times whose end stays inside the requested slot. */
export function SlotTimePicker({
  slot,
  duration,
  start,
  onDuration,
  onStart,
  error,
}: {
  slot: TimeSlot | null;
  duration: number;
  start: string;
  onDuration: (minutes: number) => void;
  onStart: (time: string) => void;
  error?: string;
}) {
  const starts = startOptions(slot, duration);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Dauer"
        value={String(duration)}
        onChange={(e) => {
          const next = Number(e.target.value);
          onDuration(next);
          const allowed = startOptions(slot, next);
          if (!allowed.includes(start)) onStart(allowed[allowed.length - 1] ?? "");
        }}
      >
        {durationOptions(slot).map((d) => (
          <option key={d} value={d}>
            {d < 60 ? `${d} Minuten` : d === 60 ? "1 Stunde" : `${d / 60} Stunden`.replace(".", ",")}
          </option>
        ))}
      </SelectField>
      <SelectField label="Beginn" value={start} onChange={(e) => onStart(e.target.value)} error={error}>
        {starts.map((time) => (
          <option key={time} value={time}>
            {time} – {addMinutesToTime(time, duration)} Uhr
          </option>
        ))}
      </SelectField>
    </div>
  );
}

export function AcceptForm({ appointment }: { appointment: StaffAppointment }) {
  const accept = useAppointmentAction<TimeProposal>(appointment.id, "accept");
  const slot = (appointment.time_slot as TimeSlot | null) ?? null;
  const [duration, setDuration] = useState(60);
  const [start, setStart] = useState(slotBounds(slot).start);
  const [location, setLocation] = useState(appointment.location ?? "");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const date = appointment.requested_date;

  if (!date) return <p className="text-sm text-muted-foreground">Für diesen Termin wurde kein Wunschtag angegeben.</p>;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const range = acceptedRange(date!, slot, start, duration);
    if ("error" in range) return setErrors({ start: range.error });
    setErrors({});
    try {
      await accept.mutateAsync({ ...range, location: location || null, note_to_tenant: note || null });
      toast({ title: "Termin bestätigt", description: "Der Mieter sieht den Termin im Portal." });
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm">
        Wunsch des Mieters: <strong>{formatLongCalendarDate(date)}</strong>
        {slot ? `, ${TIME_SLOT_LABELS[slot]}` : ""}. Wählen Sie eine genaue Uhrzeit in diesem Zeitfenster.
      </p>
      <FormError message={errors._form ?? errors.end} />
      <SlotTimePicker
        slot={slot}
        duration={duration}
        start={start}
        onDuration={setDuration}
        onStart={setStart}
        error={errors.start}
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
      <Button type="submit" className="w-fit" disabled={accept.isPending}>
        {accept.isPending ? "Wird gespeichert…" : "Termin bestätigen"}
      </Button>
    </form>
  );
}
