import { zodResolver } from "@hookform/resolvers/zod";
import { staffNewAppointmentRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { into } from "@/components/form-schema";
import { addDaysToDate, berlinDate } from "@/lib/berlin-time";
import { APPOINTMENT_TYPE_LABELS } from "@/lib/labels";
import { useNewAppointment } from "../api";
import { freeRangeShape, TimeRangeFields, toFreeRange } from "./time-range-fields";

type NewAppointmentRequest = z.output<typeof staffNewAppointmentRequest>;

/** The dialog's texts (the tenant's id not on screen) as the contracts' request. */
export const newAppointmentSchema = z
  .object({
    tenant_id: z.string(),
    type: z.string(),
    title: z.string(),
    ...freeRangeShape,
    location: z.string(),
    note_to_tenant: z.string(),
  })
  .transform(toFreeRange)
  .transform(into(staffNewAppointmentRequest));
type NewAppointmentValues = z.input<typeof newAppointmentSchema>;

/** 'Neuen Termin vorschlagen': the tenant confirms or declines it in the app. */
export function NewAppointmentDialog({ tenantId, tenantName }: { tenantId: string; tenantName: string }) {
  const create = useNewAppointment();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewAppointmentValues, unknown, NewAppointmentRequest>({
    resolver: zodResolver(newAppointmentSchema),
    defaultValues: {
      tenant_id: tenantId,
      type: "inspection",
      title: "",
      date: addDaysToDate(berlinDate(new Date()), 1),
      start: "09:00",
      end: "10:00",
      location: "",
      note_to_tenant: "",
    },
  });
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = {
    type: register("type"),
    title: register("title"),
    date: register("date"),
    start: register("start"),
    end: register("end"),
    location: register("location"),
    note_to_tenant: register("note_to_tenant"),
  };

  async function onSubmit(body: NewAppointmentRequest) {
    try {
      await create.mutateAsync(body);
      toast({ title: "Termin vorgeschlagen", description: `${tenantName} kann ihn in der App bestätigen.` });
      setOpen(false);
    } catch (error) {
      showApiErrors(error, setError, ["type", "title", "start", "end", "location", "note_to_tenant"]);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarPlus aria-hidden="true" />
        Neuen Termin vorschlagen
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Neuen Termin vorschlagen</DialogTitle>
          <DialogDescription>
            Für {tenantName}. Der Mieter sieht den Vorschlag im Portal und bekommt eine E-Mail, wenn er E-Mails nicht
            abbestellt hat.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <FormError message={errors.root?.message ?? errors.tenant_id?.message} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Art" className="content-start" error={errors.type?.message}>
              {(control) => (
                <NativeSelect {...control} {...field.type}>
                  {Object.entries(APPOINTMENT_TYPE_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field
              label="Titel (optional)"
              className="content-start"
              error={errors.title?.message}
              inputProps={field.title}
            />
          </div>
          <TimeRangeFields fields={field} errors={errors} minDate={berlinDate(new Date())} />
          <Field label="Ort (optional)" error={errors.location?.message} inputProps={field.location} />
          <Field label="Nachricht an den Mieter (optional)" error={errors.note_to_tenant?.message}>
            {(control) => <Textarea {...control} rows={3} {...field.note_to_tenant} />}
          </Field>
          <Button type="submit" className="w-fit" disabled={create.isPending}>
            {create.isPending ? "Wird gesendet…" : "Termin vorschlagen"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
