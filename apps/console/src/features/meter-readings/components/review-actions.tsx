import { zodResolver } from "@hookform/resolvers/zod";
import { meterRenewalRequest, type StaffMeterReading } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { useReviewReading } from "../api";

const DEFAULT_MESSAGE =
  "Guten Tag, der gemeldete Zählerstand ist niedriger als Ihre letzte Ablesung. Bitte lesen Sie den Zähler erneut ab und senden Sie uns den Stand mit einem Foto.";

/** For a reading that is not lower than the last one (e.g. checked in a campaign: a photo that does not match). */
const PLAIN_MESSAGE =
  "Guten Tag, bitte lesen Sie den Zähler erneut ab und senden Sie uns den Stand mit einem gut lesbaren Foto.";

type RenewalRequest = z.output<typeof meterRenewalRequest>;

/** Accept the reading, or ask the tenant for a new one with a message. */
export function ReviewActions({ reading }: { reading: StaffMeterReading }) {
  const accept = useReviewReading<Record<string, never>>(reading.id, "accept");
  if (reading.review === "accepted") return <p className="text-sm">Dieser Zählerstand wurde akzeptiert.</p>;
  if (reading.review === "renewal_requested")
    return <p className="text-sm">Der Mieter wurde um eine neue Ablesung gebeten.</p>;
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
      <RenewalForm reading={reading} />
    </div>
  );
}

/** "Neue Ablesung anfordern": the message the tenant reads, prefilled to fit the reading. */
function RenewalForm({ reading }: { reading: StaffMeterReading }) {
  const renew = useReviewReading<RenewalRequest>(reading.id, "request-renewal");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof meterRenewalRequest>, unknown, RenewalRequest>({
    resolver: zodResolver(meterRenewalRequest),
    defaultValues: { message: reading.lower_than_previous.length > 0 ? DEFAULT_MESSAGE : PLAIN_MESSAGE },
  });
  const message = register("message");

  async function onSubmit(body: RenewalRequest) {
    try {
      await renew.mutateAsync(body);
      toast({ title: "Neue Ablesung angefordert", description: "Der Mieter hat Ihre Nachricht erhalten." });
    } catch (error) {
      showApiErrors(error, setError, ["message"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-3 border-t border-border pt-4">
      <FormError message={errors.root?.message} />
      <Field label="Nachricht an den Mieter" error={errors.message?.message}>
        {(control) => <Textarea {...control} rows={4} {...message} />}
      </Field>
      <Button type="submit" variant="outline" className="w-fit" disabled={renew.isPending}>
        {renew.isPending ? "Wird gesendet…" : "Neue Ablesung anfordern"}
      </Button>
    </form>
  );
}
