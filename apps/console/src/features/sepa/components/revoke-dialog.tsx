import { zodResolver } from "@hookform/resolvers/zod";
import { type SepaMandate, type SepaMandateRevoke, sepaMandateRevoke } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { useRevokeMandate } from "../api";

type RevokeValues = z.input<typeof sepaMandateRevoke>;

/** "Widerrufen": the tenant revoked the mandate, or the management stops collecting; a reason is optional. */
export function RevokeDialog({ mandate }: { mandate: SepaMandate }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Widerrufen
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-md overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Mandat widerrufen</DialogTitle>
          <DialogDescription>
            Mandat {mandate.reference}: Danach wird von diesem Konto nichts mehr eingezogen. Ein neuer Einzug braucht
            ein neu unterschriebenes Mandat.
          </DialogDescription>
        </DialogHeader>
        <RevokeForm mandate={mandate} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

export function RevokeForm({ mandate, onDone }: { mandate: SepaMandate; onDone: () => void }) {
  const revoke = useRevokeMandate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RevokeValues, unknown, SepaMandateRevoke>({
    resolver: zodResolver(sepaMandateRevoke),
    defaultValues: { reason: "" },
  });
  const reason = register("reason");

  async function onSubmit(body: SepaMandateRevoke) {
    try {
      await revoke.mutateAsync({ id: mandate.id, reason: body.reason || undefined });
      toast({ title: "Mandat widerrufen", description: `Mandatsreferenz ${mandate.reference}` });
      onDone();
    } catch (error) {
      showApiErrors(error, setError, ["reason"], { quietWhenField: true });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <Field label="Grund (optional)" hint="Z. B. „Widerruf des Mieters vom 12.11.“" error={errors.reason?.message}>
        {(control) => <Textarea {...control} rows={3} {...reason} />}
      </Field>
      <Button type="submit" variant="destructive" className="w-fit" disabled={revoke.isPending}>
        {revoke.isPending ? "Wird widerrufen…" : "Mandat widerrufen"}
      </Button>
    </form>
  );
}
