import type { ImportPreview, ImportResult } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Label } from "@mieter-portal/ui/form-field";
import { toast } from "@mieter-portal/ui/use-toast";
import { FileCheck2, Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { FormError } from "@/components/form-controls";
import { PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { useImportStatement, usePreviewStatement } from "@/features/ledger/api";
import { FinanceOnly } from "@/features/ledger/finance-only";
import { LedgerTabs } from "@/features/ledger/ledger-tabs";
import { PreviewTable } from "@/features/ledger/preview-table";
import { readStatement } from "@/features/ledger/read-statement";
import { errorMessage } from "@/lib/api-client";

type Step =
  | { kind: "choose" }
  | { kind: "preview"; filename: string; content: string; preview: ImportPreview }
  | { kind: "done"; result: ImportResult };

function Import() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewStatement();
  const commit = useImportStatement();

  async function onPreview(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError("Bitte wählen Sie eine Datei.");
    setError(null);
    try {
      const content = await readStatement(file);
      const result = await preview.mutateAsync({ filename: file.name, content });
      setStep({ kind: "preview", filename: file.name, content, preview: result });
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function onCommit() {
    if (step.kind !== "preview") return;
    setError(null);
    try {
      const result = await commit.mutateAsync({ filename: step.filename, content: step.content });
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
        description="Kontoauszug als CSV oder CAMT.053 (XML): erst prüfen, dann buchen. Ein zweites Mal eingelesen, bucht er nichts doppelt."
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
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                CSV: Kopfzeile Buchungstag;Betrag;Verwendungszweck, optional Name;IBAN;Referenz. Die Mieter geben ihre
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
            <PreviewTable preview={step.preview} />
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
                  <Link to={paths.ledgerUnmatched} className="text-link hover:underline">
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
