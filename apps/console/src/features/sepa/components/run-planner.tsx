import { zodResolver } from "@hookform/resolvers/zod";
import { earliestCollectionDate, SEPA_SEQUENCE_LABELS } from "@mieter-portal/contracts";
import {
  type SepaCreditorSettings,
  type SepaRunPreview,
  type SepaRunRequest,
  sepaRunRequest,
} from "@mieter-portal/contracts/staff";
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
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { toast } from "@mieter-portal/ui/use-toast";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { LoadError, Loading } from "@/components/page";
import { paths } from "@/config/paths";
import { formatCalendarDate, formatLongCalendarDate, formatMoney } from "@/lib/format";
import { buildingsQueryOptions } from "@/lib/shared-queries";
import { runPreviewQueryOptions, useCreateRun } from "../api";
import { addMonths, debits, monthLabel } from "../format";
import { ChargesTable } from "./charges-table";
import { PreviewNotes } from "./preview-notes";

const shape = sepaRunRequest.shape;

/** The form's texts as the contracts' request: "" is every building. */
const runFormSchema = z.object({
  month: shape.month,
  building_id: z
    .string()
    .transform((v) => v || undefined)
    .pipe(shape.building_id),
  collection_date: z.string().trim().min(1, { error: "Bitte ein Einzugsdatum wählen." }).pipe(shape.collection_date),
});
type RunValues = z.input<typeof runFormSchema>;

/**
 * A collection run (issue 28): month, building and collection date (by default the earliest the
 * lead time and the pre-notification allow), the preview of every due charge with what keeps one
 * out of the file, the totals, then "Einzug erstellen" after a last question.
 */
export function RunPlanner({ today, settings }: { today: string; settings: SepaCreditorSettings | null }) {
  const earliest = earliestCollectionDate(today, settings?.lead_days ?? 2, settings?.prenotice_days ?? 5);
  const month = earliest.slice(0, 7);
  const months = [-3, -2, -1, 0, 1].map((n) => addMonths(today.slice(0, 7), n));
  if (!months.includes(month)) months.push(month);
  const buildings = useQuery(buildingsQueryOptions());
  const create = useCreateRun();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<SepaRunRequest | null>(null);
  const form = useForm<RunValues, unknown, SepaRunRequest>({
    resolver: zodResolver(runFormSchema),
    defaultValues: { month, building_id: "", collection_date: earliest },
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, dirtyFields },
  } = form;
  const fields = {
    month: register("month"),
    building_id: register("building_id"),
    collection_date: register("collection_date"),
  };
  const values = useWatch({ control });
  const parsed = runFormSchema.safeParse(values);
  const request = parsed.success ? parsed.data : null;
  const preview = useQuery({
    ...runPreviewQueryOptions(request ?? { month, collection_date: earliest }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });

  // The server knows the lead time best: its earliest date replaces ours while the field is untouched.
  const serverEarliest = preview.data?.earliest_collection_date;
  const dateTouched = dirtyFields.collection_date === true;
  useEffect(() => {
    if (serverEarliest && !dateTouched && serverEarliest !== earliest) setValue("collection_date", serverEarliest);
  }, [serverEarliest, earliest, dateTouched, setValue]);

  async function createRun(body: SepaRunRequest) {
    setConfirm(null);
    try {
      const run = await create.mutateAsync(body);
      toast({
        title: "Einzug erstellt",
        description: `${debits(run.count)} über ${formatMoney(run.amount)} zum ${formatCalendarDate(run.collection_date)}`,
      });
      navigate(paths.sepaRun(run.id));
    } catch (error) {
      showApiErrors(error, setError, ["month", "building_id", "collection_date"]);
    }
  }

  const p = preview.data;
  const ready = p && request && !preview.isPlaceholderData && p.problems.length === 0 && p.totals.count > 0;
  return (
    <div className="grid gap-4">
      <form
        noValidate
        onSubmit={handleSubmit((body) => setConfirm(body))}
        aria-label="Einzug planen"
        className="grid gap-4 rounded-xl border border-border bg-card p-4 md:p-5"
      >
        <FormError message={errors.root?.message} />
        <div className="grid gap-3 md:grid-cols-3">
          <Field label="Monat" error={errors.month?.message} className="content-start">
            {(c) => (
              <NativeSelect {...c} {...fields.month}>
                {months.map((m) => (
                  <option key={m} value={m}>
                    {monthLabel(m)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Gebäude" error={errors.building_id?.message} className="content-start">
            {(c) => (
              <NativeSelect {...c} {...fields.building_id}>
                <option value="">Alle meine Gebäude</option>
                {(buildings.data ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            label="Einzugsdatum"
            className="content-start"
            hint={`Frühestens ${formatCalendarDate(serverEarliest ?? earliest)} (Bankarbeitstag).`}
            error={errors.collection_date?.message}
            inputProps={{ type: "date", min: serverEarliest ?? earliest, ...fields.collection_date }}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!ready || create.isPending}>
            {create.isPending ? "Wird erstellt…" : "Einzug erstellen"}
          </Button>
          {p && !ready && !preview.isFetching ? (
            <span className="text-sm text-muted-foreground">
              {p.problems.length > 0
                ? "Erst die Probleme oben beheben."
                : p.totals.count === 0
                  ? "Nichts einzuziehen."
                  : null}
            </span>
          ) : null}
        </div>
      </form>
      {request === null ? null : preview.isPending ? (
        <Loading label="Vorschau wird berechnet…" />
      ) : preview.isError ? (
        <LoadError error={preview.error} onRetry={() => preview.refetch()} />
      ) : (
        <PreviewSection preview={preview.data} updating={preview.isPlaceholderData} />
      )}
      <AlertDialog open={confirm !== null} onOpenChange={(open) => (open ? null : setConfirm(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Einzug erstellen?</AlertDialogTitle>
            <AlertDialogDescription>
              {p
                ? `${debits(p.totals.count)} über ${formatMoney(p.totals.amount)} zum ${confirm ? formatLongCalendarDate(confirm.collection_date) : ""}. `
                : ""}
              Die Mieter erhalten die Vorabankündigung mit Betrag und Datum per E-Mail; die Forderungen stehen dann auf
              „Lastschrift eingereicht“.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Abbrechen</AlertDialogCancel>
            <AlertDialogAction onClick={() => (confirm ? void createRun(confirm) : undefined)}>
              Einzug erstellen
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function PreviewSection({ preview: p, updating }: { preview: SepaRunPreview; updating: boolean }) {
  const withProblems = p.items.filter((i) => i.problems.length > 0);
  return (
    <section
      aria-labelledby="sepa-preview-title"
      aria-busy={updating}
      className="grid gap-3 rounded-xl border border-border bg-card p-4 md:p-5"
    >
      <h2 id="sepa-preview-title" className="text-base font-semibold">
        Vorschau: {monthLabel(p.month)}, Einzug am {formatCalendarDate(p.collection_date)}
      </h2>
      {p.problems.length > 0 ? (
        <ul role="alert" className="grid gap-2" aria-label="Probleme des Einzugs">
          {p.problems.map((problem) => (
            <li
              key={problem}
              className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-danger-soft p-3 text-sm text-danger-soft-foreground"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="[overflow-wrap:anywhere]">{problem}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2" data-testid="sepa-totals">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Im Einzug</dt>
          <dd className="font-semibold">
            {debits(p.totals.count)} · {formatMoney(p.totals.amount)}
          </dd>
        </div>
        {p.totals.by_sequence.map((s) => (
          <div key={s.sequence} className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">
              {SEPA_SEQUENCE_LABELS[s.sequence]} ({s.sequence})
            </dt>
            <dd>
              {s.count} · {formatMoney(s.amount)}
            </dd>
          </div>
        ))}
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Mit Problem, nicht im Einzug</dt>
          <dd className={withProblems.length > 0 ? "font-semibold text-danger-soft-foreground" : ""}>
            {p.totals.with_problems}
          </dd>
        </div>
      </dl>
      {p.items.length === 0 ? (
        <p className="rounded-lg bg-muted px-4 py-6 text-center text-sm text-muted-foreground">
          Keine offenen Mieten in diesem Monat, die per Lastschrift gezahlt werden.
        </p>
      ) : (
        <ChargesTable
          caption="Fällige Mieten des Monats"
          rows={[...withProblems, ...p.items.filter((i) => i.problems.length === 0)].map((i) => ({
            ...i,
            problem: i.problems.length > 0,
            notes: <PreviewNotes item={i} />,
          }))}
        />
      )}
    </section>
  );
}
