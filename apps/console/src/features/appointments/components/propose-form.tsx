import { zodResolver } from "@hookform/resolvers/zod";
import { appointmentProposeRequest, type StaffAppointment } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { into } from "@/components/form-schema";
import { berlinDate, berlinTime } from "@/lib/berlin-time";
import { type TimeProposal, useAppointmentAction } from "../api";
import { freeRangeShape, TimeRangeFields, toFreeRange } from "./time-range-fields";

const RESCHEDULE_REASON_NEEDED = "Bitte nennen Sie dem Mieter den Grund, warum der Termin verschoben wird.";

type ProposeRequest = z.output<typeof appointmentProposeRequest>;

/** Another time's texts as the contracts' request; moving a confirmed appointment needs the reason. */
export function proposeSchema(reschedule: boolean) {
  return z
    .object({ ...freeRangeShape, location: z.string(), note_to_tenant: z.string() })
    .transform((v, ctx) => {
      // Both messages at once: a transform after a failed check would not run.
      const noReason = reschedule && !v.note_to_tenant.trim();
      if (noReason) ctx.addIssue({ code: "custom", message: RESCHEDULE_REASON_NEEDED, path: ["note_to_tenant"] });
      const request = toFreeRange(v, ctx);
      return noReason ? z.NEVER : request;
    })
    .transform(into(appointmentProposeRequest));
}
type ProposeValues = z.input<ReturnType<typeof proposeSchema>>;

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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProposeValues, unknown, ProposeRequest>({
    resolver: zodResolver(proposeSchema(reschedule)),
    defaultValues: {
      ...(reschedule
        ? {
            date: berlinDate(new Date(appointment.start_time)),
            start: berlinTime(new Date(appointment.start_time)),
            end: berlinTime(new Date(appointment.end_time)),
          }
        : { date: appointment.requested_date ?? "", start: "09:00", end: "10:00" }),
      location: appointment.location ?? "",
      note_to_tenant: "",
    },
  });
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = {
    date: register("date"),
    start: register("start"),
    end: register("end"),
    location: register("location"),
    note_to_tenant: register("note_to_tenant"),
  };

  async function onSubmit(body: ProposeRequest) {
    try {
      await propose.mutateAsync(body);
      toast(
        reschedule
          ? { title: "Termin verschoben", description: "Der Mieter bestätigt die neue Zeit in der App." }
          : { title: "Neuer Termin vorgeschlagen", description: "Der Mieter kann ihn in der App bestätigen." },
      );
    } catch (error) {
      showApiErrors(error, setError, ["start", "end", "location", "note_to_tenant"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <TimeRangeFields fields={field} errors={errors} minDate={berlinDate(new Date())} />
      <Field label="Ort (optional)" error={errors.location?.message} inputProps={field.location} />
      <Field
        label={reschedule ? "Grund der Verschiebung" : "Nachricht an den Mieter (optional)"}
        hint={reschedule ? "Der Mieter liest den Grund in der E-Mail und in der App." : undefined}
        error={errors.note_to_tenant?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...field.note_to_tenant} />}
      </Field>
      <Button type="submit" className="w-fit" disabled={propose.isPending}>
        {propose.isPending ? "Wird gesendet…" : reschedule ? "Termin verschieben" : "Termin vorschlagen"}
      </Button>
    </form>
  );
}
