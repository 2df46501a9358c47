import type { CampaignStatus } from "@mieter-portal/contracts";
import { meterCampaignCreate } from "@mieter-portal/contracts/staff";
import type { BadgeTone } from "@mieter-portal/ui/badge";
import { z } from "zod";
import { into } from "@/components/form-schema";

/**
 * The turn-of-the-year period (27 December – 3 January, the FAQ) running on `today` or next; the
 * server applies the same rule when no period is sent.
 */
export function defaultPeriod(today: string): { starts_on: string; ends_on: string } {
  const year = Number(today.slice(0, 4));
  if (today.slice(5) <= "01-03") return { starts_on: `${year - 1}-12-27`, ends_on: `${year}-01-03` };
  return { starts_on: `${year}-12-27`, ends_on: `${year + 1}-01-03` };
}

const shape = meterCampaignCreate.shape;

/**
 * The start dialog's texts as the contracts' request: a building and a meter chosen, empty dates
 * and reason left out (the server's default period), the period's checks of the contracts.
 */
export const campaignSchema = z
  .object({
    building_id: shape.building_id,
    meter: z
      .string()
      .refine((m) => m !== "", { error: "Bitte wählen Sie den Zähler." })
      .pipe(shape.meter),
    starts_on: z.string(),
    ends_on: z.string(),
    reason: z.string(),
  })
  .transform((v) => ({
    building_id: v.building_id,
    meter: v.meter,
    ...(v.starts_on ? { starts_on: v.starts_on } : {}),
    ...(v.ends_on ? { ends_on: v.ends_on } : {}),
    ...(v.reason.trim() ? { reason: v.reason.trim() } : {}),
  }))
  .transform(into(meterCampaignCreate));
export type CampaignValues = z.input<typeof campaignSchema>;

export function campaignDefaults(today: string, building = ""): CampaignValues {
  return { building_id: building, meter: "", ...defaultPeriod(today), reason: "" };
}

export const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  open: "neutral",
  submitted: "warning",
  accepted: "success",
  sent_back: "danger",
};
