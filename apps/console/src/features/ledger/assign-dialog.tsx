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
import { parseEuros } from "./labels";

interface Part {
  tenancyId: string;
  name: string;
  amount: string;
}

/**
 * Gives a waiting statement line to a rent account found by name, unit or reference — the one
 * suggested when the line was matched by someone who does not look after its building — or splits
 * it (a batch entry, a transfer for two flats) into parts that add up to the line exactly.
 */
export function AssignDialog({ line }: { line: UnmatchedLine }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [splitting, setSplitting] = useState(false);
  const [parts, setParts] = useState<Part[]>([]);
  const assign = useAssignLine();
  const partsCents = parts.reduce((s, p) => s + Math.round((parseEuros(p.amount) ?? 0) * 100), 0);
  const lineCents = Math.round(line.amount * 100);

  async function split() {
    setError(null);
    if (parts.some((p) => parseEuros(p.amount) === undefined)) {
      return setError("Bitte geben Sie für jeden Teil einen Betrag in Euro an.");
    }
    if (partsCents !== lineCents) {
      return setError(
        `Die Teile ergeben ${formatMoney(partsCents / 100)}, die Buchung beträgt ${formatMoney(line.amount)}. Bitte korrigieren Sie die Beträge.`,
      );
    }
    try {
      await assign.mutateAsync({
        id: line.id,
        parts: parts.map((p) => ({ tenancy_id: p.tenancyId, amount: parseEuros(p.amount)! })),
      });
      toast({ title: "Zahlung aufgeteilt", description: `${formatMoney(line.amount)} auf ${parts.length} Mietkonten` });
      setOpen(false);
    } catch (err) {
      setError(errorsFromApi(err)._form ?? null);
    }
  }
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
          {line.suggested_tenancy_id && !splitting ? (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm">
              <span>
                Vorschlag: <strong>{line.suggested_tenant_name ?? "Mietkonto"}</strong>
              </span>
              <Button
                size="sm"
                disabled={assign.isPending}
                onClick={() => choose(line.suggested_tenancy_id!, line.suggested_tenant_name ?? "Mietkonto")}
              >
                Vorschlag übernehmen
              </Button>
            </div>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={splitting}
              onChange={(e) => {
                setSplitting(e.target.checked);
                setError(null);
              }}
            />
            Auf mehrere Mietkonten aufteilen
          </label>
          {splitting ? (
            <div className="grid gap-2">
              {parts.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  Suchen Sie unten die Mietkonten und fügen Sie sie hinzu.
                </p>
              ) : null}
              <ul className="grid gap-2" aria-label="Teile der Buchung">
                {parts.map((p) => (
                  <li key={p.tenancyId} className="flex flex-wrap items-end gap-2">
                    <TextField
                      label={`Betrag für ${p.name}`}
                      inputMode="decimal"
                      value={p.amount}
                      onChange={(e) =>
                        setParts((all) =>
                          all.map((x) => (x.tenancyId === p.tenancyId ? { ...x, amount: e.target.value } : x)),
                        )
                      }
                    />
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setParts((all) => all.filter((x) => x.tenancyId !== p.tenancyId))}
                    >
                      Entfernen
                    </Button>
                  </li>
                ))}
              </ul>
              <p className="text-sm" data-testid="split-sum">
                Summe der Teile: {formatMoney(partsCents / 100)} von {formatMoney(line.amount)}
              </p>
              <Button className="w-fit" disabled={parts.length < 2 || assign.isPending} onClick={split}>
                Aufteilen und buchen
              </Button>
            </div>
          ) : null}
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
                {splitting ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={parts.some((p) => p.tenancyId === a.tenancy_id)}
                    onClick={() =>
                      setParts((all) => [...all, { tenancyId: a.tenancy_id, name: a.tenant_name, amount: "" }])
                    }
                  >
                    Als Teil hinzufügen
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={assign.isPending}
                    onClick={() => choose(a.tenancy_id, a.tenant_name)}
                  >
                    Diesem Konto zuordnen
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}
