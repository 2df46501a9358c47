import { zodResolver } from "@hookform/resolvers/zod";
import { type RentChangeRequest, rentChangeRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { toast } from "@mieter-portal/ui/use-toast";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { parsedText } from "@/components/form-schema";
import { berlinDate } from "@/lib/berlin-time";
import { useChangeRent } from "../api";
import { parseEuros } from "../labels";

/** The first of next month in Berlin. */
function firstOfNextMonth(): string {
  const [y, m] = berlinDate(new Date()).split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

const shape = rentChangeRequest.shape;

/** The new rent's texts as the contracts' request: German amounts, the first of a month. */
const rentChangeSchema = z.object({
  effective_from: shape.effective_from,
  base_rent: parsedText(parseEuros, "Bitte die Kaltmiete in Euro angeben, z. B. 600,00.").pipe(shape.base_rent),
  utilities: parsedText(parseEuros, "Bitte die Nebenkosten in Euro angeben, z. B. 200,00.").pipe(shape.utilities),
});
type RentChangeValues = z.input<typeof rentChangeSchema>;

/** A new rent from the first of a month; charges not paid at all yet from then on follow it. */
export function RentChangeDialog({ tenancyId }: { tenancyId: string }) {
  const [open, setOpen] = useState(false);
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
        <RentChangeForm tenancyId={tenancyId} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RentChangeForm({ tenancyId, onDone }: { tenancyId: string; onDone: () => void }) {
  const change = useChangeRent(tenancyId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RentChangeValues, unknown, RentChangeRequest>({
    resolver: zodResolver(rentChangeSchema),
    defaultValues: { effective_from: firstOfNextMonth(), base_rent: "", utilities: "" },
  });

  async function onSubmit(body: RentChangeRequest) {
    try {
      await change.mutateAsync(body);
      toast({ title: "Mietänderung gespeichert" });
      onDone();
    } catch (error) {
      showApiErrors(error, setError, ["effective_from", "base_rent", "utilities"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <Field
        label="Gültig ab"
        error={errors.effective_from?.message}
        inputProps={{ type: "date", ...register("effective_from") }}
      />
      <Field
        label="Kaltmiete (€)"
        error={errors.base_rent?.message}
        inputProps={{ inputMode: "decimal", ...register("base_rent") }}
      />
      <Field
        label="Nebenkosten (€)"
        error={errors.utilities?.message}
        inputProps={{ inputMode: "decimal", ...register("utilities") }}
      />
      <Button type="submit" className="w-fit" disabled={change.isPending}>
        {change.isPending ? "Wird gespeichert…" : "Speichern"}
      </Button>
    </form>
  );
}
