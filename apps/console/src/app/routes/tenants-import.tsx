import type { TenantImportPreview, TenantImportResult } from "@mieter-portal/contracts/staff";
import { toast } from "@mieter-portal/ui/use-toast";
import { useState } from "react";
import { Link } from "react-router";
import { FormError } from "@/components/form-error";
import { PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { useImportTenants, usePreviewImport } from "@/features/tenants/api";
import { type ImportFile, ImportFileForm } from "@/features/tenants/components/import-file-form";
import { ImportCommit, ImportPreview } from "@/features/tenants/components/import-preview";
import { RefusedRowsDownload } from "@/features/tenants/components/refused-rows-download";
import { TenanciesOnly } from "@/features/tenants/components/tenancies-only";
import { ApiError, errorMessage } from "@/lib/api-client";
import { readTextFile } from "@/lib/read-text-file";

type Step =
  | { kind: "choose" }
  | { kind: "preview"; filename: string; csv: string; preview: TenantImportPreview }
  | { kind: "done"; filename: string; result: TenantImportResult };

function Import() {
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const commit = useImportTenants();

  async function onPreview({ filename, csv }: ImportFile) {
    setError(null);
    setStep({ kind: "preview", filename, csv, preview: await preview.mutateAsync(csv) });
  }

  async function onCommit(invite: boolean) {
    if (step.kind !== "preview") return;
    setError(null);
    try {
      const result = await commit.mutateAsync({ csv: step.csv, invite });
      setStep({ kind: "done", filename: step.filename, result });
      toast({ title: "Mieter importiert", description: `${result.created} Mieter angelegt.` });
    } catch (err) {
      // 422: the file as a whole cannot be read (it was checked before, so hardly ever).
      if (err instanceof ApiError && err.status === 422) {
        setError("Die Datei lässt sich nicht lesen. Es wurde nichts importiert.");
        return;
      }
      setError(errorMessage(err));
    }
  }

  return (
    <>
      <PageHeader
        title="Mieter importieren"
        back={{ to: paths.tenants, label: "Zur Mieterliste" }}
        description="Mieter mit Mietverhältnissen aus einer Tabelle (in Excel „Speichern unter“ → CSV): erst prüfen, dann importieren. Importiert werden die Zeilen ohne Fehler; die übrigen laden Sie als eigene Datei herunter. Wer schon da ist, wird übersprungen."
      />
      <div className="grid gap-4">
        <Section title="Datei wählen">
          <ImportFileForm read={readTextFile} onChosen={() => setStep({ kind: "choose" })} onSubmit={onPreview} />
        </Section>
        {step.kind === "preview" ? (
          <Section title={`Vorschau: ${step.filename}`}>
            <div className="grid gap-3">
              <FormError message={error} />
              <ImportPreview preview={step.preview} />
              {step.preview.refused_csv ? (
                <RefusedRowsDownload
                  csv={step.preview.refused_csv}
                  count={step.preview.refused}
                  filename={step.filename}
                />
              ) : null}
              {step.preview.valid ? (
                <ImportCommit preview={step.preview} pending={commit.isPending} onCommit={onCommit} />
              ) : null}
            </div>
          </Section>
        ) : null}
        {step.kind === "done" ? (
          <Section title="Importiert">
            <div className="grid gap-3">
              <p className="text-sm" role="status">
                {step.result.created} Mieter angelegt
                {step.result.invited > 0 ? `, ${step.result.invited} per E-Mail eingeladen` : ""}
                {step.result.skipped > 0 ? `, ${step.result.skipped} bereits vorhanden (übersprungen)` : ""}
                {step.result.refused > 0 ? `, ${step.result.refused} mit Fehlern nicht importiert` : ""}.{" "}
                <Link to={paths.tenants} className="text-link underline">
                  Zur Mieterliste
                </Link>
              </p>
              {step.result.refused_csv ? (
                <RefusedRowsDownload
                  csv={step.result.refused_csv}
                  count={step.result.refused}
                  filename={step.filename}
                />
              ) : null}
            </div>
          </Section>
        ) : null}
      </div>
    </>
  );
}

export function Component() {
  useDocumentTitle("Mieter importieren");
  return (
    <TenanciesOnly>
      <Import />
    </TenanciesOnly>
  );
}
