import type { AppointmentType } from "@mieter-portal/contracts";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { toast } from "@mieter-portal/ui/use-toast";
import { CalendarPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormError, SelectField, TextAreaField, TextField } from "@/components/form-controls";
import { addDaysToDate, berlinDate } from "@/lib/berlin-time";
import { errorsFromApi, type FieldErrors } from "@/lib/form";
import { APPOINTMENT_TYPE_LABELS } from "@/lib/labels";
import { useNewAppointment } from "./api";
import { freeRange } from "./slot-times";
import { TimeRangeFields } from "./time-range-fields";

/** 'Neuen Termin vorschlagen': the tenant confirms or declines it in the app. */
export function NewAppointmentDialog({ tenantId, tenantName }: { tenantId: string; tenantName: string }) {
  const create = useNewAppointment();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<AppointmentType>("inspection");
  const [title, setTitle] = useState("");
  const [range, setRange] = useState(() => ({
    date: addDaysToDate(berlinDate(new Date()), 1),
    start: "09:00",
    end: "10:00",
  }));
  const [location, setLocation] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = freeRange(range.date, range.start, range.end);
    if ("error" in result) return setErrors({ [result.field]: result.error });
    setErrors({});
    try {
      await create.mutateAsync({
        tenant_id: tenantId,
        type,
        title: title || null,
        ...result,
        location: location || null,
        note_to_tenant: note || null,
      });
      toast({ title: "Termin vorgeschlagen", description: `${tenantName} kann ihn in der App bestätigen.` });
      setOpen(false);
    } catch (error) {
      setErrors(errorsFromApi(error));
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
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormError message={errors._form} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Art"
              value={type}
              onChange={(e) => setType(e.target.value as AppointmentType)}
              error={errors.type}
            >
              {(Object.keys(APPOINTMENT_TYPE_LABELS) as AppointmentType[]).map((t) => (
                <option key={t} value={t}>
                  {APPOINTMENT_TYPE_LABELS[t]}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Titel (optional)"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={errors.title}
            />
          </div>
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
          <Button type="submit" className="w-fit" disabled={create.isPending}>
            {create.isPending ? "Wird gesendet…" : "Termin vorschlagen"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
