import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Input } from "@mieter-portal/ui/form-field";
import { useQuery } from "@tanstack/react-query";
import { MessageSquareText } from "lucide-react";
import { useId, useState } from "react";
import { Loading } from "@/components/page";
import { cannedRepliesQueryOptions } from "@/lib/shared-queries";

/** Picks a Textbaustein; its text goes into the reply, where it can still be edited. */
export function CannedReplyPicker({ onPick }: { onPick: (body: string) => void }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const searchId = useId();
  const replies = useQuery({ ...cannedRepliesQueryOptions(), enabled: open });
  const term = filter.trim().toLowerCase();
  const shown = (replies.data ?? []).filter(
    (r) => !term || r.title.toLowerCase().includes(term) || r.body.toLowerCase().includes(term),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <MessageSquareText aria-hidden="true" />
        Textbaustein einfügen
      </Button>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Textbaustein einfügen</DialogTitle>
          <DialogDescription>
            Der Text wird an der Stelle eingefügt, an der Sie schreiben, mit Namen und Wohnung des Mieters statt der
            Platzhalter; eine leere Antwort beginnt mit der Anrede. Danach lässt sich alles anpassen.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium">
            Suchen
          </label>
          <Input id={searchId} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        {replies.isPending ? (
          <Loading />
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">Keine Textbausteine gefunden.</p>
        ) : (
          <ul className="grid max-h-[50dvh] gap-2 overflow-y-auto">
            {shown.map((reply) => (
              <li key={reply.id}>
                <button
                  type="button"
                  onClick={() => {
                    onPick(reply.body);
                    setOpen(false);
                  }}
                  className="grid w-full gap-1 rounded-lg border border-border p-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span className="text-sm font-semibold">
                    {reply.title}
                    {reply.personal ? <span className="font-normal text-muted-foreground"> · eigener</span> : null}
                  </span>
                  <span className="line-clamp-2 text-sm text-muted-foreground">{reply.body}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
