import { addDays, LIMITS } from "@mieter-portal/contracts";
import {
  SERVICE_REPORT_MAX_AGE_DAYS,
  SERVICE_REPORT_MAX_PHOTOS,
  SERVICE_REPORT_TEXTS,
  type ServiceReportRequest,
} from "@mieter-portal/contracts/services";
import { z } from "zod";
import { type PickedPhoto, toPhotoUpload } from "@/components/photo-picker/photo-picker";
import { serviceTexts } from "./texts";

const t = serviceTexts.report;

/** "Leistung fehlt": the form's own schema; the day's bounds are the server's (the contracts' texts). */
export function reportFormSchema(today: string) {
  return z.object({
    service_kind_id: z.string().min(1, { error: t.serviceRequired }),
    date: z
      .string()
      .min(1, { error: t.dateRequired })
      .refine((d) => d <= today, { error: SERVICE_REPORT_TEXTS.dateInFuture })
      .refine((d) => d >= addDays(today, -SERVICE_REPORT_MAX_AGE_DAYS), { error: SERVICE_REPORT_TEXTS.dateTooOld }),
    text: z
      .string()
      .trim()
      .min(1, { error: t.textRequired })
      .max(LIMITS.descriptionMax, { error: t.textTooLong(LIMITS.descriptionMax) }),
    photos: z
      .array(z.object({ id: z.string(), dataUrl: z.string(), format: z.string(), filename: z.string() }))
      .max(SERVICE_REPORT_MAX_PHOTOS, { error: t.tooManyPhotos(SERVICE_REPORT_MAX_PHOTOS) }),
  });
}

export interface ReportFormInput {
  service_kind_id: string;
  date: string;
  text: string;
  photos: PickedPhoto[];
}
export type ReportFormOutput = z.output<ReturnType<typeof reportFormSchema>>;

export const emptyReportForm = (today: string, serviceKindId = ""): ReportFormInput => ({
  service_kind_id: serviceKindId,
  date: today,
  text: "",
  photos: [],
});

export function toReportRequest(values: ReportFormOutput): ServiceReportRequest {
  return {
    service_kind_id: values.service_kind_id,
    date: values.date,
    text: values.text,
    photos: values.photos.map(toPhotoUpload),
  };
}
