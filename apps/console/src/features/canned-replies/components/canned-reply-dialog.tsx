import { zodResolver } from "@hookform/resolvers/zod";
import { CANNED_REPLY_PLACEHOLDERS, type CannedReply, cannedReplyRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { Textarea } from "@mieter-portal/ui/textarea";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { useCan } from "@/lib/me";
import { useSaveCannedReply } from "../api";

type CannedReplyRequest = z.output<typeof cannedReplyRequest>;

const PLACEHOLDER_HINT = `Platzhalter werden beim Einfügen ausgefüllt: ${CANNED_REPLY_PLACEHOLDERS.join(", ")}. In eine leere Antwort kommt davor die Anrede („Guten Tag Anna Meyer,“).`;

/**
 * A new Textbaustein or one to edit, checked by the contracts' `cannedReplyRequest` (title, text,
 * known placeholders). A Verwalter's new one is their own; an Administrator's is shared unless
 * "Nur für mich" is ticked. An edit keeps whose it is (sends no `personal`).
 */
export function CannedReplyDialog({ reply, onClose }: { reply: CannedReply | null; onClose: () => void }) {
  const save = useSaveCannedReply();
  const keepsShared = useCan("canned_replies");
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof cannedReplyRequest>, unknown, CannedReplyRequest>({
    resolver: zodResolver(cannedReplyRequest),
    defaultValues: {
      title: reply?.title ?? "",
      body: reply?.body ?? "",
      personal: reply ? reply.personal : !keepsShared,
    },
  });
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = { title: register("title"), body: register("body"), personal: register("personal") };
  const personal = useWatch({ control, name: "personal" });

  async function onSubmit({ title, body, personal }: CannedReplyRequest) {
    try {
      await save.mutateAsync(reply ? { id: reply.id, title, body } : { title, body, personal });
      toast({ title: "Textbaustein gespeichert" });
      onClose();
    } catch (error) {
      showApiErrors(error, setError, ["title", "body"]);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{reply ? "Textbaustein bearbeiten" : "Neuer Textbaustein"}</DialogTitle>
          <DialogDescription>
            {personal
              ? "Ihr eigener Textbaustein: nur Sie sehen ihn beim Antworten."
              : "Alle, die Mietern antworten, fügen ihn beim Antworten ein und passen ihn an."}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <FormError message={errors.root?.message} />
          <Field label="Titel" error={errors.title?.message} inputProps={field.title} />
          <Field label="Text" error={errors.body?.message} hint={PLACEHOLDER_HINT}>
            {(control) => <Textarea {...control} rows={8} {...field.body} />}
          </Field>
          {keepsShared && !reply ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" {...field.personal} />
              Nur für mich (eigener Textbaustein)
            </label>
          ) : null}
          <Button type="submit" className="w-fit" disabled={save.isPending}>
            {save.isPending ? "Wird gespeichert…" : "Speichern"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
