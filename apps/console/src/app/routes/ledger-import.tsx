import type { CsvMappingRequest, ImportPreview, ImportResult, MappingNeeded } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Label } from "@mieter-portal/ui/form-field";
import { toast } from "@mieter-portal/ui/use-toast";
import { FileCheck2, Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { FormError, SelectField } from "@/components/form-controls";
import { PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { useImportStatement, usePreviewStatement, useSaveCsvLayout } from "@/features/ledger/api";
import { FinanceOnly } from "@/features/ledger/finance-only";
import { LedgerTabs } from "@/features/ledger/ledger-tabs";
import { PreviewTable } from "@/features/ledger/preview-table";
import { readStatement } from "@/features/ledger/read-statement";
import { errorMessage } from "@/lib/api-client";

type Step =
  | { kind: "choose" }
  | { kind: "mapping"; filename: string; content: string; layout: MappingNeeded }
  | { kind: "preview"; filename: string; content: string; preview: ImportPreview }
  | { kind: "done"; result: ImportResult };

const MAPPED_FIELDS = [
  { key: "booked_on", label: "Buchungstag", required: true },
  { key: "amount", label: "Betrag", required: true },
  { key: "remittance", label: "Verwendungszweck", required: true },
  { key: "value_on", label: "Wertstellung (Valuta)", required: false },
  { key: "payer_name", label: "Name des Zahlers", required: false },
  { key: "payer_iban", label: "IBAN des Zahlers", required: false },
] as const;
type MappedField = (typeof MAPPED_FIELDS)[number]["key"];

/**
 * A CSV layout we do not know: the manager picks, once, the column of each field from the header
 * and the first rows; the mapping is remembered for every later file of that layout.
 */
function MappingStep({
  layout,
  busy,
  onSave,
}: {
  layout: MappingNeeded;
  busy: boolean;
  onSave: (mapping: CsvMappingRequest) => void;
}) {
  const [chosen, setChosen] = useState<Partial<Record<MappedField, number>>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const example = (column: number) =>
    layout.sample
      .map((row) => row[column])
      .filter(Boolean)
      .slice(0, 2)
      .join(" | ");
  function save() {
    const absent = MAPPED_FIELDS.filter((f) => f.required && chosen[f.key] === undefined).map((f) => f.label);
    if (absent.length > 0) return setMissing(`Bitte wählen Sie die Spalte für: ${absent.join(", ")}.`);
    setMissing(null);
    onSave({
      header_row: layout.header_row,
      columns: {
        booked_on: chosen.booked_on!,
        amount: chosen.amount!,
        remittance: [chosen.remittance!],
        ...(chosen.value_on !== undefined ? { value_on: chosen.value_on } : {}),
        ...(chosen.payer_name !== undefined ? { payer_name: chosen.payer_name } : {}),
        ...(chosen.payer_iban !== undefined ? { payer_iban: chosen.payer_iban } : {}),
      },
    });
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Dieses CSV-Format kennen wir noch nicht. Ordnen Sie bitte einmal die Spalten zu; die Zuordnung wird gespeichert
        und für weitere Dateien dieses Formats automatisch verwendet.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {MAPPED_FIELDS.map((f) => (
          <SelectField
            key={f.key}
            label={f.required ? f.label : `${f.label} (optional)`}
            value={chosen[f.key] === undefined ? "" : String(chosen[f.key])}
            onChange={(e) =>
              setChosen((c) => ({ ...c, [f.key]: e.target.value === "" ? undefined : Number(e.target.value) }))
            }
          >
            <option value="">{f.required ? "Bitte wählen" : "Keine"}</option>
            {layout.header.map((name, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by their position
              <option key={i} value={i}>
                {name || `Spalte ${i + 1}`}
                {example(i) ? ` – z. B. ${example(i)}` : ""}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <FormError message={missing} />
      <Button className="w-fit" disabled={busy} onClick={save}>
        {busy ? "Wird gespeichert…" : "Zuordnung speichern und prüfen"}
      </Button>
    </div>
  );
}

function Import() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [error, setError] = useState<string | null>(null);
  const [bookAnyway, setBookAnyway] = useState<Set<number>>(new Set());
  const preview = usePreviewStatement();
  const commit = useImportStatement();
  const saveLayout = useSaveCsvLayout();

  async function check(filename: string, content: string) {
    const result = await preview.mutateAsync({ filename, content });
    setBookAnyway(new Set());
    setStep(
      result.mapping_needed
        ? { kind: "mapping", filename, content, layout: result.mapping_needed }
        : { kind: "preview", filename, content, preview: result },
    );
  }

  async function onPreview(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError("Bitte wählen Sie eine Datei.");
    setError(null);
    try {
      await check(file.name, await readStatement(file));
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function onMapping(mapping: CsvMappingRequest) {
    if (step.kind !== "mapping") return;
    setError(null);
    try {
      await saveLayout.mutateAsync({ signature: step.layout.signature, mapping });
      await check(step.filename, step.content);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function onCommit() {
    if (step.kind !== "preview") return;
    setError(null);
    try {
      const result = await commit.mutateAsync({
        filename: step.filename,
        content: step.content,
        ...(bookAnyway.size > 0 ? { book_anyway: [...bookAnyway] } : {}),
      });
      setStep({ kind: "done", result });
      toast({ title: "Kontoauszug gebucht", description: `${result.totals.match} Zahlungen zugeordnet.` });
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <>
      <PageHeader
        title="Finanzen"
        description="Kontoauszug als CAMT.053 (XML) oder CSV: erst prüfen, dann buchen. Jede Buchung wird nur einmal gebucht – auch wenn derselbe Zeitraum ein zweites Mal oder in einem anderen Format eingelesen wird."
      />
      <LedgerTabs />
      <div className="grid gap-4">
        <Section title="Datei wählen">
          <form noValidate onSubmit={onPreview} className="grid gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={fileId}>Kontoauszug (.csv oder .xml)</Label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.txt,.xml,text/csv,application/xml,text/xml"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setStep({ kind: "choose" });
                }}
                className="block w-full max-w-full min-w-0 text-sm file:mr-3 file:min-h-9 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:text-sm file:font-medium"
              />
              <p className="text-sm font-medium" data-testid="camt-recommended">
                Empfohlen: CAMT.053 (XML) – alle Banken bieten ihn im Online-Banking an.
              </p>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                CSV-Exporte von Sparkasse, DKB, ING, Commerzbank, Volksbanken, Deutscher Bank und Targobank werden
                unverändert gelesen; für jedes andere Format ordnen Sie einmal die Spalten zu. Die Mieter geben ihre
                Zahlungsreferenz (MP-…) im Verwendungszweck an.
              </p>
            </div>
            <FormError message={step.kind === "choose" ? error : null} />
            <Button type="submit" className="w-fit" disabled={preview.isPending}>
              <Upload aria-hidden="true" />
              {preview.isPending ? "Wird geprüft…" : "Prüfen"}
            </Button>
          </form>
        </Section>
        {step.kind === "mapping" ? (
          <Section title={`Spalten zuordnen: ${step.filename}`}>
            <FormError message={error} />
            <MappingStep layout={step.layout} busy={saveLayout.isPending || preview.isPending} onSave={onMapping} />
          </Section>
        ) : null}
        {step.kind === "preview" ? (
          <Section
            title={`Vorschau: ${step.filename}`}
            actions={
              <Button onClick={onCommit} disabled={commit.isPending}>
                <FileCheck2 aria-hidden="true" />
                {commit.isPending ? "Wird gebucht…" : "Buchen"}
              </Button>
            }
          >
            <FormError message={error} />
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
        {step.kind === "done" ? (
          <Section title="Gebucht">
            <p className="mb-3 text-sm">
              {step.result.totals.unmatched > 0 ? (
                <>
                  {step.result.totals.unmatched === 1
                    ? "1 Zeile wartet"
                    : `${step.result.totals.unmatched} Zeilen warten`}{" "}
                  unter{" "}
                  <Link to={paths.ledgerUnmatched} className="text-link underline">
                    Nicht zugeordnet
                  </Link>{" "}
                  auf eine Zuordnung.
                </>
              ) : (
                "Alle Zahlungen wurden zugeordnet."
              )}
            </p>
            <PreviewTable preview={step.result} />
          </Section>
        ) : null}
      </div>
    </>
  );
}

export function Component() {
  useDocumentTitle("Kontoauszug importieren");
  return (
    <FinanceOnly>
      <Import />
    </FinanceOnly>
  );
}
