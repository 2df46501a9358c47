import { meterRenewalRequest, type StaffMeterReading } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { type FormEvent, useState } from "react";
import { FormError, TextAreaField } from "@/components/form-controls";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { useReviewReading } from "./api";

const DEFAULT_MESSAGE =
  "Guten Tag, der gemeldete Zählerstand ist niedriger als Ihre letzte Ablesung. Bitte lesen Sie den Zähler erneut ab und senden Sie uns den Stand mit einem Foto.";

/** For a reading that is not lower than the last one (e.g. checked in a campaign: a photo that does not match). */
const PLAIN_MESSAGE =
  "Guten Tag, bitte lesen Sie den Zähler erneut ab und senden Sie uns den Stand mit einem gut lesbaren Foto.";

/** Accept the reading, or ask the tenant for a new one with a message. */
export function ReviewActions({ reading }: { reading: StaffMeterReading }) {
  const accept = useReviewReading<Record<string, never>>(reading.id, "accept");
  const renew = useReviewReading<{ message: string }>(reading.id, "request-renewal");
  const [message, setMessage] = useState(reading.lower_than_previous.length > 0 ? DEFAULT_MESSAGE : PLAIN_MESSAGE);
  const [errors, setErrors] = useState<FieldErrors>({});

  if (reading.review === "accepted") return <p className="text-sm">Dieser Zählerstand wurde akzeptiert.</p>;
  if (reading.review === "renewal_requested")
    return <p className="text-sm">Der Mieter wurde um eine neue Ablesung gebeten.</p>;

  async function onRenew(event: FormEvent) {
    event.preventDefault();
    const checked = validate(meterRenewalRequest, { message });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      await renew.mutateAsync(checked.data);
      toast({ title: "Neue Ablesung angefordert", description: "Der Mieter hat Ihre Nachricht erhalten." });
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <p className="text-sm">Der Stand ist plausibel oder erklärt (z. B. Zählertausch)?</p>
        <Button
          className="w-fit"
          disabled={accept.isPending}
          onClick={() => accept.mutate({}, { onSuccess: () => toast({ title: "Zählerstand akzeptiert" }) })}
        >
          Zählerstand akzeptieren
        </Button>
      </div>
      <form noValidate onSubmit={onRenew} className="grid gap-3 border-t border-border pt-4">
        <FormError message={errors._form} />
        <TextAreaField
          label="Nachricht an den Mieter"
          rows={4}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={errors.message}
        />
        <Button type="submit" variant="outline" className="w-fit" disabled={renew.isPending}>
          {renew.isPending ? "Wird gesendet…" : "Neue Ablesung anfordern"}
        </Button>
      </form>
    </div>
  );
}
