import { z } from "zod";
import { calendarDate } from "../common.js";
import { campaignKind, campaignMeter, campaignStatus, meterKind } from "../meter-readings.js";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGINATION_MESSAGES } from "../pagination.js";
import { photoInfo } from "../photos.js";
import { personRef, tenantRef } from "./items.js";

/**
 * Meter reading campaigns in the console (issue 14 §5): Administrators and Verwalter of the
 * building start them, follow who has submitted, accept or send back readings and export the CSV.
 */

export const meterCampaignCreate = z
  .object({
    building_id: z
      .string({ error: "Bitte wählen Sie ein Gebäude." })
      .min(1, { error: "Bitte wählen Sie ein Gebäude." }),
    meter: campaignMeter,
    /** Default: the turn of the year (27 December to 3 January) that is running or next. */
    starts_on: calendarDate.optional(),
    ends_on: calendarDate.optional(),
    /** On demand for one tenant of the building (e.g. a move-out); absent: every tenant of the building. */
    tenant_id: z.string().min(1).optional(),
    reason: z.string().trim().max(200, { error: "Der Anlass darf höchstens 200 Zeichen lang sein." }).optional(),
  })
  .refine((v) => (v.starts_on === undefined) === (v.ends_on === undefined), {
    error: "Bitte geben Sie Beginn und Ende des Zeitraums an (oder keins von beiden).",
    path: ["ends_on"],
  })
  .refine((v) => !v.starts_on || !v.ends_on || v.starts_on <= v.ends_on, {
    error: "Das Ende des Zeitraums liegt vor seinem Beginn.",
    path: ["ends_on"],
  });
export type MeterCampaignCreate = z.infer<typeof meterCampaignCreate>;

export const staffMeterCampaign = z.object({
  id: z.string(),
  /** The address is unique (two buildings may share a name): the export's file name carries it. */
  building: z.object({ id: z.string(), name: z.string(), address: z.string() }),
  meter: campaignMeter,
  kind: campaignKind,
  reason: z.string().nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
  participant_count: z.number().int(),
  /** Tenants whose status is submitted or accepted. */
  submitted_count: z.number().int(),
  created_at: z.string(),
  created_by: personRef.nullable(),
});
export type StaffMeterCampaign = z.infer<typeof staffMeterCampaign>;

export const staffMeterCampaignPage = z.object({
  items: z.array(staffMeterCampaign),
  next_cursor: z.string().nullable(),
});

export const meterCampaignListQuery = z.object({
  building_id: z.string().min(1).optional(),
  cursor: z.string().max(500, { error: PAGINATION_MESSAGES.cursor }).optional(),
  limit: z.coerce
    .number({ error: PAGINATION_MESSAGES.limit })
    .int({ error: PAGINATION_MESSAGES.limit })
    .min(1, { error: PAGINATION_MESSAGES.limit })
    .max(PAGE_SIZE_MAX, { error: PAGINATION_MESSAGES.limit })
    .default(PAGE_SIZE_DEFAULT),
});

export const campaignReading = z.object({
  id: z.string(),
  reading_date: z.string(),
  submitted_at: z.string(),
  water_reading: z.number().nullable(),
  electricity_reading: z.number().nullable(),
  heating_reading: z.number().nullable(),
  lower_than_previous: z.array(meterKind),
  review: z.enum(["accepted", "renewal_requested"]).nullable(),
  photos: z.array(photoInfo.extend({ meter: meterKind })),
});

export const meterCampaignParticipant = z.object({
  tenant: tenantRef,
  /** The apartment when the campaign started. */
  unit: z.string(),
  status: campaignStatus,
  reading: campaignReading.nullable(),
});
export type MeterCampaignParticipant = z.infer<typeof meterCampaignParticipant>;

export const staffMeterCampaignDetail = staffMeterCampaign.extend({
  participants: z.array(meterCampaignParticipant),
});
export type StaffMeterCampaignDetail = z.infer<typeof staffMeterCampaignDetail>;

/** "Offene jetzt erinnern": how many had not submitted and how many of them got the mail (e-mail on). */
export const meterCampaignRemindResult = z.object({
  open: z.number().int(),
  mailed: z.number().int(),
});
export type MeterCampaignRemindResult = z.infer<typeof meterCampaignRemindResult>;

/** A file-name part in ASCII: umlauts spelt out, everything else between letters and digits a hyphen. */
function fileNamePart(text: string): string {
  return text
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/Ä/g, "Ae")
    .replace(/Ö/g, "Oe")
    .replace(/Ü/g, "Ue")
    .replace(/ß/g, "ss")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
}

/**
 * The export's file name, the same in the console's download and the server's header:
 * zaehlerstaende-<building>-<meter>-<start>.csv in ASCII. The building part is its address (unique:
 * two buildings' exports never collide, issue 25 item 20), led by its name when the address does
 * not start with it ("haus-a-gartenweg-12-10115-berlin"; "gartenweg-12-10115-berlin", not twice).
 */
export function campaignExportFileName(campaign: {
  building: { name: string; address: string };
  meter: string;
  starts_on: string;
}) {
  const name = fileNamePart(campaign.building.name);
  const address = fileNamePart(campaign.building.address);
  const building = !name || address === name || address.startsWith(`${name}-`) ? address || name : `${name}-${address}`;
  return `zaehlerstaende-${building || "gebaeude"}-${campaign.meter}-${campaign.starts_on}.csv`;
}
