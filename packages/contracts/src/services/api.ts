import { z } from "zod";
import { uuid } from "../common.js";
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
  planned_on: z.string(),
  window: serviceWindow,
  moved_from: z.string().nullable(),
  /** E.g. "Nur Form- und Pflegeschnitt …" for hedges from March to September. */
  note: z.string().nullable(),
});
export type ServiceVisit = z.infer<typeof serviceVisit>;
