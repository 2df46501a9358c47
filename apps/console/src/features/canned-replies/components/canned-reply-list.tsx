import type { CannedReply } from "@mieter-portal/contracts/staff";
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
import { toast } from "@mieter-portal/ui/use-toast";
import { useState } from "react";
import { formatDate } from "@/lib/format";
import { useDeleteCannedReply } from "../api";

/** The Textbausteine with their edit and delete buttons (delete asks first). */
export function CannedReplyList({ replies, onEdit }: { replies: CannedReply[]; onEdit: (reply: CannedReply) => void }) {
  const remove = useDeleteCannedReply();
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  return (
    <>
      <ul className="grid gap-3">
        {replies.map((reply) => (
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
                    onClick={() => onEdit(reply)}
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
