import { CANNED_REPLY_PLACEHOLDERS, type CannedReply, cannedReplyRequest } from "@mieter-portal/contracts/staff";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@mieter-portal/ui/alert-dialog";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormError, TextAreaField, TextField } from "@/components/form-controls";
import { EmptyState, LoadError, Loading, PageHeader, useDocumentTitle } from "@/components/page";
import { RequireCapability } from "@/components/require-capability";
import { useDeleteCannedReply, useSaveCannedReply } from "@/features/canned-replies/api";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { formatDate } from "@/lib/format";
import { useCan } from "@/lib/me";
import { cannedRepliesQueryOptions } from "@/lib/shared-queries";

function EditDialog({
  reply,
  open,
  onOpenChange,
}: {
  reply: CannedReply | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveCannedReply();
  const keepsShared = useCan("canned_replies");
  const [title, setTitle] = useState(reply?.title ?? "");
  const [body, setBody] = useState(reply?.body ?? "");
  const [personal, setPersonal] = useState(reply ? reply.personal : !keepsShared);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(cannedReplyRequest, reply ? { title, body } : { title, body, personal });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    try {
      await save.mutateAsync({ id: reply?.id, ...checked.data });
      toast({ title: "Textbaustein gespeichert" });
      onOpenChange(false);
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{reply ? "Textbaustein bearbeiten" : "Neuer Textbaustein"}</DialogTitle>
          <DialogDescription>
            {personal
              ? "Ihr eigener Textbaustein: nur Sie sehen ihn beim Antworten."
              : "Alle, die Mietern antworten, fügen ihn beim Antworten ein und passen ihn an."}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormError message={errors._form} />
          <TextField label="Titel" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
          <TextAreaField
            label="Text"
            rows={8}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={errors.body}
            hint={`Platzhalter werden beim Einfügen ausgefüllt: ${CANNED_REPLY_PLACEHOLDERS.join(", ")}. In eine leere Antwort kommt davor die Anrede („Guten Tag Anna Meyer,“).`}
          />
          {keepsShared && !reply ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={personal}
                onChange={(e) => setPersonal(e.target.checked)}
              />
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

function CannedRepliesScreen() {
  const replies = useQuery(cannedRepliesQueryOptions());
  const remove = useDeleteCannedReply();
  const [editing, setEditing] = useState<{ reply: CannedReply | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  return (
    <>
      <PageHeader
        title="Textbausteine"
        description="Vorlagen für häufige Antworten an Mieter: die gemeinsamen der Verwaltung und Ihre eigenen."
        actions={
          <Button onClick={() => setEditing({ reply: null, key: Date.now() })}>
            <Plus aria-hidden="true" />
            Neuer Textbaustein
          </Button>
        }
      />
      {replies.isPending ? (
        <Loading />
      ) : replies.isError ? (
        <LoadError error={replies.error} onRetry={() => replies.refetch()} />
      ) : replies.data.length === 0 ? (
        <EmptyState>Noch keine Textbausteine.</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {replies.data.map((reply) => (
            <li key={reply.id} className="grid gap-2 rounded-xl border border-border bg-card p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="font-semibold">{reply.title}</h2>
                  <p className="text-xs text-muted-foreground">
                    {reply.personal ? "Eigener Textbaustein" : "Gemeinsamer Textbaustein"} · Geändert am{" "}
                    {formatDate(reply.updated_at)}
                  </p>
                </div>
                {reply.editable ? (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setEditing({ reply, key: Date.now() })}
                      aria-label={`„${reply.title}“ bearbeiten`}
                    >
                      Bearbeiten
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setDeleting(reply)}
                      aria-label={`„${reply.title}“ löschen`}
                    >
                      Löschen
                    </Button>
                  </div>
                ) : null}
              </div>
              <p className="text-sm whitespace-pre-wrap text-muted-foreground">{reply.body}</p>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <EditDialog key={editing.key} reply={editing.reply} open onOpenChange={(open) => !open && setEditing(null)} />
      ) : null}
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Textbaustein löschen?</AlertDialogTitle>
            <AlertDialogDescription>
              „{deleting?.title}“ wird {deleting?.personal ? "entfernt" : "für alle Mitarbeiter entfernt"}.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Abbrechen</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                deleting && remove.mutate(deleting.id, { onSuccess: () => toast({ title: "Textbaustein gelöscht" }) })
              }
            >
              Löschen
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

export function Component() {
  useDocumentTitle("Textbausteine");
  return (
    <RequireCapability capability="messages">
      <CannedRepliesScreen />
    </RequireCapability>
  );
}
