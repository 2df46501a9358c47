import { zodResolver } from "@hookform/resolvers/zod";
import type { CsvMappingRequest, MappingNeeded } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { FieldError } from "@mieter-portal/ui/field-error";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { Plus, X } from "lucide-react";
import { type UseFormRegisterReturn, useFieldArray, useForm } from "react-hook-form";
import { FormError, showApiErrors } from "@/components/form-error";
import { HEADER_SEARCH_ROWS, headerAndSample } from "../statement-rows";
import {
  DATE_FORMATS,
  emptyMapping,
  MAX_REMITTANCE_COLUMNS,
  type MappingValues,
  mappingSchema,
  OPTIONAL_COLUMNS,
} from "./mapping-schema";

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The rows the header may be in (the server looks in the first 30), blank ones left out. */
function headerChoices(rows: string[][], guessed: number): { row: number; label: string }[] {
  const choices = rows
    .slice(0, HEADER_SEARCH_ROWS)
    .map((cells, row) => ({ row, label: `Zeile ${row + 1}: ${cut(cells.filter(Boolean).join(" · "), 90)}` }))
    .filter((choice) => (rows[choice.row] ?? []).some((cell) => cell !== ""));
  if (!choices.some((c) => c.row === guessed)) choices.unshift({ row: guessed, label: `Zeile ${guessed + 1}` });
  return choices;
}

/** The chosen header's columns, one per row (fits a narrow screen), with the values of the first rows below it. */
function SampleTable({ header, sample }: { header: string[]; sample: string[][] }) {
  return (
    <table className="w-full table-fixed text-left text-sm" data-testid="mapping-sample">
      <caption className="mb-1 text-left text-sm font-medium">Die Spalten der Datei mit den ersten Zeilen</caption>
      <thead className="bg-muted">
        <tr>
          <th scope="col" className="w-20 px-2 py-1.5 font-medium">
            Spalte
          </th>
          <th scope="col" className="w-1/3 px-2 py-1.5 font-medium">
            Name
          </th>
          <th scope="col" className="px-2 py-1.5 font-medium">
            Erste Zeilen
          </th>
        </tr>
      </thead>
      <tbody>
        {header.map((name, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by their position
          <tr key={i} className="border-t border-border">
            <th scope="row" className="px-2 py-1.5 align-top font-normal">
              {i + 1}
            </th>
            <td className="px-2 py-1.5 align-top [overflow-wrap:anywhere]">{name || "(ohne Namen)"}</td>
            <td className="px-2 py-1.5 align-top [overflow-wrap:anywhere]">
              {sample
                .map((row) => row[i] ?? "")
                .map((value, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the file's rows in their order
                  <span key={r} className="block min-h-5">
                    {value || <span className="text-muted-foreground">(leer)</span>}
                  </span>
                ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A select of the header's columns, each with the first values below it. */
function ColumnSelect({
  label,
  registered,
  error,
  hint,
  none,
  header,
  sample,
}: {
  label: string;
  registered: UseFormRegisterReturn;
  error: string | undefined;
  hint: string | undefined;
  none: string;
  header: string[];
  sample: string[][];
}) {
  const example = (i: number) =>
    cut(
      sample
        .map((row) => row[i] ?? "")
        .filter(Boolean)
        .slice(0, 2)
        .join(" | "),
      60,
    );
  return (
    <Field label={label} error={error} hint={hint} className="content-start">
      {(c) => (
        <NativeSelect {...c} {...registered}>
          <option value="">{none}</option>
          {header.map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by their position
            <option key={i} value={i}>
              {`Spalte ${i + 1}: ${name || "(ohne Namen)"}${example(i) ? ` – z. B. ${example(i)}` : ""}`}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/**
 * A CSV layout we do not know: the manager says once which row holds the column names and which
 * column holds each field (amount as one column or as Soll and Haben, several Verwendungszweck
 * columns); the preview reads the file with it, and booking remembers it for the layout.
 */
export function MappingForm({
  layout,
  rows,
  defaultValues,
  busy,
  onSubmit,
}: {
  layout: MappingNeeded;
  /** The file's first records (statementRows), to offer other header rows. */
  rows: string[][];
  defaultValues?: MappingValues | undefined;
  busy: boolean;
  /** Previews the file with the mapping; a failed request is shown above the form. */
  onSubmit: (mapping: CsvMappingRequest, values: MappingValues) => Promise<void>;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    getValues,
    watch,
    formState: { errors },
  } = useForm<MappingValues, unknown, CsvMappingRequest>({
    resolver: zodResolver(mappingSchema),
    defaultValues: defaultValues ?? emptyMapping(layout.header_row),
  });
  const remittance = useFieldArray({ control, name: "remittance" });
  const headerRow = Number(watch("header_row"));
  const amountMode = watch("amount_mode");
  const { header, sample } =
    headerRow === layout.header_row
      ? { header: layout.header, sample: layout.sample }
      : headerAndSample(rows, headerRow);

  // Registered before the JSX, in the order of the screen: the first field with an error gets the focus.
  const fields = {
    header_row: register("header_row", {
      // Other column names: the columns chosen so far meant the old ones.
      onChange: (e: { target: { value: string } }) =>
        reset({ ...emptyMapping(Number(e.target.value)), date_format: getValues("date_format") }),
    }),
    booked_on: register("booked_on"),
    amount_mode: register("amount_mode"),
    amount: register("amount"),
    debit: register("debit"),
    credit: register("credit"),
    remittance: remittance.fields.map((_, i) => register(`remittance.${i}.column`)),
    optional: OPTIONAL_COLUMNS.map((c) => register(c.key)),
    date_format: register("date_format"),
  };

  const columnSelect = (
    label: string,
    registered: UseFormRegisterReturn,
    error: string | undefined,
    hint: string | undefined = undefined,
    optional = false,
  ) => (
    <ColumnSelect
      key={registered.name}
      label={optional ? `${label} (optional)` : label}
      registered={registered}
      error={error}
      hint={hint}
      none={optional ? "Keine" : "Bitte wählen"}
      header={header}
      sample={sample}
    />
  );

  async function submit(mapping: CsvMappingRequest) {
    try {
      await onSubmit(mapping, getValues());
    } catch (error) {
      showApiErrors(error, setError, []);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-5" aria-label="Spalten zuordnen">
      <p className="text-sm">
        Dieses CSV-Format kennen wir noch nicht. Bitte ordnen Sie einmal die Spalten zu. Mit „Zuordnung prüfen“ sehen
        Sie, wie die Datei damit gelesen wird; beim Buchen wird die Zuordnung gespeichert und für weitere Dateien dieses
        Formats automatisch verwendet.
      </p>
      <FormError message={errors.root?.message} />
      <div className="grid gap-3">
        <Field
          label="In welcher Zeile stehen die Spaltennamen?"
          hint="Manche Banken schreiben Kontonummer und Zeitraum über die Tabelle; diese Zeilen werden übersprungen."
          error={errors.header_row?.message}
          className="max-w-2xl"
        >
          {(c) => (
            <NativeSelect {...c} {...fields.header_row}>
              {headerChoices(rows, layout.header_row).map((choice) => (
                <option key={choice.row} value={choice.row}>
                  {choice.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {header.length > 0 ? (
          <SampleTable header={header} sample={sample} />
        ) : (
          <p className="text-sm text-muted-foreground">Diese Zeile ist leer; bitte eine andere wählen.</p>
        )}
      </div>

      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-semibold">Pflichtangaben</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {columnSelect("Buchungstag", fields.booked_on, errors.booked_on?.message)}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Der Betrag steht in</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="one" className="size-4 accent-primary" {...fields.amount_mode} />
              einer Spalte (Eingänge positiv, Ausgänge mit Minus)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="split" className="size-4 accent-primary" {...fields.amount_mode} />
              zwei Spalten: Soll und Haben
            </label>
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          {amountMode === "split" ? (
            <>
              {columnSelect("Soll (Ausgänge)", fields.debit, errors.debit?.message)}
              {columnSelect("Haben (Eingänge)", fields.credit, errors.credit?.message)}
            </>
          ) : (
            columnSelect("Betrag", fields.amount, errors.amount?.message)
          )}
        </div>
        <div className="grid gap-3">
          {remittance.fields.map((item, i) => (
            <div key={item.id} className="flex items-end gap-2">
              <div className="min-w-0 flex-1 sm:max-w-[calc(50%-0.5rem)]">
                {columnSelect(
                  i === 0 ? "Verwendungszweck" : `Verwendungszweck, Teil ${i + 1}`,
                  fields.remittance[i]!,
                  errors.remittance?.[i]?.column?.message,
                )}
              </div>
              {i > 0 ? (
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className={errors.remittance?.[i]?.column ? "mb-7" : undefined}
                  aria-label={`Verwendungszweck, Teil ${i + 1} entfernen`}
                  onClick={() => remittance.remove(i)}
                >
                  <X aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          ))}
          <FieldError id="remittance-error" message={errors.remittance?.root?.message ?? errors.remittance?.message} />
          <div className="grid gap-1">
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              disabled={remittance.fields.length >= MAX_REMITTANCE_COLUMNS}
              onClick={() => remittance.append({ column: "" })}
            >
              <Plus aria-hidden="true" />
              Weitere Spalte für den Verwendungszweck
            </Button>
            <p className="text-sm text-muted-foreground">
              Verteilt die Bank den Verwendungszweck auf mehrere Spalten, wählen Sie jede (höchstens{" "}
              {MAX_REMITTANCE_COLUMNS}); sie werden in dieser Reihenfolge zusammengesetzt.
            </p>
          </div>
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-semibold">Weitere Spalten (optional)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {OPTIONAL_COLUMNS.map((c, i) =>
            columnSelect(c.label, fields.optional[i]!, errors[c.key]?.message, c.hint ?? undefined, true),
          )}
          <Field label="Datumsformat" error={errors.date_format?.message} className="content-start">
            {(c) => (
              <NativeSelect {...c} {...fields.date_format}>
                <option value="">Automatisch erkennen</option>
                {DATE_FORMATS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
      </fieldset>

      <Button type="submit" className="w-fit" disabled={busy}>
        {busy ? "Wird geprüft…" : "Zuordnung prüfen"}
      </Button>
    </form>
  );
}
