import { zodResolver } from "@hookform/resolvers/zod";
import { type RecordPaymentRequest, recordPaymentRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { toast } from "@mieter-portal/ui/use-toast";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { into, parsedText } from "@/components/form-schema";
import { berlinDate } from "@/lib/berlin-time";
import { formatMoney } from "@/lib/format";
import { useRecordPayment } from "../api";
import { parseEuros } from "../labels";

const shape = recordPaymentRequest.shape;

/** The payment's texts as the contracts' request: the German amount, an empty note as none. */
const paymentSchema = z.object({
  amount: parsedText(parseEuros, "Bitte einen Betrag in Euro angeben, z. B. 750,00.").pipe(shape.amount),
  booked_on: shape.booked_on,
  note: z
    .string()
    .transform((text) => text.trim() || undefined)
    .transform(into(shape.note)),
});
type PaymentValues = z.input<typeof paymentSchema>;

const emptyPayment = (): PaymentValues => ({ amount: "", booked_on: berlinDate(new Date()), note: "" });

/** Records a payment by hand (cash, a transfer seen elsewhere): applied to the oldest open charges. */
export function PaymentDialog({ tenancyId }: { tenancyId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Zahlung erfassen
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-md overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Zahlung erfassen</DialogTitle>
          <DialogDescription>
            Der Betrag wird mit der ältesten offenen Miete verrechnet; ein Rest bleibt als Guthaben.
          </DialogDescription>
        </DialogHeader>
        <PaymentForm tenancyId={tenancyId} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PaymentForm({ tenancyId, onDone }: { tenancyId: string; onDone: () => void }) {
  const record = useRecordPayment(tenancyId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PaymentValues, unknown, RecordPaymentRequest>({
    resolver: zodResolver(paymentSchema),
    defaultValues: emptyPayment(),
  });

  async function onSubmit(body: RecordPaymentRequest) {
    try {
      await record.mutateAsync(body);
      toast({ title: "Zahlung erfasst", description: formatMoney(body.amount) });
      onDone();
    } catch (error) {
      showApiErrors(error, setError, ["amount", "booked_on", "note"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <Field
        label="Betrag (€)"
        error={errors.amount?.message}
        inputProps={{ inputMode: "decimal", placeholder: "750,00", ...register("amount") }}
      />
      <Field
        label="Gebucht am"
        error={errors.booked_on?.message}
        inputProps={{ type: "date", ...register("booked_on") }}
      />
      <Field
        label="Notiz (optional)"
        error={errors.note?.message}
        inputProps={{ placeholder: "z. B. Barzahlung im Büro", ...register("note") }}
      />
      <Button type="submit" className="w-fit" disabled={record.isPending}>
        {record.isPending ? "Wird gespeichert…" : "Erfassen"}
      </Button>
    </form>
  );
}
