import { zodResolver } from "@hookform/resolvers/zod";
import {
  type UnmatchedAssignRequest,
  type UnmatchedLine,
  unmatchedAssignRequest,
} from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { toast } from "@mieter-portal/ui/use-toast";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { into, parsedText } from "@/components/form-schema";
import { formatMoney } from "@/lib/format";
import { accountsQueryOptions, useAssignLine } from "../api";
import { parseEuros } from "../labels";

const cents = (euros: number) => Math.round(euros * 100);

/** The split's texts as the contracts' request; the parts must add up to the line to the cent. */
function splitSchema(lineAmount: number) {
  return z
    .object({
      parts: z.array(
        z.object({
          tenancy_id: z.string(),
          name: z.string(),
          amount: parsedText(parseEuros, "Bitte geben Sie einen Betrag in Euro an."),
        }),
      ),
    })
    .transform(({ parts }, ctx) => {
      const sum = parts.reduce((s, p) => s + cents(p.amount), 0);
      if (parts.length > 0 && sum !== cents(lineAmount)) {
        ctx.addIssue({
          code: "custom",
          path: ["parts"],
          message: `Die Teile ergeben ${formatMoney(sum / 100)}, die Buchung beträgt ${formatMoney(lineAmount)}. Bitte korrigieren Sie die Beträge.`,
        });
        return z.NEVER;
      }
      return { parts: parts.map(({ tenancy_id, amount }) => ({ tenancy_id, amount })) };
    })
    .transform(into(unmatchedAssignRequest));
}
type SplitValues = z.input<ReturnType<typeof splitSchema>>;

/**
 * Gives a waiting statement line to a rent account found by name, unit or reference — the one
 * suggested when the line was matched by someone who does not look after its building — or splits
 * it (a batch entry, a transfer for two flats) into parts that add up to the line exactly.
 */
export function AssignDialog({ line }: { line: UnmatchedLine }) {
  const [open, setOpen] = useState(false);
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
        <AssignForm line={line} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({ line, onDone }: { line: UnmatchedLine; onDone: () => void }) {
  // The search box filters the list below; it is no field of the request.
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [splitting, setSplitting] = useState(false);
  const assign = useAssignLine();
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<SplitValues, unknown, UnmatchedAssignRequest>({
    resolver: zodResolver(splitSchema(line.amount)),
    defaultValues: { parts: [] },
  });
  const parts = useFieldArray({ control, name: "parts" });
  const amounts = useWatch({ control, name: "parts" });
  const partsCents = amounts.reduce((s, p) => s + cents(parseEuros(p.amount) ?? 0), 0);

  const accounts = useInfiniteQuery({ ...accountsQueryOptions(q, null), enabled: q.length > 1 });
  const items = accounts.data?.pages.flatMap((p) => p.items).slice(0, 10) ?? [];

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);

  async function split(body: UnmatchedAssignRequest) {
    try {
      await assign.mutateAsync({ id: line.id, parts: body.parts });
      toast({
        title: "Zahlung aufgeteilt",
        description: `${formatMoney(line.amount)} auf ${parts.fields.length} Mietkonten`,
      });
      onDone();
    } catch (error) {
      showApiErrors(error, setError, []);
    }
  }

  async function choose(tenancyId: string, name: string) {
    clearErrors();
    try {
      await assign.mutateAsync({ id: line.id, tenancyId });
      toast({ title: "Zahlung zugeordnet", description: `${formatMoney(line.amount)} an ${name}` });
      onDone();
    } catch (error) {
      showApiErrors(error, setError, []);
    }
  }

  const sumError = errors.parts?.root?.message ?? errors.parts?.message;
  return (
    <div className="grid gap-3">
      <FormError message={errors.root?.message} />
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
            clearErrors();
          }}
        />
        Auf mehrere Mietkonten aufteilen
      </label>
      {splitting ? (
        <form noValidate onSubmit={handleSubmit(split)} className="grid gap-2" aria-label="Aufteilung">
          {parts.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">Suchen Sie unten die Mietkonten und fügen Sie sie hinzu.</p>
          ) : null}
          <ul className="grid gap-2" aria-label="Teile der Buchung">
            {parts.fields.map((p, index) => (
              <li key={p.id} className="flex flex-wrap items-end gap-2">
                <Field
                  label={`Betrag für ${p.name}`}
                  error={errors.parts?.[index]?.amount?.message}
                  inputProps={{ inputMode: "decimal", ...register(`parts.${index}.amount`) }}
                />
                <Button size="sm" variant="outline" onClick={() => parts.remove(index)}>
                  Entfernen
                </Button>
              </li>
            ))}
          </ul>
          <p className="text-sm" data-testid="split-sum">
            Summe der Teile: {formatMoney(partsCents / 100)} von {formatMoney(line.amount)}
          </p>
          <FormError message={sumError} />
          <Button type="submit" className="w-fit" disabled={parts.fields.length < 2 || assign.isPending}>
            Aufteilen und buchen
          </Button>
        </form>
      ) : null}
      <Field
        label="Mietkonto suchen"
        inputProps={{
          type: "search",
          value: text,
          onChange: (e) => setText(e.target.value),
          placeholder: "Name, Wohnung oder Zahlungsreferenz",
          autoFocus: true,
        }}
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
                disabled={parts.fields.some((p) => p.tenancy_id === a.tenancy_id)}
                onClick={() => parts.append({ tenancy_id: a.tenancy_id, name: a.tenant_name, amount: "" })}
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
  );
}
