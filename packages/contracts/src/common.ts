import { z } from "zod";

/** Every path of the API lives under this base. */
export const API_BASE = "/api/v1";

/**
 * The client API key the web build embeds (spec section 6: a fixed key in the client).
 * The server accepts it unless API_KEYS says otherwise.
 */
export const DEFAULT_CLIENT_API_KEY = "mp-web-client-2025";

export const CURRENCY = "EUR";

/** Plain calendar date, YYYY-MM-DD, that really exists (no 2025-02-30). */
export const calendarDate = z.iso.date({ error: "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT)." });

/** UTC instant as ISO 8601 string. */
export const instant = z.iso.datetime({ offset: true });

export const uuid = z.uuid({ error: "Ungültige Kennung." });

export const idParams = z.object({ id: uuid });
export type IdParams = z.infer<typeof idParams>;

/** A German, trimmed, non-blank text with a maximum length. */
export function requiredText(max: number, label: string) {
  return z
    .string({ error: `${label} ist erforderlich.` })
    .trim()
    .min(1, { error: `${label} ist erforderlich.` })
    .max(max, { error: `${label} darf höchstens ${max} Zeichen lang sein.` });
}

/** Error body of every 4xx/5xx answer. */
export const apiError = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** Answer of a change that has no richer body. */
export const okResponse = z.object({ success: z.literal(true), message: z.string() });
export type OkResponse = z.infer<typeof okResponse>;
/** Answer of a change that says nothing but that it worked (assigning an inbox item, a contact change). */
export const successResponse = z.object({ success: z.literal(true) });

/** Amounts travel as euros with two decimals; the database keeps integer cents. */
export const money = z.number();

export const LIMITS = {
  /** Document uploads (multipart). */
  documentMaxBytes: 20 * 1024 * 1024,
  /** One photo, decoded. */
  photoMaxBytes: 8 * 1024 * 1024,
  repairMaxPhotos: 3,
  titleMax: 200,
  subjectMax: 200,
  messageMax: 5000,
  descriptionMax: 5000,
  notesMax: 2000,
  filenameMax: 255,
  passwordMin: 8,
  /** Staff accounts reach every tenant of their buildings: longer passwords. */
  staffPasswordMin: 10,
  passwordMax: 128,
  emailMax: 254,
  nameMax: 100,
  /** Highest value a meter can show (a 9-digit counter). */
  meterMax: 999_999_999,
  idempotencyKeyMax: 200,
} as const;
