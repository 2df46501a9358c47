import { z } from "zod";
import { LIMITS, requiredText, uuid } from "../common.js";
import { photoInfo, photoUpload } from "../photos.js";
import { serviceDate } from "./schedule.js";

/**
 * What tenants say about the house's services (issue 27 §3, decision 048): "Leistung fehlt" and a
 * rating per visit; and what staff read of it (ratings per service and team, without tenants' names).
 */

/** A report may name a day up to this many days back (and not in the future). */
export const SERVICE_REPORT_MAX_AGE_DAYS = 30;
/** A report is due in the Eingang after this many working days (Mon–Fri without Berlin's holidays). */
export const SERVICE_REPORT_DUE_WORKING_DAYS = 2;
export const SERVICE_REPORT_MAX_PHOTOS = 3;
export const SERVICE_RATING_COMMENT_MAX = 500;

export const SERVICE_REPORT_TEXTS = {
  dateInFuture: "Das Datum darf nicht in der Zukunft liegen.",
  dateTooOld: `Bitte melden Sie nur, was in den letzten ${SERVICE_REPORT_MAX_AGE_DAYS} Tagen fehlte.`,
  unknownService: "Diese Leistung gibt es in Ihrem Haus nicht.",
  noBuilding: "Ihrer Wohnung ist kein Haus zugeordnet, für das Leistungen geplant sind.",
  /** The conversation's subject: "Leistung fehlt: Treppenhausreinigung am 24.11.2026". */
  subject: (service: string, germanDate: string) => `Leistung fehlt: ${service} am ${germanDate}`,
} as const;

export const serviceReportRequest = z.object({
  service_kind_id: uuid,
  /** The Berlin day the service was missing or poor. */
  date: serviceDate,
  text: requiredText(LIMITS.descriptionMax, "Beschreibung"),
  photos: z
    .array(photoUpload)
    .max(SERVICE_REPORT_MAX_PHOTOS, { error: `Höchstens ${SERVICE_REPORT_MAX_PHOTOS} Fotos.` })
    .default([]),
});
export type ServiceReportRequest = z.infer<typeof serviceReportRequest>;

export const serviceReport = z.object({
  id: uuid,
  service_kind_id: uuid,
  service_name: z.string(),
  date: z.string(),
  text: z.string(),
  /** The conversation with the management the report opened: the answer arrives there. */
  thread_id: uuid,
  photos: z.array(photoInfo),
  created_at: z.string(),
});
export type ServiceReport = z.infer<typeof serviceReport>;

/** Staff: the reports of the buildings in scope; of one conversation, or naming a day of a period. */
export const serviceReportsQuery = z.object({
  building_id: uuid.optional(),
  thread_id: uuid.optional(),
  from: serviceDate.optional(),
  until: serviceDate.optional(),
});

export const serviceRatingRequest = z.object({
  stars: z
    .number({ error: "Bitte vergeben Sie 1 bis 5 Sterne." })
    .int({ error: "Bitte vergeben Sie 1 bis 5 Sterne." })
    .min(1, { error: "Bitte vergeben Sie 1 bis 5 Sterne." })
    .max(5, { error: "Bitte vergeben Sie 1 bis 5 Sterne." }),
  comment: z
    .string()
    .trim()
    .max(SERVICE_RATING_COMMENT_MAX, {
      error: `Der Kommentar darf höchstens ${SERVICE_RATING_COMMENT_MAX} Zeichen lang sein.`,
    })
    .nullable()
    .default(null)
    .transform((c) => (c ? c : null)),
});
export type ServiceRatingRequest = z.infer<typeof serviceRatingRequest>;

export const serviceRating = z.object({
  visit_id: uuid,
  stars: z.number().int(),
  comment: z.string().nullable(),
  updated_at: z.string(),
});
export type ServiceRating = z.infer<typeof serviceRating>;

/** A finished visit of a tenant-visible service of the tenant's house, with the tenant's own rating. */
export const tenantRatableVisit = z.object({
  visit_id: uuid,
  service_kind_id: uuid,
  service_name: z.string(),
  planned_on: z.string(),
  finished_at: z.string(),
  my_rating: serviceRating.nullable(),
});
export type TenantRatableVisit = z.infer<typeof tenantRatableVisit>;

export const serviceRatingsQuery = z.object({
  building_id: uuid.optional(),
  from: serviceDate,
  until: serviceDate,
});

const ratingFigure = z.object({ average: z.number(), count: z.number().int() });

export const serviceRatingsSummary = z.object({
  by_service: z.array(ratingFigure.extend({ service_kind_id: uuid, service_name: z.string() })),
  /** Per team of the visits' records ("ohne Team" when the record named none). */
  by_team: z.array(ratingFigure.extend({ team: z.string().nullable() })),
  /** The comments, newest visit first: never a tenant's name. */
  comments: z.array(
    z.object({
      service_name: z.string(),
      team: z.string().nullable(),
      planned_on: z.string(),
      stars: z.number().int(),
      comment: z.string(),
    }),
  ),
});
export type ServiceRatingsSummary = z.infer<typeof serviceRatingsSummary>;

/** A visit whose window passed without a finished Einsatz (issue 27 §4), as the Eingang opens it. */
export const serviceMissedVisit = z.object({
  visit_id: uuid,
  building_id: uuid,
  building_name: z.string(),
  service_name: z.string(),
  planned_on: z.string(),
  window: z.object({ start: z.string(), end: z.string() }),
  noticed_at: z.string(),
  closed_at: z.string().nullable(),
  close_note: z.string().nullable(),
});
export type ServiceMissedVisit = z.infer<typeof serviceMissedVisit>;

export const serviceMissedCloseRequest = z.object({
  /** What was done about it (e.g. "Nachgeholt am Freitag"), kept with the visit. */
  note: requiredText(500, "Die Notiz"),
});
