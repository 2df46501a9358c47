import { z } from "zod";
import { LIMITS, requiredText } from "../common.js";
import { staffRole } from "./roles.js";

export const building = z.object({ id: z.string(), name: z.string(), address: z.string(), tenant_count: z.number() });
export type Building = z.infer<typeof building>;

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  active: z.boolean(),
  buildings: z.array(z.object({ id: z.string(), name: z.string() })),
  totp_enabled: z.boolean(),
  /** invited: the link was sent and not used yet; active: the password is set. */
  status: z.enum(["invited", "active", "inactive"]),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** Every role but the Administrator works in named buildings (the Dienstleister too, decision 048). */
export const STAFF_BUILDINGS_NEEDED = "Verwalter, Hausmeister und Dienstleister brauchen mindestens ein Gebäude.";

const buildingIds = z.array(z.uuid({ error: "Unbekanntes Gebäude." })).max(500);

export const staffCreateRequest = z
  .object({
    email: z
      .string({ error: "E-Mail-Adresse ist erforderlich." })
      .trim()
      .max(LIMITS.emailMax)
      .pipe(z.email({ error: "Bitte geben Sie eine gültige E-Mail-Adresse ein." })),
    name: requiredText(LIMITS.nameMax, "Der Name"),
    role: staffRole,
    building_ids: buildingIds.default([]),
  })
  .refine((v) => v.role === "administrator" || v.building_ids.length > 0, {
    error: STAFF_BUILDINGS_NEEDED,
    path: ["building_ids"],
  });

export const staffUpdateRequest = z.object({
  name: requiredText(LIMITS.nameMax, "Der Name").optional(),
  role: staffRole.optional(),
  building_ids: buildingIds.optional(),
  active: z.boolean().optional(),
});

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  staff: z.object({ id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  /** What was done, in German, as the rest of a sentence after the staff member's name (issue 25 item 17). */
  action_label: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** The item the entry is about, named as the console shows it (null: gone or not linkable). */
  item: z.object({ kind: z.string(), id: z.string(), label: z.string() }).nullable(),
  /** The tenant the item belongs to. */
  tenant: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Vorher/nachher as German field names and values (euros, dates, names instead of cents and ids). */
  changes: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
  /** The stored JSON, for exports; the console shows `changes`. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object({
  staff: z.uuid({ error: "Unbekannte Person." }).optional(),
  entity_type: z.string().max(40).optional(),
  action: z.string().max(60).optional(),
  from: z.iso.date({ error: "Bitte ein Datum (JJJJ-MM-TT) angeben." }).optional(),
  to: z.iso.date({ error: "Bitte ein Datum (JJJJ-MM-TT) angeben." }).optional(),
  cursor: z.string().max(256).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const auditPage = z.object({ items: z.array(auditEntry), next_cursor: z.string().nullable() });
