import { rentChangeRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError, TextField } from "@/components/form-controls";
import { berlinDate } from "@/lib/berlin-time";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { useChangeRent } from "./api";
import { parseEuros } from "./labels";

/** The first of next month in Berlin. */
function firstOfNextMonth(): string {
  const [y, m] = berlinDate(new Date()).split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** A new rent from the first of a month; charges not paid at all yet from then on follow it. */
export function RentChangeDialog({ tenancyId }: { tenancyId: string }) {
  const change = useChangeRent(tenancyId);
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(firstOfNextMonth);
  const [base, setBase] = useState("");
  const [utilities, setUtilities] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const baseRent = parseEuros(base);
    const util = parseEuros(utilities);
    const checked = validate(rentChangeRequest, {
      effective_from: from,
      base_rent: baseRent ?? Number.NaN,
      utilities: util ?? Number.NaN,
    });
    const own: FieldErrors = {};
    if (baseRent === undefined) own.base_rent = "Bitte die Kaltmiete in Euro angeben, z. B. 600,00.";
    if (util === undefined) own.utilities = "Bitte die Nebenkosten in Euro angeben, z. B. 200,00.";
    if (checked.errors || Object.keys(own).length > 0) return setErrors({ ...(checked.errors ?? {}), ...own });
    setErrors({});
    try {
      await change.mutateAsync(checked.data!);
      toast({ title: "Mietänderung gespeichert" });
      setOpen(false);
    } catch (err) {
      setErrors(errorsFromApi(err));
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Miete ändern
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-md overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Miete ändern</DialogTitle>
          <DialogDescription>Die neue Miete gilt ab dem Ersten des gewählten Monats.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormError message={errors._form} />
          <TextField
            label="Gültig ab"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={errors.effective_from}
          />
          <TextField
            label="Kaltmiete (€)"
            inputMode="decimal"
            value={base}
            onChange={(e) => setBase(e.target.value)}
            error={errors.base_rent}
          />
          <TextField
            label="Nebenkosten (€)"
            inputMode="decimal"
            value={utilities}
            onChange={(e) => setUtilities(e.target.value)}
            error={errors.utilities}
          />
          <Button type="submit" className="w-fit" disabled={change.isPending}>
            {change.isPending ? "Wird gespeichert…" : "Speichern"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
