import { CAMPAIGN_METER_LABELS, type CampaignMeter } from "@mieter-portal/contracts";
import { meterCampaignCreate } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { FormError, SelectField, TextField } from "@/components/form-controls";
import { paths } from "@/config/paths";
import { berlinDate } from "@/lib/berlin-time";
import { errorsFromApi, type FieldErrors, validate } from "@/lib/form";
import { buildingsQueryOptions } from "@/lib/shared-queries";
import { useStartCampaign } from "./api";
import { type CampaignFormValues, createRequest, initialValues } from "./campaign-form";

const METERS: CampaignMeter[] = ["water", "electricity", "heating", "all"];

/** Start a campaign for a building and meter; the period defaults to 27 December – 3 January. */
export function StartCampaignDialog({
  defaultBuilding,
  trigger,
}: {
  defaultBuilding?: string;
  trigger: (open: () => void) => ReactNode;
}) {
  const buildings = useQuery(buildingsQueryOptions());
  const start = useStartCampaign();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<CampaignFormValues>(() =>
    initialValues(berlinDate(new Date()), defaultBuilding),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function openDialog() {
    setValues(initialValues(berlinDate(new Date()), defaultBuilding));
    setErrors({});
    setOpen(true);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(meterCampaignCreate, createRequest(values));
    if (checked.errors) {
      if (!values.building) checked.errors.building_id = "Bitte wählen Sie ein Gebäude.";
      if (!values.meter) checked.errors.meter = "Bitte wählen Sie den Zähler.";
      return setErrors(checked.errors);
    }
    setErrors({});
    try {
      const campaign = await start.mutateAsync(checked.data);
      toast({
        title: "Ablesung gestartet",
        description: `${campaign.participant_count} Mietende werden gebeten, ihren Zählerstand zu melden.`,
      });
      setOpen(false);
      navigate(paths.meterCampaign(campaign.id));
    } catch (error) {
      setErrors(errorsFromApi(error));
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger(openDialog)}
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Ablesung starten</DialogTitle>
          <DialogDescription>
            Alle Mieter mit laufendem Mietverhältnis im Gebäude sehen in ihrer App eine Karte und erhalten zu Beginn und
            zwei Tage vor Ende eine E-Mail, solange sie noch nichts gemeldet haben.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormError message={errors._form} />
          <SelectField
            label="Gebäude"
            value={values.building}
            onChange={(e) => set("building", e.target.value)}
            error={errors.building_id}
          >
            <option value="">Bitte wählen</option>
            {(buildings.data ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Zähler"
            value={values.meter}
            onChange={(e) => set("meter", e.target.value as CampaignMeter | "")}
            error={errors.meter}
          >
            <option value="">Bitte wählen</option>
            {METERS.map((m) => (
              <option key={m} value={m}>
                {CAMPAIGN_METER_LABELS[m]}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Beginn"
              type="date"
              value={values.startsOn}
              onChange={(e) => set("startsOn", e.target.value)}
              error={errors.starts_on}
            />
            <TextField
              label="Ende"
              type="date"
              value={values.endsOn}
              onChange={(e) => set("endsOn", e.target.value)}
              error={errors.ends_on}
              hint="Vorgabe: 27. Dezember bis 3. Januar"
            />
          </div>
          <TextField
            label="Anlass (optional)"
            value={values.reason}
            maxLength={200}
            onChange={(e) => set("reason", e.target.value)}
            error={errors.reason}
            hint="Sehen die Mieter in der App, z. B. „Zwischenablesung Heizung“."
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? "Wird gestartet…" : "Ablesung starten"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
