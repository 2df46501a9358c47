import { zodResolver } from "@hookform/resolvers/zod";
import {
  SEPA_LEAD_DAYS_DEFAULT,
  SEPA_PRENOTICE_DAYS_DEFAULT,
  type SepaCreditorSettings,
  sepaCreditorRequest,
} from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { toast } from "@mieter-portal/ui/use-toast";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormError, showApiErrors } from "@/components/form-error";
import { DetailList } from "@/components/page";
import { formatDateTime } from "@/lib/format";
import { useSaveCreditor } from "../api";
import { groupIban, wholeNumber } from "../format";

const shape = sepaCreditorRequest.shape;

/** The form's texts as the contracts' request: numbers for the two periods, the BIC may stay empty. */
const creditorFormSchema = z.object({
  creditor_id: shape.creditor_id,
  name: shape.name,
  iban: shape.iban,
  bic: shape.bic,
  lead_days: z.string().transform(wholeNumber).pipe(shape.lead_days),
  prenotice_days: z.string().transform(wholeNumber).pipe(shape.prenotice_days),
});
type CreditorValues = z.input<typeof creditorFormSchema>;
type CreditorData = z.output<typeof creditorFormSchema>;
const FIELDS = ["creditor_id", "name", "iban", "bic", "lead_days", "prenotice_days"] as const;

function defaults(settings: SepaCreditorSettings | null): CreditorValues {
  return {
    creditor_id: settings?.creditor_id ?? "",
    name: settings?.name ?? "",
    iban: settings ? groupIban(settings.iban) : "",
    bic: settings?.bic ?? "",
    lead_days: String(settings?.lead_days ?? SEPA_LEAD_DAYS_DEFAULT),
    prenotice_days: String(settings?.prenotice_days ?? SEPA_PRENOTICE_DAYS_DEFAULT),
  };
}

/** Who changed the settings last. */
export function CreditorChanged({ settings }: { settings: SepaCreditorSettings }) {
  return (
    <p className="text-sm text-muted-foreground">
      Zuletzt geändert am {formatDateTime(settings.updated_at)}
      {settings.updated_by ? ` von ${settings.updated_by.name}` : ""}.
    </p>
  );
}

/** The creditor settings as Verwalter see them: they run collections with them, Administrators change them. */
export function CreditorDetails({ settings }: { settings: SepaCreditorSettings }) {
  return (
    <div className="grid gap-3">
      <DetailList
        items={[
          { term: "Gläubiger-ID", value: settings.creditor_id },
          { term: "Name auf dem Kontoauszug", value: settings.name },
          { term: "IBAN des Einzugskontos", value: groupIban(settings.iban) },
          { term: "BIC", value: settings.bic ?? "–" },
          { term: "Vorlaufzeit", value: `${settings.lead_days} Bankarbeitstage` },
          { term: "Vorabankündigung", value: `${settings.prenotice_days} Tage vor dem Einzug` },
        ]}
      />
      <CreditorChanged settings={settings} />
    </div>
  );
}

/** PUT /staff/sepa/creditor (Administrators): what every pain.008 file and every printed mandate carries. */
export function CreditorForm({ settings }: { settings: SepaCreditorSettings | null }) {
  const save = useSaveCreditor();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CreditorValues, unknown, CreditorData>({
    resolver: zodResolver(creditorFormSchema),
    defaultValues: defaults(settings),
  });

  async function onSubmit(body: CreditorData) {
    try {
      const saved = await save.mutateAsync(body);
      reset(defaults(saved));
      toast({ title: "Gläubigerdaten gespeichert", description: `Gläubiger-ID ${saved.creditor_id}` });
    } catch (error) {
      showApiErrors(error, setError, FIELDS, { quietWhenField: true });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          className="content-start"
          label="Gläubiger-Identifikationsnummer"
          hint="Von der Deutschen Bundesbank, z. B. DE98ZZZ09999999999."
          error={errors.creditor_id?.message}
          inputProps={{ autoComplete: "off", spellCheck: false, ...register("creditor_id") }}
        />
        <Field
          className="content-start"
          label="Name auf dem Kontoauszug"
          hint="So erscheint der Einzug bei den Mietern (höchstens 70 Zeichen)."
          error={errors.name?.message}
          inputProps={{ maxLength: 70, ...register("name") }}
        />
        <Field
          className="content-start"
          label="IBAN des Einzugskontos"
          error={errors.iban?.message}
          inputProps={{ autoComplete: "off", spellCheck: false, ...register("iban") }}
        />
        <Field
          className="content-start"
          label="BIC (optional)"
          error={errors.bic?.message}
          inputProps={{ autoComplete: "off", spellCheck: false, ...register("bic") }}
        />
        <Field
          className="content-start"
          label="Vorlaufzeit in Bankarbeitstagen"
          hint="So viele TARGET-Bankarbeitstage vor dem Einzugsdatum muss die Datei bei der Bank sein (1 bis 10)."
          error={errors.lead_days?.message}
          inputProps={{ inputMode: "numeric", ...register("lead_days") }}
        />
        <Field
          className="content-start"
          label="Vorabankündigung in Tagen"
          hint="So viele Tage vor dem Einzug erfahren die Mieter Betrag und Datum (1 bis 14, wie im Mandat vereinbart)."
          error={errors.prenotice_days?.message}
          inputProps={{ inputMode: "numeric", ...register("prenotice_days") }}
        />
      </div>
      {settings ? <CreditorChanged settings={settings} /> : null}
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? "Wird gespeichert…" : "Gläubigerdaten speichern"}
      </Button>
    </form>
  );
}
