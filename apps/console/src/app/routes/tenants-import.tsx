import type { TenantImportPreview, TenantImportResult } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Label } from "@mieter-portal/ui/form-field";
import { toast } from "@mieter-portal/ui/use-toast";
import { Download, Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { FormError } from "@/components/form-controls";
import { PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { readStatement } from "@/features/ledger/read-statement";
import { useImportTenants, usePreviewImport } from "@/features/tenants/api";
import { ImportCommit, ImportPreview } from "@/features/tenants/import-preview";
import { saveBlob } from "@/features/tenants/onboarding-labels";
import { TenanciesOnly } from "@/features/tenants/tenancies-only";
import { ApiError, errorMessage } from "@/lib/api-client";

type Step =
  | { kind: "choose" }
  | { kind: "preview"; filename: string; csv: string; preview: TenantImportPreview }
  | { kind: "done"; filename: string; result: TenantImportResult };

const COLUMNS = "Vorname;Nachname;E-Mail;Gebäude;Wohnung;Beginn;Kaltmiete;Nebenkosten;Zahlungsart;Fälligkeitstag";

/** The refused rows as a CSV file named after the chosen one ("mieter.csv" → "mieter – Zeilen mit Fehlern.csv"). */
function downloadRefused(csv: string, filename: string) {
  const base = filename.replace(/\.[^.]*$/, "");
  saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), `${base} – Zeilen mit Fehlern.csv`);
}

function Import() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const commit = useImportTenants();

  async function onPreview(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError("Bitte wählen Sie eine CSV-Datei.");
    setError(null);
    try {
      const csv = await readStatement(file);
      const result = await preview.mutateAsync(csv);
      setStep({ kind: "preview", filename: file.name, csv, preview: result });
    } catch (err) {
      setError(errorMessage(err));
    }
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
          <form noValidate onSubmit={onPreview} className="grid gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={fileId}>
                CSV-Datei (wie Excel sie speichert: „CSV (Trennzeichen-getrennt)“ oder „CSV UTF-8“)
              </Label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.txt,text/csv"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setStep({ kind: "choose" });
                }}
                className="block w-full max-w-full text-sm file:mr-3 file:min-h-9 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:text-sm file:font-medium"
              />
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                Kopfzeile z. B.: {COLUMNS}. Pflicht sind Vorname, Nachname, Gebäude (Adresse wie in der Gebäudeliste –
                oder Straße, Hausnummer, PLZ und Ort in eigenen Spalten), Beginn (TT.MM.JJJJ), Kaltmiete und
                Nebenkosten. Zur Übernahme: Saldo (Rückstand positiv, Guthaben negativ) und „Bezahlt bis“ (MM.JJJJ);
                ohne sie wird ab dem ersten Monat berechnet, der heute oder später fällig ist. Andere Spalten werden
                ignoriert.
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
          <Section title={`Vorschau: ${step.filename}`}>
            <div className="grid gap-3">
              <FormError message={error} />
              <ImportPreview preview={step.preview} />
              {step.preview.refused_csv ? (
                <Button
                  variant="outline"
                  className="w-fit"
                  onClick={() => downloadRefused(step.preview.refused_csv!, step.filename)}
                >
                  <Download aria-hidden="true" />
                  {step.preview.refused} {step.preview.refused === 1 ? "Zeile" : "Zeilen"} mit Fehlern herunterladen
                </Button>
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
                <Button
                  variant="outline"
                  className="w-fit"
                  onClick={() => downloadRefused(step.result.refused_csv!, step.filename)}
                >
                  <Download aria-hidden="true" />
                  {step.result.refused} {step.result.refused === 1 ? "Zeile" : "Zeilen"} mit Fehlern herunterladen
                </Button>
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
