import { zodResolver } from "@hookform/resolvers/zod";
import { type SepaMandate, type SepaMandateCreate, sepaMandateCreate } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { toast } from "@mieter-portal/ui/use-toast";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { ApiError } from "@/lib/api-client";
import { berlinDate } from "@/lib/berlin-time";
import { formatCalendarDate } from "@/lib/format";
import { useCreateMandate } from "../api";

const shape = sepaMandateCreate.shape;

/** The signed paper mandate's data as the contracts' request (without tenancy and replace). */
const mandateFormSchema = z.object({
  signed_on: z.string().trim().min(1, { error: "Bitte das Datum der Unterschrift angeben." }).pipe(shape.signed_on),
  debtor_name: shape.debtor_name,
  iban: shape.iban,
  bic: shape.bic,
});
type MandateValues = z.input<typeof mandateFormSchema>;
type MandateData = z.output<typeof mandateFormSchema>;
const FIELDS = ["signed_on", "debtor_name", "iban", "bic"] as const;

/**
 * "Mandat erfassen": a mandate the tenant signed on paper. A tenancy has one active mandate; a new
 * one replaces it only after the person said so (the server refuses it with 409 otherwise).
 */
export function MandateDialog({
  tenancyId,
  tenantName,
  active,
}: {
  tenancyId: string;
  tenantName: string;
  active: SepaMandate | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant={active ? "outline" : "default"} onClick={() => setOpen(true)}>
        Mandat erfassen
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Mandat erfassen</DialogTitle>
          <DialogDescription>
            Die Angaben des unterschriebenen SEPA-Lastschriftmandats von {tenantName}. Das Papier bewahren Sie auf.
          </DialogDescription>
        </DialogHeader>
        <MandateForm tenancyId={tenancyId} tenantName={tenantName} active={active} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

export function MandateForm({
  tenancyId,
  tenantName,
  active,
  onDone,
}: {
  tenancyId: string;
  tenantName: string;
  active: SepaMandate | null;
  onDone: () => void;
}) {
  const create = useCreateMandate();
  const [confirm, setConfirm] = useState<{ body: SepaMandateCreate; reference: string | null } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MandateValues, unknown, MandateData>({
    resolver: zodResolver(mandateFormSchema),
    defaultValues: { signed_on: berlinDate(new Date()), debtor_name: tenantName, iban: "", bic: "" },
  });

  async function send(body: SepaMandateCreate) {
    try {
      const mandate = await create.mutateAsync(body);
      toast({ title: "Mandat erfasst", description: `Mandatsreferenz ${mandate.reference}` });
      onDone();
    } catch (error) {
      // Another person recorded a mandate meanwhile: ask before replacing it.
      if (error instanceof ApiError && error.status === 409 && !body.replace) {
        setConfirm({ body, reference: null });
        return;
      }
      setConfirm(null);
      showApiErrors(error, setError, FIELDS, { quietWhenField: true });
    }
  }

  async function onSubmit(values: MandateData) {
    const body: SepaMandateCreate = { tenancy_id: tenancyId, ...values };
    if (active) setConfirm({ body, reference: active.reference });
    else await send(body);
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <Field
        label="Unterschrieben am"
        error={errors.signed_on?.message}
        inputProps={{ type: "date", ...register("signed_on") }}
      />
      <Field
        label="Kontoinhaber"
        hint="Wie auf dem Mandat, wenn das Konto nicht dem Mieter gehört."
        error={errors.debtor_name?.message}
        inputProps={{ autoComplete: "off", ...register("debtor_name") }}
      />
      <Field
        label="IBAN"
        error={errors.iban?.message}
        inputProps={{ autoComplete: "off", spellCheck: false, ...register("iban") }}
      />
      <Field
        label="BIC (optional)"
        error={errors.bic?.message}
        inputProps={{ autoComplete: "off", spellCheck: false, ...register("bic") }}
      />
      {confirm ? (
        <div
          role="alert"
          className="grid gap-3 rounded-lg border border-warning-soft-foreground/30 bg-warning-soft p-3 text-sm text-warning-soft-foreground"
        >
          <p className="flex items-start gap-2">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {confirm.reference
                ? `Das aktive Mandat ${confirm.reference}${active ? ` (unterschrieben am ${formatCalendarDate(active.signed_on)})` : ""} wird widerrufen und durch das neue ersetzt.`
                : "Für dieses Mietverhältnis ist inzwischen ein aktives Mandat erfasst. Es wird widerrufen und durch das neue ersetzt."}{" "}
              Künftige Einzüge gehen vom neuen Konto ab.
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              disabled={create.isPending}
              onClick={() => void send({ ...confirm.body, replace: true })}
            >
              {create.isPending ? "Wird gespeichert…" : "Mandat ersetzen"}
            </Button>
            <Button type="button" variant="outline" onClick={() => setConfirm(null)}>
              Zurück
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" className="w-fit" disabled={create.isPending}>
          {create.isPending ? "Wird gespeichert…" : "Mandat speichern"}
        </Button>
      )}
    </form>
  );
}
