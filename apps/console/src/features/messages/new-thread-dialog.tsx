import { staffNewThreadRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { toast } from "@mieter-portal/ui/use-toast";
import { MailPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { FormError, TextAreaField, TextField } from "@/components/form-controls";
import { paths } from "@/config/paths";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { tenantToldText, useNewThread } from "./api";

export function NewThreadDialog({ tenantId, tenantName }: { tenantId: string; tenantName: string }) {
  const create = useNewThread();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState("");
  const [content, setContent] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(staffNewThreadRequest, { tenant_id: tenantId, subject, content });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      const thread = await create.mutateAsync(checked.data);
      toast({ title: "Nachricht gesendet", description: tenantToldText(thread.tenant_emailed, "Nachricht") });
      setOpen(false);
      navigate(paths.thread(thread.id));
    } catch (error) {
      setErrors(errorsFromApi(error));
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
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormError message={errors._form} />
          <TextField
            label="Betreff"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            error={errors.subject}
          />
          <TextAreaField
            label="Nachricht"
            rows={6}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            error={errors.content}
          />
          <Button type="submit" className="w-fit" disabled={create.isPending}>
            {create.isPending ? "Wird gesendet…" : "Senden"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
