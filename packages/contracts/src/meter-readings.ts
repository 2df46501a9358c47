import { z } from "zod";
import { calendarDate, LIMITS } from "./common.js";
import { METER_NAMES } from "./labels.js";
import { photoInfo, photoUpload } from "./photos.js";

export const meterKind = z.enum(["water", "electricity", "heating"]);
export type MeterKind = z.infer<typeof meterKind>;

export const METER_UNITS: Record<MeterKind, string> = { water: "m³", electricity: "kWh", heating: "kWh" };

function meterValue(label: string) {
  return z
    .number({ error: `${label}: bitte eine Zahl angeben.` })
    .finite({ error: `${label}: bitte eine Zahl angeben.` })
    .min(0, { error: `${label} darf nicht negativ sein.` })
    .max(LIMITS.meterMax, { error: `${label} ist unplausibel hoch.` })
    .nullable()
    .optional();
}

export const meterReadingSubmission = z
  .object({
    waterReading: meterValue("Wasserzählerstand"),
    electricityReading: meterValue("Stromzählerstand"),
    heatingReading: meterValue("Heizungszählerstand"),
    readingDate: calendarDate,
    /** Sent by the app per spec; the server always uses the signed-in tenant. */
    user_id: z.union([z.string(), z.number()]).optional().nullable(),
    /**
     * The tenant confirmed a value lower than their last reading of that meter (e.g. after a meter
     * change). Without it such a reading is refused with 400 `reading_lower_unconfirmed` (issue 12).
     */
    confirmLower: z.boolean({ error: "confirmLower muss true oder false sein." }).optional(),
    photos: z
      .object({
        waterMeterPhoto: photoUpload.nullable().optional(),
        electricityMeterPhoto: photoUpload.nullable().optional(),
        heatingMeterPhoto: photoUpload.nullable().optional(),
      })
      .optional()
      .nullable(),
  })
  .refine((v) => v.waterReading != null || v.electricityReading != null || v.heatingReading != null, {
    error: "Bitte geben Sie mindestens einen Zählerstand an.",
    path: ["waterReading"],
  });
export type MeterReadingSubmission = z.infer<typeof meterReadingSubmission>;

export const meterPhotoInfo = photoInfo.extend({ meter: meterKind });

export const meterReading = z.object({
  id: z.string(),
  reading_date: calendarDate,
  submitted_at: z.string(),
  water_reading: z.number().nullable(),
  electricity_reading: z.number().nullable(),
  heating_reading: z.number().nullable(),
  photos: z.array(meterPhotoInfo),
});
export type MeterReading = z.infer<typeof meterReading>;
export const meterReadingList = z.array(meterReading);

/** The submission's field of each meter's value (the API's `fields` name them). */
export const METER_VALUE_FIELDS = {
  water: "waterReading",
  electricity: "electricityReading",
  heating: "heatingReading",
} as const satisfies Record<MeterKind, string>;

/** German answers about a reading lower than the tenant's last one of that meter. */
export const LOWER_READING_MESSAGES = {
  /** The whole answer: which meters, and what to do. */
  refused: (meters: MeterKind[]) =>
    `${meters.length === 1 ? "Der Zählerstand" : "Die Zählerstände"} ${meters.map((m) => METER_NAMES[m]).join(", ")} ${meters.length === 1 ? "ist" : "sind"} niedriger als Ihr letzter Stand. Bitte prüfen Sie den Wert und bestätigen Sie ihn ausdrücklich, wenn er stimmt (z. B. nach einem Zählertausch).`,
  /** Under one meter's field. */
  field: "Niedriger als Ihr letzter Stand: bitte prüfen und ausdrücklich bestätigen.",
} as const;

/**
 * Meter reading campaigns (issue 14 §5): the management asks the tenants of a building for one
 * meter (or all of them) within a period — around the turn of the year, or on demand (a move-out).
 */
export const campaignMeter = z.enum(["water", "electricity", "heating", "all"], {
  error: "Bitte wählen Sie den Zähler: water, electricity, heating oder all.",
});
export type CampaignMeter = z.infer<typeof campaignMeter>;
export const CAMPAIGN_METER_LABELS: Record<CampaignMeter, string> = {
  water: "Wasser",
  electricity: "Strom",
  heating: "Heizung",
  all: "Alle Zähler",
};
export const campaignKind = z.enum(["period", "on_demand"]);
export type CampaignKind = z.infer<typeof campaignKind>;

/**
 * Where a tenant stands in a campaign, from their latest reading dated within the period that has
 * a value for the campaign's meter: open (none), submitted, accepted, or sent back (the management
 * asked for a new reading and none came since).
 */
export const campaignStatus = z.enum(["open", "submitted", "accepted", "sent_back"]);
export type CampaignStatus = z.infer<typeof campaignStatus>;
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  open: "Offen",
  submitted: "Eingereicht",
  accepted: "Angenommen",
  sent_back: "Zurückgeschickt",
};

/** A campaign as the tenant sees it (dashboard card): only those whose period runs today. */
export const tenantMeterCampaign = z.object({
  id: z.string(),
  meter: campaignMeter,
  kind: campaignKind,
  reason: z.string().nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
  status: campaignStatus,
});
export type TenantMeterCampaign = z.infer<typeof tenantMeterCampaign>;
export const tenantMeterCampaignList = z.array(tenantMeterCampaign);
