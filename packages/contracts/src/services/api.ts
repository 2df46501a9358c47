import { z } from "zod";
import { instant, uuid } from "../common.js";
import { photoUpload } from "../photos.js";
import { betrkvCategory } from "./catalogue.js";
import { serviceDate, serviceRecurrence, serviceSeason, serviceWindow } from "./schedule.js";

/** The staff API of service plans (issue 27 §1): requests and answers, shared by server and console. */

export const serviceKind = z.object({
  id: uuid,
  key: z.string(),
  name: z.string(),
  category: betrkvCategory,
  checklist: z.array(z.string()),
});
export type ServiceKind = z.infer<typeof serviceKind>;

export const serviceKindRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Bitte geben Sie den Namen der Leistung an.")
    .max(80, "Der Name darf höchstens 80 Zeichen lang sein."),
  category: betrkvCategory,
  checklist: z.array(z.string().trim().min(1).max(120)).max(30).default([]),
});

const checklist = z
  .array(z.string().trim().min(1, "Bitte keine leeren Punkte in der Checkliste.").max(120))
  .max(30, "Höchstens 30 Punkte in der Checkliste.");

const planFields = z.object({
  recurrence: serviceRecurrence,
  season: serviceSeason.nullable().default(null),
  window: serviceWindow,
  /** Winterdienst only: the window on Sundays and public holidays (default 09:00–20:00). */
  rest_day_window: serviceWindow.nullable().default(null),
  checklist,
  team: z.string().trim().max(80, "Der Name des Teams darf höchstens 80 Zeichen lang sein.").nullable().default(null),
  responsible_staff_id: uuid.nullable().default(null),
  tenant_visible: z.boolean(),
  valid_until: serviceDate.nullable().default(null),
});

export const servicePlanRequest = planFields
  .extend({ building_id: uuid, service_kind_id: uuid, valid_from: serviceDate })
  .refine((p) => p.valid_until === null || p.valid_until >= p.valid_from, {
    message: "Das Ende des Plans darf nicht vor seinem Beginn liegen.",
    path: ["valid_until"],
  });
export type ServicePlanRequest = z.infer<typeof servicePlanRequest>;

/** A change applies from `effective_from` on (tomorrow at the earliest); the visits before it stay. */
export const servicePlanChangeRequest = planFields
  .extend({ effective_from: serviceDate })
  .refine((p) => p.valid_until === null || p.valid_until >= p.effective_from, {
    message: "Das Ende des Plans darf nicht vor seinem Beginn liegen.",
    path: ["valid_until"],
  });
export type ServicePlanChangeRequest = z.infer<typeof servicePlanChangeRequest>;

export const servicePlanEndRequest = z.object({ last_day: serviceDate });

export const servicePlan = z.object({
  id: uuid,
  building_id: uuid,
  building_name: z.string(),
  service_kind: serviceKind,
  recurrence: serviceRecurrence,
  season: serviceSeason.nullable(),
  window: serviceWindow,
  rest_day_window: serviceWindow.nullable(),
  checklist: z.array(z.string()),
  team: z.string().nullable(),
  responsible_staff_id: uuid.nullable(),
  tenant_visible: z.boolean(),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
  predecessor_id: uuid.nullable(),
  /** German notes on legal limits, e.g. the hedge-cutting months (§ 39 BNatSchG). */
  warnings: z.array(z.string()),
});
export type ServicePlan = z.infer<typeof servicePlan>;

export const serviceVisitsQuery = z.object({
  building_id: uuid.optional(),
  from: serviceDate,
  until: serviceDate,
});

export const serviceVisit = z.object({
  id: uuid,
  plan_id: uuid,
  building_id: uuid,
  service_name: z.string(),
  /** The catalogue's key ("winterdienst", …; a company's own service: its id). */
  service_key: z.string(),
  planned_on: z.string(),
  window: serviceWindow,
  moved_from: z.string().nullable(),
  /** E.g. "Nur Form- und Pflegeschnitt …" for hedges from March to September. */
  note: z.string().nullable(),
  /** The plan's checklist, which the crew ticks. */
  checklist: z.array(z.string()),
  /** The crew's record of it, if one was begun: open until Ende, then sealed (the newest correction counts). */
  record: z
    .object({
      id: uuid,
      state: z.enum(["open", "finished"]),
      started_at: z.string(),
      finished_at: z.string().nullable(),
      /** The crew member as tenants may see them too: first name only. */
      crew_first_name: z.string(),
    })
    .nullable(),
});
export type ServiceVisit = z.infer<typeof serviceVisit>;

/**
 * A service a crew member may record unplanned in one of their buildings (snow at 5:30, a tenant's
 * call): those planned there, with the running plan's checklist and team, and "Sonstige Leistung".
 */
export const crewService = z.object({
  building_id: uuid,
  service_kind_id: uuid,
  service_key: z.string(),
  service_name: z.string(),
  checklist: z.array(z.string()),
  team: z.string().nullable(),
});
export type CrewService = z.infer<typeof crewService>;

/** An Einsatz begun without a planned visit (snow at 5:30, a tenant's call), as the week shows it. */
export const unplannedServiceRecord = z.object({
  id: uuid,
  building_id: uuid,
  service_name: z.string(),
  service_key: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  state: z.enum(["open", "finished"]),
  crew_first_name: z.string(),
  team: z.string().nullable(),
});
export type UnplannedServiceRecord = z.infer<typeof unplannedServiceRecord>;

// ---- The crew's records of an Einsatz (issue 27 §2, decision 042) ----

/** Before and after photos per record part; the same limit as a repair's photos. */
export const SERVICE_RECORD_MAX_PHOTOS = 3;

/** One position fix on Beginn. Only the result is stored (am Objekt, distance, accuracy), never this. */
export const crewPosition = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy_m: z.number().min(0).max(100_000),
});

/**
 * Where a house is (its entrance) and how far from it a crew's position fix still counts as "am
 * Objekt": set once per house by an Administrator or Verwalter (issue 27 §2).
 */
/** The default tolerance around a house's position: a large plot, the gate, the bins. */
export const DEFAULT_SITE_TOLERANCE_M = 100;

export const buildingSiteRequest = z.object({
  latitude: z
    .number({ error: "Bitte die geografische Breite als Zahl angeben (z. B. 52,5163)." })
    .min(-90, "Die Breite liegt zwischen -90 und 90 Grad.")
    .max(90, "Die Breite liegt zwischen -90 und 90 Grad."),
  longitude: z
    .number({ error: "Bitte die geografische Länge als Zahl angeben (z. B. 13,3777)." })
    .min(-180, "Die Länge liegt zwischen -180 und 180 Grad.")
    .max(180, "Die Länge liegt zwischen -180 und 180 Grad."),
  tolerance_m: z
    .number({ error: "Bitte den Umkreis in Metern angeben." })
    .int("Bitte den Umkreis in ganzen Metern angeben.")
    .min(10, "Der Umkreis ist mindestens 10 m groß.")
    .max(2000, "Der Umkreis ist höchstens 2.000 m groß (größere Anlagen: mehrere Häuser anlegen).")
    .default(DEFAULT_SITE_TOLERANCE_M),
});
export type BuildingSiteRequest = z.infer<typeof buildingSiteRequest>;

export const buildingSite = z.object({
  building_id: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  tolerance_m: z.number(),
});
export type BuildingSite = z.infer<typeof buildingSite>;

/** GET /staff/buildings/:id/site: the saved position and radius, or null while none is saved. */
export const savedBuildingSite = buildingSite.nullable();

const photos = z
  .array(photoUpload)
  .max(SERVICE_RECORD_MAX_PHOTOS, `Höchstens ${SERVICE_RECORD_MAX_PHOTOS} Fotos je Einsatzteil.`)
  .default([]);

export const serviceRecordStart = z
  .object({
    /** Made on the device, so a record is the same through retries, reloads and offline days. */
    id: uuid,
    /** The planned visit; null for an unplanned Einsatz (snow at 5:30, a tenant's call). */
    visit_id: uuid.nullable().default(null),
    /** For an unplanned Einsatz: where and what. Ignored for a planned visit (the visit says it). */
    building_id: uuid.nullable().default(null),
    service_kind_id: uuid.nullable().default(null),
    /** The device's clock at Beginn; the server records its own on arrival as well. */
    started_at: instant,
    position: crewPosition.nullable().default(null),
    photos,
  })
  .refine((r) => r.visit_id !== null || (r.building_id !== null && r.service_kind_id !== null), {
    message: "Bitte wählen Sie für einen ungeplanten Einsatz das Haus und die Leistung.",
    path: ["building_id"],
  });
export type ServiceRecordStart = z.infer<typeof serviceRecordStart>;

export const MATERIAL_UNITS = ["kg", "l", "Stück", "Sack"] as const;
export const serviceMaterial = z.object({
  name: z.string().trim().min(1, "Bitte das Material benennen.").max(60),
  amount: z.number().positive("Die Menge muss größer als 0 sein.").max(100_000),
  unit: z.enum(MATERIAL_UNITS),
});
/** Winterdienst: what the crew found. */
export const winterConditions = z.object({
  snow: z.boolean(),
  ice: z.boolean(),
  temperature_c: z.number().min(-40).max(45).nullable().default(null),
});

const finishFields = z.object({
  finished_at: instant,
  checklist: z.array(z.object({ item: z.string().trim().min(1).max(120), done: z.boolean() })).max(30),
  materials: z.array(serviceMaterial).max(10).default([]),
  conditions: winterConditions.nullable().default(null),
  remark: z.string().trim().max(2000, "Die Bemerkung darf höchstens 2000 Zeichen lang sein.").default(""),
  photos,
});

export const serviceRecordFinish = finishFields;
export type ServiceRecordFinish = z.infer<typeof serviceRecordFinish>;

/** A correction is a new, finished record pointing at the one it corrects; the old one stays. */
export const serviceRecordCorrection = finishFields.extend({
  id: uuid,
  started_at: instant,
  reason: z.string().trim().min(1, "Bitte begründen Sie die Korrektur.").max(500),
});
export type ServiceRecordCorrection = z.infer<typeof serviceRecordCorrection>;

export const serviceRecord = z.object({
  id: uuid,
  visit_id: uuid.nullable(),
  building_id: uuid,
  service_name: z.string(),
  /** The crew member as tenants may see them: first name and team only. */
  crew: z.object({ first_name: z.string(), team: z.string().nullable() }),
  started_at: z.string(),
  started_at_server: z.string(),
  finished_at: z.string().nullable(),
  finished_at_server: z.string().nullable(),
  location: z.object({
    /** null: not checked (no fix sent, or the house has no position on file). */
    on_site: z.boolean().nullable(),
    distance_m: z.number().nullable(),
    accuracy_m: z.number().nullable(),
  }),
  checklist: z.array(z.object({ item: z.string(), done: z.boolean() })),
  materials: z.array(serviceMaterial),
  conditions: winterConditions.nullable(),
  remark: z.string(),
  photos: z.array(z.object({ id: uuid, kind: z.enum(["before", "after"]), sha256: z.string() })),
  corrects_record_id: uuid.nullable(),
  correction_reason: z.string().nullable(),
  /** SHA-256 over the record's data and its photos, set when it is finished (shown on the proof). */
  content_hash: z.string().nullable(),
});
export type ServiceRecord = z.infer<typeof serviceRecord>;

// ---- What tenants see (issue 27 §3) ----

export const tenantServiceDone = z.object({
  started_at: z.string(),
  finished_at: z.string(),
  /** First name and team only. */
  crew: z.object({ first_name: z.string(), team: z.string().nullable() }),
  /** The first after-photo, for GET /tenant/service-photos/:id. */
  photo_id: uuid.nullable(),
  /** Winterdienst: what the crew found. */
  conditions: winterConditions.nullable(),
  /** The visit, to rate it (POST /tenant/services/visits/:id/rating); null for an unplanned Einsatz. */
  visit_id: uuid.nullable().optional(),
  /** The tenant's own rating of that visit (decision 048). */
  my_rating: z.object({ stars: z.number().int(), comment: z.string().nullable() }).nullable().optional(),
});

export const tenantService = z.object({
  service_kind_id: uuid,
  key: z.string(),
  name: z.string(),
  last_done: tenantServiceDone.nullable(),
  next_planned: z.object({ date: z.string(), window: serviceWindow }).nullable(),
});
export type TenantService = z.infer<typeof tenantService>;

export const tenantServices = z.object({
  building_name: z.string().nullable(),
  services: z.array(tenantService),
});
export type TenantServices = z.infer<typeof tenantServices>;
