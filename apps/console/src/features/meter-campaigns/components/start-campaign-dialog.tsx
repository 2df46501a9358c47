import { zodResolver } from "@hookform/resolvers/zod";
import { CAMPAIGN_METER_LABELS, type CampaignMeter } from "@mieter-portal/contracts";
import type { Building, MeterCampaignCreate } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@mieter-portal/ui/dialog";
import { Field } from "@mieter-portal/ui/field";
import { NativeSelect } from "@mieter-portal/ui/native-select";
import { toast } from "@mieter-portal/ui/use-toast";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { FormError, showApiErrors } from "@/components/form-error";
import { LoadError, Loading } from "@/components/page";
import { paths } from "@/config/paths";
import { berlinDate } from "@/lib/berlin-time";
import { buildingsQueryOptions } from "@/lib/shared-queries";
import { useStartCampaign } from "../api";
import { type CampaignValues, campaignDefaults, campaignSchema } from "../campaign-form";

const METERS: CampaignMeter[] = ["water", "electricity", "heating", "all"];

/** Start a campaign for a building and meter; the period defaults to 27 December – 3 January. */
export function StartCampaignDialog({
  defaultBuilding,
  trigger,
}: {
  defaultBuilding?: string;
  trigger: (open: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger(() => setOpen(true))}
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Ablesung starten</DialogTitle>
          <DialogDescription>
            Alle Mieter mit laufendem Mietverhältnis im Gebäude sehen in ihrer App eine Karte und erhalten zu Beginn und
            zwei Tage vor Ende eine E-Mail, solange sie noch nichts gemeldet haben.
          </DialogDescription>
        </DialogHeader>
        <StartCampaignBody defaultBuilding={defaultBuilding} onClose={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The form once the buildings are there: a select keeps its preset house only when its option exists. */
function StartCampaignBody({ defaultBuilding, onClose }: { defaultBuilding?: string; onClose: () => void }) {
  const buildings = useQuery(buildingsQueryOptions());
  if (buildings.isPending) return <Loading />;
  if (buildings.isError) return <LoadError error={buildings.error} onRetry={() => buildings.refetch()} />;
  return <StartCampaignForm buildings={buildings.data} defaultBuilding={defaultBuilding} onClose={onClose} />;
}

function StartCampaignForm({
  buildings,
  defaultBuilding,
  onClose,
}: {
  buildings: Building[];
  defaultBuilding?: string;
  onClose: () => void;
}) {
  const start = useStartCampaign();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CampaignValues, unknown, MeterCampaignCreate>({
    resolver: zodResolver(campaignSchema),
    defaultValues: campaignDefaults(berlinDate(new Date()), defaultBuilding),
  });
  // Registered in the order of the screen: the first field with an error gets the focus.
  const field = {
    building_id: register("building_id"),
    meter: register("meter"),
    starts_on: register("starts_on"),
    ends_on: register("ends_on"),
    reason: register("reason"),
  };

  async function onSubmit(body: MeterCampaignCreate) {
    try {
      const campaign = await start.mutateAsync(body);
      toast({
        title: "Ablesung gestartet",
        description: `${campaign.participant_count} Mietende werden gebeten, ihren Zählerstand zu melden.`,
      });
      onClose();
      navigate(paths.meterCampaign(campaign.id));
    } catch (error) {
      showApiErrors(error, setError, ["building_id", "meter", "starts_on", "ends_on", "reason"]);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <FormError message={errors.root?.message} />
      <Field label="Gebäude" error={errors.building_id?.message}>
        {(control) => (
          <NativeSelect {...control} {...field.building_id}>
            <option value="">Bitte wählen</option>
            {buildings.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Zähler" error={errors.meter?.message}>
        {(control) => (
          <NativeSelect {...control} {...field.meter}>
            <option value="">Bitte wählen</option>
            {METERS.map((m) => (
              <option key={m} value={m}>
                {CAMPAIGN_METER_LABELS[m]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Beginn"
          className="content-start"
          error={errors.starts_on?.message}
          inputProps={{ type: "date", ...field.starts_on }}
        />
        <Field
          label="Ende"
          className="content-start"
          error={errors.ends_on?.message}
          hint="Vorgabe: 27. Dezember bis 3. Januar"
          inputProps={{ type: "date", ...field.ends_on }}
        />
      </div>
      <Field
        label="Anlass (optional)"
        error={errors.reason?.message}
        hint="Sehen die Mieter in der App, z. B. „Zwischenablesung Heizung“."
        inputProps={{ maxLength: 200, ...field.reason }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Abbrechen
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? "Wird gestartet…" : "Ablesung starten"}
        </Button>
      </div>
    </form>
  );
}
