import { zodResolver } from "@hookform/resolvers/zod";
import { importRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { Upload } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { readTextFile } from "@/lib/read-text-file";

export interface StatementFile {
  filename: string;
  content: string;
}

const fileSchema = z.object({
  file: z
    .custom<FileList | undefined>((v) => typeof FileList !== "undefined" && v instanceof FileList && v.length > 0, {
      error: "Bitte wählen Sie eine Datei.",
    })
    .transform((v, ctx) => {
      // The check above let only a non-empty FileList through; this says so to the type.
      if (v) return v;
      ctx.addIssue({ code: "custom", message: "Bitte wählen Sie eine Datei." });
      return z.NEVER;
    }),
});
type FileValues = { file: FileList | undefined };

/** The statement's file: read (UTF-8 or Windows-1252) and checked with the contracts' request before it is sent. */
export function StatementFileForm({
  busy,
  onChosen,
  onSubmit,
}: {
  busy: boolean;
  /** Another file was chosen: what was shown for the last one goes. */
  onChosen: () => void;
  onSubmit: (file: StatementFile) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FileValues, unknown, z.output<typeof fileSchema>>({
    resolver: zodResolver(fileSchema),
    defaultValues: { file: undefined },
  });

  async function submit({ file }: z.output<typeof fileSchema>) {
    const chosen = file[0]!;
    let content: string;
    try {
      content = await readTextFile(chosen);
    } catch {
      setError("file", { type: "validate", message: "Die Datei lässt sich nicht lesen. Bitte wählen Sie sie erneut." });
      return;
    }
    const checked = importRequest.safeParse({ filename: chosen.name, content });
    if (!checked.success) {
      setError("file", { type: "validate", message: checked.error.issues[0]?.message });
      return;
    }
    try {
      await onSubmit({ filename: checked.data.filename, content: checked.data.content });
    } catch (error) {
      showApiErrors(error, setError, ["file"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-3">
      <Field
        label="Kontoauszug (.csv oder .xml)"
        error={errors.file?.message}
        after={
          <>
            <p className="text-sm font-medium" data-testid="camt-recommended">
              Empfohlen: CAMT.053 (XML) – alle Banken bieten ihn im Online-Banking an.
            </p>
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
              CSV-Exporte von Sparkasse, DKB, ING, Commerzbank, Volksbanken, Deutscher Bank und Targobank werden
              unverändert gelesen; für jedes andere Format ordnen Sie einmal die Spalten zu. Die Mieter geben ihre
              Zahlungsreferenz (MP-…) im Verwendungszweck an.
            </p>
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".csv,.txt,.xml,text/csv,application/xml,text/xml"
            className="block w-full max-w-full min-w-0 text-sm file:mr-3 file:min-h-9 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:text-sm file:font-medium"
            {...register("file", { onChange: onChosen })}
          />
        )}
      </Field>
      <FormError message={errors.root?.message} />
      <Button type="submit" className="w-fit" disabled={busy}>
        <Upload aria-hidden="true" />
        {busy ? "Wird geprüft…" : "Prüfen"}
      </Button>
    </form>
  );
}
