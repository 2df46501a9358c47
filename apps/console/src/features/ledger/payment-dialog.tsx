import { recordPaymentRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { toast } from "@mieter-portal/ui/use-toast";
import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormError, TextField } from "@/components/form-controls";
import { berlinDate } from "@/lib/berlin-time";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { formatMoney } from "@/lib/format";
import { useRecordPayment } from "./api";
import { parseEuros } from "./labels";

/** Records a payment by hand (cash, a transfer seen elsewhere): applied to the oldest open charges. */
export function PaymentDialog({ tenancyId }: { tenancyId: string }) {
  const record = useRecordPayment(tenancyId);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState("");
  const [bookedOn, setBookedOn] = useState(() => berlinDate(new Date()));
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const euros = parseEuros(amount);
    const checked = validate(recordPaymentRequest, {
      amount: euros ?? Number.NaN,
      booked_on: bookedOn,
      note: note.trim() || undefined,
    });
    if (euros === undefined) {
      return setErrors({ ...(checked.errors ?? {}), amount: "Bitte einen Betrag in Euro angeben, z. B. 750,00." });
    }
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      await record.mutateAsync(checked.data);
      toast({ title: "Zahlung erfasst", description: formatMoney(checked.data.amount) });
      setOpen(false);
      setAmount("");
      setNote("");
    } catch (err) {
      setErrors(errorsFromApi(err));
    }
  }

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
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormError message={errors._form} />
          <TextField
            label="Betrag (€)"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount}
            placeholder="750,00"
          />
          <TextField
            label="Gebucht am"
            type="date"
            value={bookedOn}
            onChange={(e) => setBookedOn(e.target.value)}
            error={errors.booked_on}
          />
          <TextField
            label="Notiz (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={errors.note}
            placeholder="z. B. Barzahlung im Büro"
          />
          <Button type="submit" className="w-fit" disabled={record.isPending}>
            {record.isPending ? "Wird gespeichert…" : "Erfassen"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
