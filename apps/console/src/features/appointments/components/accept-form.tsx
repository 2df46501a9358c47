import { zodResolver } from "@hookform/resolvers/zod";
import { timeSlot } from "@mieter-portal/contracts";
import { appointmentAcceptRequest, type StaffAppointment } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { into } from "@/components/form-schema";
import { formatLongCalendarDate } from "@/lib/format";
import { TIME_SLOT_LABELS } from "@/lib/labels";
import { type TimeProposal, useAppointmentAction } from "../api";
import { slotBounds } from "../slot-times";
import { SlotTimeFields, slotTimeShape, startAfterDuration, toSlotRange } from "./time-range-fields";

type AcceptRequest = z.output<typeof appointmentAcceptRequest>;

/** The acceptance's texts: the time inside the slot on the requested day, then the contracts' request. */
export function acceptSchema(date: string, slot: z.infer<typeof timeSlot> | null) {
  return z
    .object({ ...slotTimeShape, location: z.string(), note_to_tenant: z.string() })
    .transform(toSlotRange(date, slot))
    .transform(into(appointmentAcceptRequest));
}
type AcceptValues = z.input<ReturnType<typeof acceptSchema>>;

export function AcceptForm({ appointment }: { appointment: StaffAppointment }) {
  const date = appointment.requested_date;
  if (!date) return <p className="text-sm text-muted-foreground">Für diesen Termin wurde kein Wunschtag angegeben.</p>;
  return <RequestedDayForm appointment={appointment} date={date} />;
}

function RequestedDayForm({ appointment, date }: { appointment: StaffAppointment; date: string }) {
  const accept = useAppointmentAction<TimeProposal>(appointment.id, "accept");
  // An unknown slot (old data) is none: any time of the working day.
  const slot = timeSlot.safeParse(appointment.time_slot).data ?? null;
  const schema = useMemo(() => acceptSchema(date, slot), [date, slot]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<AcceptValues, unknown, AcceptRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      duration: "60",
      start: slotBounds(slot).start,
      location: appointment.location ?? "",
      note_to_tenant: "",
    },
  });
  const duration = Number(watch("duration"));
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = {
    duration: register("duration", {
      onChange: (event) => setValue("start", startAfterDuration(slot, Number(event.target.value), getValues("start"))),
    }),
    start: register("start"),
    location: register("location"),
    note_to_tenant: register("note_to_tenant"),
  };

  async function onSubmit(body: AcceptRequest) {
    try {
      await accept.mutateAsync(body);
      toast({ title: "Termin bestätigt", description: "Der Mieter sieht den Termin im Portal." });
    } catch (error) {
      showApiErrors(error, setError, ["start", "location", "note_to_tenant"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <p className="text-sm">
        Wunsch des Mieters: <strong>{formatLongCalendarDate(date)}</strong>
        {slot ? `, ${TIME_SLOT_LABELS[slot]}` : ""}. Wählen Sie eine genaue Uhrzeit in diesem Zeitfenster.
      </p>
      <FormError message={errors.root?.message} />
      <SlotTimeFields slot={slot} duration={duration} fields={field} errors={errors} />
      <Field label="Ort (optional)" error={errors.location?.message} inputProps={field.location} />
      <Field label="Nachricht an den Mieter (optional)" error={errors.note_to_tenant?.message}>
        {(control) => <Textarea {...control} rows={3} {...field.note_to_tenant} />}
      </Field>
      <Button type="submit" className="w-fit" disabled={accept.isPending}>
        {accept.isPending ? "Wird gespeichert…" : "Termin bestätigen"}
      </Button>
    </form>
  );
}
