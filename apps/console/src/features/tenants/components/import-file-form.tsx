import { zodResolver } from "@hookform/resolvers/zod";
import { tenantImportRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { Upload } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";

const COLUMNS = "Vorname;Nachname;E-Mail;Gebäude;Wohnung;Beginn;Kaltmiete;Nebenkosten;Zahlungsart;Fälligkeitstag";
const NO_FILE = "Bitte wählen Sie eine CSV-Datei.";

const importFileSchema = z.object({
  file: z.custom<File | null>().refine((file) => file instanceof File, { error: NO_FILE }),
});
type ImportFileValues = z.input<typeof importFileSchema>;

export interface ImportFile {
  filename: string;
  csv: string;
}

/**
 * The tenant CSV file: chosen, read as text by `read` (the route passes lib's `readTextFile`:
 * UTF-8, else Windows-1252; a test its own reader, jsdom's File has no arrayBuffer) and checked with
 * the contracts' request (not empty, at most 2 MB) before `onSubmit` sends it for the preview.
 */
export function ImportFileForm({
  read,
  onChosen,
  onSubmit,
}: {
  read: (file: File) => Promise<string>;
  /** Another file was chosen: the preview of the last one goes. */
  onChosen: () => void;
  onSubmit: (file: ImportFile) => Promise<void>;
}) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ImportFileValues>({ resolver: zodResolver(importFileSchema), defaultValues: { file: null } });

  async function submit({ file }: ImportFileValues) {
    if (!file) return;
    try {
      const checked = tenantImportRequest.shape.csv.safeParse(await read(file));
      if (!checked.success) {
        setError("file", { type: "validate", message: checked.error.issues[0]?.message }, { shouldFocus: true });
        return;
      }
      await onSubmit({ filename: file.name, csv: checked.data });
    } catch (error) {
      const rest = showApiErrors(error, setError, []);
      if (rest.csv) setError("file", { type: "server", message: rest.csv });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-3">
      <Controller
        control={control}
        name="file"
        render={({ field, fieldState }) => (
          <Field
            label="CSV-Datei (wie Excel sie speichert: „CSV (Trennzeichen-getrennt)“ oder „CSV UTF-8“)"
            error={fieldState.error?.message}
            hint={
              <span className="[overflow-wrap:anywhere]">
                Kopfzeile z. B.: {COLUMNS}. Pflicht sind Vorname, Nachname, Gebäude (Adresse wie in der Gebäudeliste –
                oder Straße, Hausnummer, PLZ und Ort in eigenen Spalten), Beginn (TT.MM.JJJJ), Kaltmiete und
                Nebenkosten. Zur Übernahme: Saldo (Rückstand positiv, Guthaben negativ) und „Bezahlt bis“ (MM.JJJJ);
                ohne sie wird ab dem ersten Monat berechnet, der heute oder später fällig ist. Andere Spalten werden
                ignoriert.
              </span>
            }
          >
            {(controlProps) => (
              <input
                {...controlProps}
                ref={field.ref}
                name={field.name}
                type="file"
                accept=".csv,.txt,text/csv"
                onBlur={field.onBlur}
                onChange={(e) => {
                  field.onChange(e.target.files?.[0] ?? null);
                  onChosen();
                }}
                className="block w-full max-w-full text-sm file:mr-3 file:min-h-9 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:text-sm file:font-medium"
              />
            )}
          </Field>
        )}
      />
      <FormError message={errors.root?.message} />
      <Button type="submit" className="w-fit" disabled={isSubmitting}>
        <Upload aria-hidden="true" />
        {isSubmitting ? "Wird geprüft…" : "Prüfen"}
      </Button>
    </form>
  );
}
