import { type StaffTenantDetail, staffTenantContactUpdate } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError, TextField } from "@/components/form-controls";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { formatCalendarDate } from "@/lib/format";
import { useEndTenancy, useUpdateContact } from "./api";

/** Name and e-mail address of a tenant. */
export function ContactDialog({ detail }: { detail: StaffTenantDetail }) {
  const update = useUpdateContact();
  const t = detail.tenant;
  const [open, setOpen] = useState(false);
  const [firstName, setFirstName] = useState(detail.contact.first_name);
  const [lastName, setLastName] = useState(detail.contact.last_name);
  const [email, setEmail] = useState(detail.contact.email ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(staffTenantContactUpdate, { first_name: firstName, last_name: lastName, email });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      await update.mutateAsync({ id: t.id, ...checked.data });
      toast({ title: "Kontaktdaten gespeichert" });
      setOpen(false);
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Kontaktdaten ändern
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Kontaktdaten ändern</DialogTitle>
          <DialogDescription>Name und E-Mail-Adresse von {t.name}.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormError message={errors._form} />
          <TextField
            label="Vorname"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            error={errors.first_name}
          />
          <TextField
            label="Nachname"
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            error={errors.last_name}
          />
          <TextField
            label="E-Mail-Adresse"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            hint={detail.invitation.status === "active" ? "Mit dieser Adresse meldet sich der Mieter an." : undefined}
          />
          <Button type="submit" className="w-fit" disabled={update.isPending}>
            {update.isPending ? "Wird gespeichert…" : "Speichern"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Ends the current tenancy; the tenant keeps access 3 months and is asked for the move-out reading. */
export function EndTenancyDialog({ detail }: { detail: StaffTenantDetail }) {
  const end = useEndTenancy();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(detail.tenancy?.end_date ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  if (!detail.tenancy) return null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
      return setErrors({ end_date: "Bitte wählen Sie das Ende des Mietverhältnisses." });
    setErrors({});
    try {
      const result = await end.mutateAsync({ id: detail.tenant.id, end_date: date });
      toast({
        title: "Mietverhältnis beendet",
        description: `Zugang zum Portal bis ${formatCalendarDate(result.access_until)}. ${result.move_out_reading}`,
      });
      setOpen(false);
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {detail.tenancy.end_date ? "Ende ändern" : "Mietverhältnis beenden"}
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Mietverhältnis beenden</DialogTitle>
          <DialogDescription>
            Der Mieter behält den Zugang zum Portal noch 3 Monate nach dem Ende und wird um die Zählerstände zum Auszug
            gebeten.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormError message={errors._form} />
          <TextField
            label="Ende des Mietverhältnisses"
            type="date"
            value={date}
            min={detail.tenancy.start_date}
            onChange={(e) => setDate(e.target.value)}
            error={errors.end_date}
          />
          <Button type="submit" className="w-fit" disabled={end.isPending}>
            {end.isPending ? "Wird gespeichert…" : "Mietverhältnis beenden"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
