import { zodResolver } from "@hookform/resolvers/zod";
import { staffNewThreadRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { MailPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { paths } from "@/config/paths";
import { tenantToldText, useNewThread } from "../api";

type NewThreadValues = z.input<typeof staffNewThreadRequest>;
type NewThreadRequest = z.output<typeof staffNewThreadRequest>;

export function NewThreadDialog({ tenantId, tenantName }: { tenantId: string; tenantName: string }) {
  const create = useNewThread();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewThreadValues, unknown, NewThreadRequest>({
    resolver: zodResolver(staffNewThreadRequest),
    defaultValues: { tenant_id: tenantId, subject: "", content: "" },
  });
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = { subject: register("subject"), content: register("content") };

  async function onSubmit(values: NewThreadRequest) {
    try {
      const thread = await create.mutateAsync(values);
      toast({ title: "Nachricht gesendet", description: tenantToldText(thread.tenant_emailed, "Nachricht") });
      setOpen(false);
      navigate(paths.thread(thread.id));
    } catch (error) {
      showApiErrors(error, setError, ["subject", "content"]);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <MailPlus aria-hidden="true" />
        Neue Nachricht
      </Button>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Neue Nachricht</DialogTitle>
          <DialogDescription>An {tenantName}; erscheint in der App unter Nachrichten.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <FormError message={errors.root?.message} />
          <Field label="Betreff" error={errors.subject?.message} inputProps={field.subject} />
          <Field label="Nachricht" error={errors.content?.message}>
            {(control) => <Textarea {...control} rows={6} {...field.content} />}
          </Field>
          <Button type="submit" className="w-fit" disabled={create.isPending}>
            {create.isPending ? "Wird gesendet…" : "Senden"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
