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
