import { z } from "zod";
import { LIMITS, requiredText } from "./common.js";
import { photoInfo, photoUpload } from "./photos.js";

export const repairType = z.enum(["plumbing", "electrical", "heating", "door-window", "appliance", "other"], {
  error: "Bitte wählen Sie eine gültige Art der Reparatur.",
});
export type RepairType = z.infer<typeof repairType>;

export const repairLocation = z.enum(["kitchen", "bathroom", "living-room", "bedroom", "hallway", "balcony", "other"], {
  error: "Bitte wählen Sie einen gültigen Ort.",
});
export type RepairLocation = z.infer<typeof repairLocation>;

export const urgency = z.enum(["low", "medium", "high", "emergency"], {
  error: "Bitte wählen Sie eine gültige Dringlichkeit.",
});
export type Urgency = z.infer<typeof urgency>;

/** reported → confirmed → scheduled/in_progress → completed; canceled ends it early. */
export const repairStatus = z.enum(["reported", "confirmed", "scheduled", "in_progress", "completed", "canceled"]);
export type RepairStatus = z.infer<typeof repairStatus>;
export const CLOSED_REPAIR_STATUSES: RepairStatus[] = ["completed", "canceled"];

/**
 * The one set of words for a repair's status: the tenant app, the console, the mails and the
 * command line all say these (issue 25 §11).
 */
export const REPAIR_STATUS_LABELS: Record<RepairStatus, string> = {
  reported: "Gemeldet",
  confirmed: "Bestätigt",
  scheduled: "Termin geplant",
  in_progress: "In Bearbeitung",
  completed: "Abgeschlossen",
  canceled: "Storniert",
};

export const actorKind = z.enum(["tenant", "staff", "system"]);
export type ActorKind = z.infer<typeof actorKind>;

export const repairRequest = z.object({
  type: repairType,
  location: repairLocation,
  description: requiredText(LIMITS.descriptionMax, "Beschreibung"),
  urgency: urgency.default("medium"),
  /** Sent by the app per spec; the server always uses the signed-in tenant. */
  user_id: z.union([z.string(), z.number()]).optional().nullable(),
  photos: z
    .array(photoUpload)
    .max(LIMITS.repairMaxPhotos, { error: `Höchstens ${LIMITS.repairMaxPhotos} Fotos.` })
    .default([]),
});
export type RepairRequest = z.infer<typeof repairRequest>;

export const repairHistoryEntry = z.object({
  status: repairStatus,
  changed_at: z.string(),
  actor: actorKind,
  actor_name: z.string(),
  note: z.string().nullable(),
});
export type RepairHistoryEntry = z.infer<typeof repairHistoryEntry>;

export const repair = z.object({
  id: z.string(),
  type: repairType,
  location: repairLocation,
  description: z.string(),
  urgency,
  status: repairStatus,
  reported_at: z.string(),
  planned_date: z.string().nullable(),
  completed_at: z.string().nullable(),
  photos: z.array(photoInfo),
  history: z.array(repairHistoryEntry),
});
export type Repair = z.infer<typeof repair>;
export const repairList = z.array(repair);
