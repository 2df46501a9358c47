import { z } from "zod";
import { calendarDate, LIMITS } from "./common.js";
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

export const METER_NAMES: Record<MeterKind, string> = { water: "Wasser", electricity: "Strom", heating: "Heizung" };

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
