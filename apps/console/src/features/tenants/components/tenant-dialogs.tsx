import { zodResolver } from "@hookform/resolvers/zod";
import {
  type StaffTenantDetail,
  staffTenancyEndRequest,
  staffTenantContactUpdate,
} from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { toast } from "@mieter-portal/ui/use-toast";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { formatCalendarDate } from "@/lib/format";
import { useEndTenancy, useUpdateContact } from "../api";

type ContactValues = z.input<typeof staffTenantContactUpdate>;
type ContactData = z.output<typeof staffTenantContactUpdate>;

/** Name and e-mail address of a tenant. */
export function ContactDialog({ detail }: { detail: StaffTenantDetail }) {
  const update = useUpdateContact();
  const t = detail.tenant;
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContactValues, unknown, ContactData>({
    resolver: zodResolver(staffTenantContactUpdate),
    defaultValues: {
      first_name: detail.contact.first_name,
      last_name: detail.contact.last_name,
      email: detail.contact.email ?? "",
    },
  });

  async function onSubmit(values: ContactData) {
    try {
      await update.mutateAsync({ id: t.id, ...values });
      toast({ title: "Kontaktdaten gespeichert" });
      setOpen(false);
    } catch (error) {
      showApiErrors(error, setError, ["first_name", "last_name", "email"]);
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
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <FormError message={errors.root?.message} />
          <Field label="Vorname" error={errors.first_name?.message} inputProps={register("first_name")} />
          <Field label="Nachname" error={errors.last_name?.message} inputProps={register("last_name")} />
          <Field
            label="E-Mail-Adresse"
            error={errors.email?.message}
            hint={detail.invitation.status === "active" ? "Mit dieser Adresse meldet sich der Mieter an." : undefined}
            inputProps={{ type: "email", ...register("email") }}
          />
          <Button type="submit" className="w-fit" disabled={update.isPending}>
            {update.isPending ? "Wird gespeichert…" : "Speichern"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The end of the tenancy: a date from the date picker (the contracts' calendar date). */
const endTenancySchema = z.object({
  end_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Bitte wählen Sie das Ende des Mietverhältnisses." })
    .pipe(staffTenancyEndRequest.shape.end_date),
});
type EndTenancyValues = z.infer<typeof endTenancySchema>;

/** Ends the current tenancy; the tenant keeps access 3 months and is asked for the move-out reading. */
export function EndTenancyDialog({ detail }: { detail: StaffTenantDetail }) {
  if (!detail.tenancy) return null;
  return <EndTenancyForm tenantId={detail.tenant.id} tenancy={detail.tenancy} />;
}

function EndTenancyForm({
  tenantId,
  tenancy,
}: {
  tenantId: string;
  tenancy: NonNullable<StaffTenantDetail["tenancy"]>;
}) {
  const end = useEndTenancy();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EndTenancyValues>({
    resolver: zodResolver(endTenancySchema),
    defaultValues: { end_date: tenancy.end_date ?? "" },
  });

  async function onSubmit(values: EndTenancyValues) {
    try {
      const result = await end.mutateAsync({ id: tenantId, end_date: values.end_date });
      toast({
        title: "Mietverhältnis beendet",
        description: `Zugang zum Portal bis ${formatCalendarDate(result.access_until)}. ${result.move_out_reading}`,
      });
      setOpen(false);
    } catch (error) {
      showApiErrors(error, setError, ["end_date"]);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {tenancy.end_date ? "Ende ändern" : "Mietverhältnis beenden"}
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Mietverhältnis beenden</DialogTitle>
          <DialogDescription>
            Der Mieter behält den Zugang zum Portal noch 3 Monate nach dem Ende und wird um die Zählerstände zum Auszug
            gebeten.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <FormError message={errors.root?.message} />
          <Field
            label="Ende des Mietverhältnisses"
            error={errors.end_date?.message}
            inputProps={{ type: "date", min: tenancy.start_date, ...register("end_date") }}
          />
          <Button type="submit" className="w-fit" disabled={end.isPending}>
            {end.isPending ? "Wird gespeichert…" : "Mietverhältnis beenden"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
