import type { UnmatchedLine } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { toast } from "@mieter-portal/ui/use-toast";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { FormError, TextField } from "@/components/form-controls";
import { errorsFromApi } from "@/lib/form";
import { formatMoney } from "@/lib/format";
import { accountsQueryOptions, useAssignLine } from "./api";

/** Gives a waiting statement line to a rent account found by name, unit or reference. */
export function AssignDialog({ line }: { line: UnmatchedLine }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignLine();
  const accounts = useInfiniteQuery({ ...accountsQueryOptions(q, null), enabled: open && q.length > 1 });
  const items = accounts.data?.pages.flatMap((p) => p.items).slice(0, 10) ?? [];

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);

  async function choose(tenancyId: string, name: string) {
    setError(null);
    try {
      await assign.mutateAsync({ id: line.id, tenancyId });
      toast({ title: "Zahlung zugeordnet", description: `${formatMoney(line.amount)} an ${name}` });
      setOpen(false);
    } catch (err) {
      setError(errorsFromApi(err)._form ?? null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={`${formatMoney(line.amount)} zuordnen`}>
        Zuordnen
      </Button>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Zahlung zuordnen</DialogTitle>
          <DialogDescription>
            {formatMoney(line.amount)} von {line.payer_name ?? "unbekannt"}: „
            {line.remittance ?? "ohne Verwendungszweck"}“
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <FormError message={error} />
          <TextField
            label="Mietkonto suchen"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Name, Wohnung oder Zahlungsreferenz"
            autoFocus
          />
          {q.length > 1 && accounts.isSuccess && items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Kein Mietkonto gefunden.</p>
          ) : null}
          <ul className="grid gap-2" aria-label="Gefundene Mietkonten">
            {items.map((a) => (
              <li
                key={a.tenancy_id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
              >
                <span className="min-w-0 text-sm [overflow-wrap:anywhere]">
                  <strong>{a.tenant_name}</strong>
                  <br />
                  {[a.building_name, a.apartment_number].filter(Boolean).join(", ")} · {a.reference}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={assign.isPending}
                  onClick={() => choose(a.tenancy_id, a.tenant_name)}
                >
                  Diesem Konto zuordnen
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}
