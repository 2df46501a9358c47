import { z } from "zod";
import { LIMITS } from "./common.js";

/** Image formats a photo may have; the server decides by the decoded bytes. */
export const PHOTO_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** A photo as the app sends it (spec section 3): data URL, format, file name. */
export const photoUpload = z.object({
  dataUrl: z
    .string({ error: "Foto fehlt." })
    .max(Math.ceil((LIMITS.photoMaxBytes * 4) / 3) + 100, { error: "Das Foto ist zu groß (höchstens 8 MB)." })
    .regex(/^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]+$/i, {
      error: "Das Foto muss als Bild (data:image/…;base64) übertragen werden.",
    }),
  format: z.string().trim().max(10).optional(),
  filename: z.string().trim().max(LIMITS.filenameMax).optional().nullable(),
});
export type PhotoUpload = z.infer<typeof photoUpload>;

/** A stored photo as the lists and details return it. */
export const photoInfo = z.object({
  id: z.string(),
  filename: z.string(),
  file_type: z.string(),
  file_size: z.number().int(),
  /** Authorised download path (needs the bearer token). */
  url: z.string(),
});
export type PhotoInfo = z.infer<typeof photoInfo>;
