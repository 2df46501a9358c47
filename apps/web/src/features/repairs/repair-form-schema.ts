import { LIMITS, type RepairRequest, repairLocation, repairType, urgency } from "@mieter-portal/contracts";
import { z } from "zod";
import { type PickedPhoto, toPhotoUpload } from "@/components/photo-picker/photo-picker";
import { repairTexts } from "./texts";

export const REPAIR_MAX_PHOTOS = LIMITS.repairMaxPhotos;

const t = repairTexts.form;

/** The form's own schema: empty selects and blank descriptions get German messages; the rest is the contract's. */
export const repairFormSchema = z.object({
  type: z.string().min(1, { error: t.typeRequired }).pipe(repairType),
  location: z.string().min(1, { error: t.locationRequired }).pipe(repairLocation),
  description: z
    .string()
    .trim()
    .min(1, { error: t.descriptionRequired })
    .max(LIMITS.descriptionMax, { error: t.descriptionTooLong(LIMITS.descriptionMax) }),
  urgency,
  photos: z
    .array(z.object({ id: z.string(), dataUrl: z.string(), format: z.string(), filename: z.string() }))
    .max(REPAIR_MAX_PHOTOS, { error: t.tooManyPhotos(REPAIR_MAX_PHOTOS) }),
});

export interface RepairFormInput {
  type: string;
  location: string;
  description: string;
  urgency: z.infer<typeof urgency>;
  photos: PickedPhoto[];
}
export type RepairFormOutput = z.output<typeof repairFormSchema>;

/** Spec section 5: urgency defaults to medium. */
export const emptyRepairForm = (): RepairFormInput => ({
  type: "",
  location: "",
  description: "",
  urgency: "medium",
  photos: [],
});

/** The spec's repair request (section 3) from checked form values. */
export function toRepairRequest(values: RepairFormOutput, userId: string | null): RepairRequest {
  return {
    type: values.type,
    location: values.location,
    description: values.description,
    urgency: values.urgency,
    user_id: userId,
    photos: values.photos.map(toPhotoUpload),
  };
}
