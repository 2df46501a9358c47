import type { CampaignMeter, CampaignStatus } from "@mieter-portal/contracts";
import type { MeterCampaignCreate } from "@mieter-portal/contracts/staff";
import type { BadgeTone } from "@mieter-portal/ui/badge";

export interface CampaignFormValues {
  building: string;
  meter: CampaignMeter | "";
  startsOn: string;
  endsOn: string;
  reason: string;
}

/**
 * The turn-of-the-year period (27 December – 3 January, the FAQ) running on `today` or next; the
 * server applies the same rule when no period is sent.
 */
export function defaultPeriod(today: string): { startsOn: string; endsOn: string } {
  const year = Number(today.slice(0, 4));
  if (today.slice(5) <= "01-03") return { startsOn: `${year - 1}-12-27`, endsOn: `${year}-01-03` };
  return { startsOn: `${year}-12-27`, endsOn: `${year + 1}-01-03` };
}

export function initialValues(today: string, building = ""): CampaignFormValues {
  return { building, meter: "", ...defaultPeriod(today), reason: "" };
}

/** The request body; empty fields are left out so that the server's checks answer in German. */
export function createRequest(values: CampaignFormValues): Partial<MeterCampaignCreate> {
  return {
    building_id: values.building,
    ...(values.meter ? { meter: values.meter } : {}),
    ...(values.startsOn ? { starts_on: values.startsOn } : {}),
    ...(values.endsOn ? { ends_on: values.endsOn } : {}),
    ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
  };
}

export const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  open: "neutral",
  submitted: "warning",
  accepted: "success",
  sent_back: "danger",
};
