import { zodResolver } from "@hookform/resolvers/zod";
import { appointmentDeclineRequest, type StaffAppointment } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { useAppointmentAction } from "../api";

type DeclineValues = z.infer<typeof appointmentDeclineRequest>;

/** Declines a request, or (`cancel`) calls off a confirmed appointment; the reason reaches the tenant. */
export function DeclineForm({ appointment, cancel = false }: { appointment: StaffAppointment; cancel?: boolean }) {
  const decline = useAppointmentAction<{ reason: string }>(appointment.id, "decline");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeclineValues>({
    resolver: zodResolver(appointmentDeclineRequest),
    defaultValues: { reason: "" },
  });

  async function onSubmit(values: DeclineValues) {
    try {
      await decline.mutateAsync(values);
      toast(
        cancel
          ? { title: "Termin abgesagt", description: "Der Mieter sieht den Grund im Portal." }
          : { title: "Terminanfrage abgelehnt", description: "Der Mieter sieht den Grund im Portal." },
      );
    } catch (error) {
      showApiErrors(error, setError, ["reason"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <Field
        label="Grund"
        hint="Der Mieter sieht den Grund in der App und in der E-Mail."
        error={errors.reason?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...register("reason")} />}
      </Field>
      <Button type="submit" variant="destructive" className="w-fit" disabled={decline.isPending}>
        {decline.isPending ? "Wird gespeichert…" : cancel ? "Termin absagen" : "Anfrage ablehnen"}
      </Button>
    </form>
  );
}
