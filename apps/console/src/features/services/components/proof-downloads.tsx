import { zodResolver } from "@hookform/resolvers/zod";
import { BETRKV_CATEGORY_LABELS, betrkvCategory, serviceProofQuery } from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { toast } from "@mieter-portal/ui/use-toast";
import { Download } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Section } from "@/components/page";
import { errorMessage } from "@/lib/api-client";
import { berlinDate } from "@/lib/berlin-time";
import { downloadServiceProof, downloadWinterLog } from "../api/downloads";
import { SERVICES_TEXTS } from "../texts";

/** The period form: the route's own query schema; "" is all categories. */
const proofFormSchema = z
  .object({ from: z.string(), until: z.string(), category: z.string() })
  .transform(({ category, ...rest }) => ({ ...rest, ...(category ? { category } : {}) }))
  .pipe(serviceProofQuery);
type ProofFormValues = z.input<typeof proofFormSchema>;
type ProofFormData = z.output<typeof proofFormSchema>;

/** The winter a date belongs to, named by the year it starts in (November to March). */
export function winterSeasonOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 7 ? year : year - 1;
}

/** Leistungsnachweis (PDF, CSV) for a period and category, Räum- und Streuprotokoll (PDF) for a winter. */
export function ProofDownloads({ buildingId, buildingName }: { buildingId: string; buildingName: string }) {
  const today = berlinDate(new Date());
  const [busy, setBusy] = useState<null | "pdf" | "csv" | "winter">(null);
  const [season, setSeason] = useState(winterSeasonOf(today));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProofFormValues, unknown, ProofFormData>({
    resolver: zodResolver(proofFormSchema),
    defaultValues: { from: `${today.slice(0, 4)}-01-01`, until: today, category: "" },
  });

  async function run(kind: "pdf" | "csv" | "winter", job: () => Promise<void>) {
    setBusy(kind);
    try {
      await job();
    } catch (error) {
      toast({ title: "Download fehlgeschlagen", description: errorMessage(error), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }
  const proof = (format: "pdf" | "csv") =>
    handleSubmit((period) =>
      run(format, () =>
        downloadServiceProof(
          buildingId,
          format,
          period,
          `Leistungsnachweis ${buildingName} ${period.from} bis ${period.until}.${format}`,
        ),
      ),
    );
  const seasons = Array.from({ length: 5 }, (_, i) => winterSeasonOf(today) - i);

  return (
    <Section title={SERVICES_TEXTS.proofTitle} headingId="proof-heading">
      <div className="grid gap-6">
        <form noValidate className="grid gap-3" onSubmit={(e) => e.preventDefault()}>
          <h3 className="text-sm font-semibold">Leistungsnachweis</h3>
          <p className="text-sm text-muted-foreground">{SERVICES_TEXTS.proofHint}</p>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Von" error={errors.from?.message} inputProps={{ type: "date", ...register("from") }} />
            <Field label="Bis" error={errors.until?.message} inputProps={{ type: "date", ...register("until") }} />
            <Field label="Betriebskostenart" error={errors.category?.message}>
              {(controlProps) => (
                <NativeSelect {...controlProps} {...register("category")}>
                  <option value="">Alle</option>
                  {betrkvCategory.options.map((c) => (
                    <option key={c} value={c}>
                      {BETRKV_CATEGORY_LABELS[c]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={proof("pdf")} disabled={busy !== null}>
              <Download aria-hidden="true" />
              {busy === "pdf" ? "Wird erstellt…" : "Leistungsnachweis (PDF)"}
            </Button>
            <Button type="button" variant="outline" onClick={proof("csv")} disabled={busy !== null}>
              <Download aria-hidden="true" />
              {busy === "csv" ? "Wird erstellt…" : "Leistungsnachweis (CSV)"}
            </Button>
          </div>
        </form>
        <div className="grid gap-3">
          <h3 className="text-sm font-semibold">Räum- und Streuprotokoll</h3>
          <div className="flex flex-wrap items-end gap-3">
            <Field label="Winter" className="min-w-40">
              {(controlProps) => (
                <NativeSelect {...controlProps} value={season} onChange={(e) => setSeason(Number(e.target.value))}>
                  {seasons.map((year) => (
                    <option key={year} value={year}>
                      {year}/{String(year + 1).slice(2)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Button
              type="button"
              variant="outline"
              // The longest label: it wraps on a 320 px phone instead of widening the page.
              className="h-auto min-h-11 py-2 whitespace-normal"
              disabled={busy !== null}
              onClick={() =>
                run("winter", () =>
                  downloadWinterLog(
                    buildingId,
                    season,
                    `Räum- und Streuprotokoll ${buildingName} ${season}-${season + 1}.pdf`,
                  ),
                )
              }
            >
              <Download aria-hidden="true" />
              {busy === "winter" ? "Wird erstellt…" : "Räum- und Streuprotokoll (PDF)"}
            </Button>
          </div>
        </div>
      </div>
    </Section>
  );
}
