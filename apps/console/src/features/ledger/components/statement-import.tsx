import type { CsvMappingRequest, ImportPreview, ImportResult, MappingNeeded } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { toast } from "@mieter-portal/ui/use-toast";
import { Columns3, FileCheck2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { FormError } from "@/components/form-error";
import { Section } from "@/components/page";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useImportStatement, usePreviewStatement, useSaveCsvLayout } from "../api";
import { statementRows } from "../statement-rows";
import { MappingForm } from "./mapping-form";
import type { MappingValues } from "./mapping-schema";
import { PreviewTable } from "./preview-table";
import { type StatementFile, StatementFileForm } from "./statement-file-form";

/** The manager's column mapping of a layout we do not know, and what it was made from. */
interface Mapping {
  layout: MappingNeeded;
  rows: string[][];
  values: MappingValues;
  request: CsvMappingRequest;
}

type Step =
  | { kind: "choose" }
  | { kind: "mapping"; file: StatementFile; layout: MappingNeeded; rows: string[][]; values?: MappingValues }
  | { kind: "preview"; file: StatementFile; preview: ImportPreview; mapping?: Mapping }
  | { kind: "done"; result: ImportResult };

function Booked({ result }: { result: ImportResult }) {
  const unmatched = result.totals.unmatched;
  return (
    <Section title="Gebucht">
      <p className="mb-3 text-sm">
        {unmatched > 0 ? (
          <>
            {unmatched === 1 ? "1 Zeile wartet" : `${unmatched} Zeilen warten`} unter{" "}
            <Link to={paths.ledgerUnmatched} className="text-link underline">
              Nicht zugeordnet
            </Link>{" "}
            auf eine Zuordnung.
          </>
        ) : (
          "Alle Zahlungen wurden zugeordnet."
        )}
      </p>
      <PreviewTable preview={result} />
    </Section>
  );
}

/**
 * A bank statement: chosen, previewed (after the column mapping when its CSV layout is new), booked.
 * A new layout's mapping is remembered when the file is booked, not before: the preview shows first
 * what the mapping reads.
 */
export function StatementImport() {
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [error, setError] = useState<string | null>(null);
  const [bookAnyway, setBookAnyway] = useState<Set<number>>(new Set());
  const preview = usePreviewStatement();
  const commit = useImportStatement();
  const saveLayout = useSaveCsvLayout();

  async function check(file: StatementFile) {
    const result = await preview.mutateAsync(file);
    setBookAnyway(new Set());
    setError(null);
    setStep(
      result.mapping_needed
        ? { kind: "mapping", file, layout: result.mapping_needed, rows: statementRows(file.content) }
        : { kind: "preview", file, preview: result },
    );
  }

  async function checkMapping(request: CsvMappingRequest, values: MappingValues) {
    if (step.kind !== "mapping") return;
    const { file, layout, rows } = step;
    const result = await preview.mutateAsync({ ...file, mapping: request });
    setBookAnyway(new Set());
    setError(null);
    setStep({ kind: "preview", file, preview: result, mapping: { layout, rows, values, request } });
  }

  async function book() {
    if (step.kind !== "preview") return;
    setError(null);
    try {
      const { file, mapping } = step;
      if (mapping) await saveLayout.mutateAsync({ signature: mapping.layout.signature, mapping: mapping.request });
      const result = await commit.mutateAsync({
        ...file,
        ...(mapping ? { mapping: mapping.request } : {}),
        ...(bookAnyway.size > 0 ? { book_anyway: [...bookAnyway] } : {}),
      });
      setStep({ kind: "done", result });
      toast({ title: "Kontoauszug gebucht", description: `${result.totals.match} Zahlungen zugeordnet.` });
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  const booking = saveLayout.isPending || commit.isPending;
  return (
    <div className="grid gap-4">
      <Section title="Datei wählen">
        <StatementFileForm busy={preview.isPending} onChosen={() => setStep({ kind: "choose" })} onSubmit={check} />
      </Section>
      {step.kind === "mapping" ? (
        <Section title={`Spalten zuordnen: ${step.file.filename}`}>
          <MappingForm
            key={step.layout.signature}
            layout={step.layout}
            rows={step.rows}
            defaultValues={step.values}
            busy={preview.isPending}
            onSubmit={checkMapping}
          />
        </Section>
      ) : null}
      {step.kind === "preview" ? (
        <Section
          title={`Vorschau: ${step.file.filename}`}
          actions={
            <Button onClick={book} disabled={booking}>
              <FileCheck2 aria-hidden="true" />
              {booking ? "Wird gebucht…" : "Buchen"}
            </Button>
          }
        >
          <FormError message={error} />
          {step.mapping ? (
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm">
              <p>Gelesen mit Ihrer Spaltenzuordnung; sie wird beim Buchen für dieses Format gespeichert.</p>
              <Button
                variant="outline"
                onClick={() => {
                  const { file, mapping } = step;
                  if (mapping)
                    setStep({
                      kind: "mapping",
                      file,
                      layout: mapping.layout,
                      rows: mapping.rows,
                      values: mapping.values,
                    });
                }}
              >
                <Columns3 aria-hidden="true" />
                Spalten neu zuordnen
              </Button>
            </div>
          ) : null}
          <PreviewTable
            preview={step.preview}
            bookAnyway={bookAnyway}
            onBookAnyway={(line, on) =>
              setBookAnyway((set) => {
                const next = new Set(set);
                if (on) next.add(line);
                else next.delete(line);
                return next;
              })
            }
          />
        </Section>
      ) : null}
      {step.kind === "done" ? <Booked result={step.result} /> : null}
    </div>
  );
}
