import { z } from "zod";
import { appointmentOrigin, appointmentStatus, appointmentType } from "../appointments.js";
import { calendarDate, LIMITS, requiredText } from "../common.js";
import { documentType } from "../documents.js";
import { messageDirection } from "../messages.js";
import { meterKind } from "../meter-readings.js";
import { photoInfo } from "../photos.js";
import { repairHistoryEntry, repairLocation, repairStatus, repairType, urgency } from "../repairs.js";
import { invitationStatus, tenantInvitationState } from "./onboarding.js";

const optionalNote = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} darf höchstens ${max} Zeichen lang sein.` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const personRef = z.object({ id: z.string(), name: z.string() });

export const tenantRef = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  building: z.object({ id: z.string(), name: z.string() }).nullable(),
  unit: z.string().nullable(),
});
export type TenantRef = z.infer<typeof tenantRef>;

/** A note for staff only: never sent to any tenant endpoint or mail. */
export const internalNote = z.object({
  id: z.string(),
  author: z.string(),
  note: z.string(),
  created_at: z.string(),
});

export const staffRepair = z.object({
  id: z.string(),
  type: repairType,
  location: repairLocation,
  description: z.string(),
  urgency,
  status: repairStatus,
  reported_at: z.string(),
  planned_date: z.string().nullable(),
  /** Free text such as "8–12 Uhr", shown to the tenant with the planned date. */
  planned_window: z.string().nullable(),
  completed_at: z.string().nullable(),
  due_at: z.string().nullable(),
  /** null for a repair of a building's common areas (issue 25 §16): then `common_area` names the building. */
  tenant: tenantRef.nullable(),
  common_area: z.object({ building: z.object({ id: z.string(), name: z.string() }) }).nullable(),
  assignee: personRef.nullable(),
  photos: z.array(photoInfo),
  history: z.array(repairHistoryEntry),
  internal_notes: z.array(internalNote),
  /** The conversation staff made the repair from (issue 25 §16); null otherwise. */
  source_thread: z.object({ id: z.string(), subject: z.string() }).nullable(),
});
export type StaffRepair = z.infer<typeof staffRepair>;

/** The repair after a status change, with whether a mail went out (issue 25 §9; see staffThreadWritten). */
export const staffRepairWritten = staffRepair.extend({ tenant_emailed: z.boolean() });
export type StaffRepairWritten = z.infer<typeof staffRepairWritten>;

export const repairStatusChange = z
  .object({
    status: z.enum(["confirmed", "scheduled", "in_progress", "completed", "canceled"], {
      error: "Bitte wählen Sie einen gültigen Status.",
    }),
    planned_date: calendarDate.optional().nullable(),
    planned_window: optionalNote("Das Zeitfenster", 40),
    /** Shown to the tenant in the repair's history and sent by e-mail. */
    note_to_tenant: optionalNote("Die Nachricht an den Mieter", LIMITS.notesMax),
    /** Required when canceling; shown to the tenant. */
    reason: optionalNote("Der Grund", LIMITS.notesMax),
  })
  .refine((v) => v.status !== "scheduled" || !!v.planned_date, {
    error: "Bitte geben Sie ein geplantes Datum an.",
    path: ["planned_date"],
  })
  .refine((v) => v.status !== "canceled" || !!v.reason, {
    error: "Bitte geben Sie einen Grund für die Stornierung an.",
    path: ["reason"],
  });
export type RepairStatusChangeRequest = z.infer<typeof repairStatusChange>;

export const internalNoteRequest = z.object({ note: requiredText(LIMITS.notesMax, "Die Notiz") });

export const staffThreadMessage = z.object({
  id: z.string(),
  direction: messageDirection,
  sender_name: z.string(),
  content: z.string(),
  received_at: z.string(),
  read_at: z.string().nullable(),
});

export const staffThread = z.object({
  id: z.string(),
  subject: z.string(),
  created_at: z.string(),
  tenant: tenantRef,
  /** The tenant's names apart, for a Textbaustein's {Vorname} and {Nachname} and the salutation. */
  addressee: z.object({ first_name: z.string(), last_name: z.string() }),
  assignee: personRef.nullable(),
  handled_at: z.string().nullable(),
  awaiting_reply_since: z.string().nullable(),
  messages: z.array(staffThreadMessage),
});
export type StaffThread = z.infer<typeof staffThread>;

/**
 * The conversation after the management wrote to the tenant, with whether a mail went out: none
 * when the tenant turned e-mail off (the console says so instead of "per E-Mail benachrichtigt").
 */
export const staffThreadWritten = staffThread.extend({ tenant_emailed: z.boolean() });
export type StaffThreadWritten = z.infer<typeof staffThreadWritten>;

export const staffReplyRequest = z.object({ content: requiredText(LIMITS.messageMax, "Die Antwort") });
export const staffNewThreadRequest = z.object({
  tenant_id: z.uuid({ error: "Bitte wählen Sie einen Mieter." }),
  subject: requiredText(LIMITS.subjectMax, "Der Betreff"),
  content: requiredText(LIMITS.messageMax, "Die Nachricht"),
});

/**
 * What a Textbaustein may contain; the console fills them in when it is inserted into a reply
 * (issue 25 §10). {Anrede} is how the tenant is addressed: "Frau Meyer"/"Herr Weber" once a
 * salutation is known, until then the full name (the portal stores none today).
 */
export const CANNED_REPLY_PLACEHOLDERS = [
  "{Anrede}",
  "{Vorname}",
  "{Nachname}",
  "{Gebäude}",
  "{Wohnung}",
  "{Name der Mitarbeiterin}",
] as const;

/** A Textbaustein: shared (kept by Administrators) or the signed-in staff member's own. */
export const cannedReply = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
  /** true: the signed-in staff member's own, seen by nobody else. */
  personal: z.boolean(),
  /** Whether the signed-in staff member may change or remove it. */
  editable: z.boolean(),
});
export type CannedReply = z.infer<typeof cannedReply>;

const knownPlaceholders = new Set<string>(CANNED_REPLY_PLACEHOLDERS);
export const cannedReplyRequest = z.object({
  title: requiredText(100, "Der Titel"),
  body: requiredText(LIMITS.messageMax, "Der Text").superRefine((body, ctx) => {
    const unknown = (body.match(/\{[^{}]*\}/g) ?? []).find((p) => !knownPlaceholders.has(p));
    if (unknown)
      ctx.addIssue({
        code: "custom",
        message: `Den Platzhalter ${unknown} gibt es nicht. Möglich sind: ${CANNED_REPLY_PLACEHOLDERS.join(", ")}.`,
      });
  }),
  /** Administrators choose; everyone else's Textbausteine are always their own. */
  personal: z.boolean({ error: "personal muss true oder false sein." }).optional(),
});

/** Who asked for the appointment: a tenant's request waits for the management, a proposal for the tenant. */
export { type AppointmentOrigin, appointmentOrigin } from "../appointments.js";

export const staffAppointment = z.object({
  id: z.string(),
  type: appointmentType,
  title: z.string(),
  status: appointmentStatus,
  origin: appointmentOrigin,
  start_time: z.string(),
  end_time: z.string(),
  requested_date: z.string().nullable(),
  time_slot: z.string().nullable(),
  notes: z.string().nullable(),
  location: z.string().nullable(),
  decline_reason: z.string().nullable(),
  /** The management's message with its latest answer, as the tenant reads it. */
  management_note: z.string().nullable(),
  created_at: z.string(),
  /** Every status change, oldest first, with the management's message or reason. */
  history: z.array(
    z.object({
      status: appointmentStatus,
      changed_at: z.string(),
      actor_kind: z.enum(["tenant", "staff"]),
      actor_name: z.string(),
      note: z.string().nullable(),
    }),
  ),
  tenant: tenantRef,
  assignee: personRef.nullable(),
});
export type StaffAppointment = z.infer<typeof staffAppointment>;

/** An instant with its offset, with a German answer when it is missing or malformed. */
const staffInstant = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: `${label}: bitte Datum und Uhrzeit mit Zeitzone angeben (z. B. 2026-12-01T09:00:00+01:00).`,
  });

const timeRange = z
  .object({ start: staffInstant("Beginn"), end: staffInstant("Ende") })
  // Compared as instants: the two may carry different offsets.
  .refine((v) => Date.parse(v.start) < Date.parse(v.end), {
    error: "Das Ende muss nach dem Beginn liegen.",
    path: ["end"],
  });

export const appointmentAcceptRequest = timeRange.and(
  z.object({ location: optionalNote("Der Ort", 200), note_to_tenant: optionalNote("Die Nachricht", LIMITS.notesMax) }),
);
export const appointmentDeclineRequest = z.object({ reason: requiredText(LIMITS.notesMax, "Der Grund") });
export const appointmentProposeRequest = timeRange.and(
  z.object({ location: optionalNote("Der Ort", 200), note_to_tenant: optionalNote("Die Nachricht", LIMITS.notesMax) }),
);
export const staffNewAppointmentRequest = timeRange.and(
  z.object({
    tenant_id: z.uuid({ error: "Bitte wählen Sie einen Mieter." }),
    type: appointmentType,
    title: optionalNote("Der Titel", LIMITS.titleMax),
    location: optionalNote("Der Ort", 200),
    note_to_tenant: optionalNote("Die Nachricht", LIMITS.notesMax),
  }),
);

export const staffMeterReading = z.object({
  id: z.string(),
  reading_date: z.string(),
  submitted_at: z.string(),
  water_reading: z.number().nullable(),
  electricity_reading: z.number().nullable(),
  heating_reading: z.number().nullable(),
  /** Meters whose value is lower than the tenant's previous reading of that meter. */
  lower_than_previous: z.array(meterKind),
  previous: z.object({
    water_reading: z.number().nullable(),
    electricity_reading: z.number().nullable(),
    heating_reading: z.number().nullable(),
  }),
  /** null: not looked at; accepted; renewal_requested: the tenant was asked for a new reading. */
  review: z.enum(["accepted", "renewal_requested"]).nullable(),
  photos: z.array(photoInfo.extend({ meter: meterKind })),
  tenant: tenantRef,
});
export type StaffMeterReading = z.infer<typeof staffMeterReading>;

export const meterRenewalRequest = z.object({ message: requiredText(LIMITS.messageMax, "Die Nachricht") });

export const staffTenantSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  building: z.object({ id: z.string(), name: z.string() }).nullable(),
  address: z.string().nullable(),
  unit: z.string().nullable(),
  tenancy_active: z.boolean(),
  /** Whether the tenant can sign in yet (issue 14 §1). */
  invitation_status: invitationStatus,
});
export type StaffTenantSummary = z.infer<typeof staffTenantSummary>;
export const staffTenantPage = z.object({ items: z.array(staffTenantSummary), next_cursor: z.string().nullable() });

export const staffTenantsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  building: z.uuid({ error: "Unbekanntes Gebäude." }).optional(),
  invitation: invitationStatus.optional(),
  cursor: z.string().max(256).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const staffTenantDetail = z.object({
  tenant: staffTenantSummary,
  invitation: tenantInvitationState,
  /** The name as two fields and the address (null: none known), for changing them. */
  contact: z.object({ first_name: z.string(), last_name: z.string(), email: z.string().nullable() }),
  tenancy: z
    .object({
      /** The rent account's id in the console (Finanzen). */
      id: z.string(),
      start_date: z.string(),
      end_date: z.string().nullable(),
      base_rent: z.number(),
      utilities: z.number(),
      payment_method: z.string(),
      due_day: z.number().int(),
    })
    .nullable(),
  open_repairs: z.array(z.object({ id: z.string(), title: z.string(), status: repairStatus, reported_at: z.string() })),
  past_repairs: z.array(z.object({ id: z.string(), title: z.string(), status: repairStatus, reported_at: z.string() })),
  threads: z.array(
    z.object({ id: z.string(), subject: z.string(), last_message_at: z.string(), awaiting_reply: z.boolean() }),
  ),
  appointments: z.array(
    z.object({ id: z.string(), title: z.string(), status: appointmentStatus, start_time: z.string() }),
  ),
  /** Absent for a Hausmeister (no documents, no readings). */
  documents: z
    .array(z.object({ id: z.string(), title: z.string(), type: documentType, uploaded_at: z.string() }))
    .nullable(),
  meter_readings: z
    .array(z.object({ id: z.string(), reading_date: z.string(), lower_than_previous: z.boolean() }))
    .nullable(),
});
export type StaffTenantDetail = z.infer<typeof staffTenantDetail>;
