import type { TenantImportPreview, TenantImportResult } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Label } from "@mieter-portal/ui/form-field";
import { Switch } from "@mieter-portal/ui/switch";
import { toast } from "@mieter-portal/ui/use-toast";
import { FileCheck2, Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { FormError } from "@/components/form-controls";
import { PageHeader, Section, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";
import { readStatement } from "@/features/ledger/read-statement";
import { useImportTenants, usePreviewImport } from "@/features/tenants/api";
import { ImportPreview } from "@/features/tenants/import-preview";
import { TenanciesOnly } from "@/features/tenants/tenancies-only";
import { ApiError, errorMessage } from "@/lib/api-client";

type Step =
  | { kind: "choose" }
  | { kind: "preview"; filename: string; csv: string; preview: TenantImportPreview }
  | { kind: "done"; result: TenantImportResult };

const COLUMNS = "Vorname;Nachname;E-Mail;Gebäude;Wohnung;Beginn;Kaltmiete;Nebenkosten;Zahlungsart;Fälligkeitstag";

function Import() {
  const fileId = useId();
  const inviteId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [invite, setInvite] = useState(true);
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

  async function onCommit() {
    if (step.kind !== "preview") return;
    setError(null);
    try {
      const result = await commit.mutateAsync({ csv: step.csv, invite });
      setStep({ kind: "done", result });
      toast({ title: "Mieter importiert", description: `${result.created} Mieter angelegt.` });
    } catch (err) {
      // 422: something changed since the preview (an address taken meanwhile): show the new preview.
      if (err instanceof ApiError && err.status === 422) {
        setError("Die Datei hat inzwischen Fehler. Es wurde nichts importiert.");
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
        description="Mieter mit Mietverhältnissen aus einer CSV-Datei: erst prüfen, dann importieren. Hat eine Zeile einen Fehler, wird nichts importiert."
      />
      <div className="grid gap-4">
        <Section title="Datei wählen">
          <form noValidate onSubmit={onPreview} className="grid gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={fileId}>CSV-Datei (UTF-8, Semikolon oder Komma)</Label>
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
                Kopfzeile: {COLUMNS} (optional IBAN_letzte4). Pflicht sind Vorname, Nachname, Gebäude (Adresse wie in
                der Gebäudeliste), Beginn (TT.MM.JJJJ), Kaltmiete und Nebenkosten.
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
              {step.preview.valid ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Switch id={inviteId} checked={invite} onCheckedChange={setInvite} />
                  <label htmlFor={inviteId} className="text-sm font-medium">
                    Mieter mit E-Mail-Adresse gleich einladen
                  </label>
                  <Button onClick={onCommit} disabled={commit.isPending}>
                    <FileCheck2 aria-hidden="true" />
                    {commit.isPending ? "Wird importiert…" : `${step.preview.rows.length} Mieter importieren`}
                  </Button>
                </div>
              ) : null}
            </div>
          </Section>
        ) : null}
        {step.kind === "done" ? (
          <Section title="Importiert">
            <p className="text-sm" role="status">
              {step.result.created} Mieter angelegt
              {step.result.invited > 0 ? `, ${step.result.invited} per E-Mail eingeladen` : ""}.{" "}
              <Link to={paths.tenants} className="text-link hover:underline">
                Zur Mieterliste
              </Link>
            </p>
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
