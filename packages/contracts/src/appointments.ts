import { z } from "zod";
import { calendarDate, LIMITS } from "./common.js";
import { pageQuery } from "./pagination.js";

export const appointmentType = z.enum(["consultation", "inspection", "repair", "other"], {
  error: "Bitte wählen Sie eine gültige Terminart.",
});
export type AppointmentType = z.infer<typeof appointmentType>;

export const timeSlot = z.enum(["morning", "afternoon", "evening"], {
  error: "Bitte wählen Sie ein gültiges Zeitfenster.",
});
export type TimeSlot = z.infer<typeof timeSlot>;

/** Hours of each slot, local time Europe/Berlin (spec: 8-12, 12-16, 16-18). */
export const TIME_SLOT_HOURS: Record<TimeSlot, { start: number; end: number }> = {
  morning: { start: 8, end: 12 },
  afternoon: { start: 12, end: 16 },
  evening: { start: 16, end: 18 },
};

/** confirmed 'Bestätigt', pending 'Ausstehend', anything else 'Abgeschlossen'. */
export const appointmentStatus = z.enum(["pending", "confirmed", "canceled", "completed"]);
export type AppointmentStatus = z.infer<typeof appointmentStatus>;

/**
 * Who asked for the appointment: a tenant's request ("tenant") waits for the management to accept
 * it; a proposal of the management ("management") waits for the tenant to confirm it.
 */
export const appointmentOrigin = z.enum(["tenant", "management"]);
export type AppointmentOrigin = z.infer<typeof appointmentOrigin>;

export const appointment = z.object({
  id: z.string(),
  type: appointmentType,
  title: z.string(),
  status: appointmentStatus,
  origin: appointmentOrigin,
  start_time: z.string(),
  end_time: z.string(),
  requested_date: calendarDate.nullable(),
  time_slot: timeSlot.nullable(),
  notes: z.string().nullable(),
  location: z.string().nullable(),
  /**
   * The management's message with its latest answer (accept, proposal, move: its note; a
   * cancellation: the reason). Absent in copies cached before issue 25.
   */
  management_note: z.string().nullish(),
  created_at: z.string(),
});
export type Appointment = z.infer<typeof appointment>;
export const appointmentList = z.array(appointment);

/** upcoming=true keeps the appointments that start after now (the dashboard's and notifications' view). */
export const appointmentsQuery = pageQuery.extend({
  upcoming: z
    .enum(["true", "false"], { error: "upcoming muss 'true' oder 'false' sein." })
    .default("false")
    .describe("true: only appointments starting in the future"),
});
export type AppointmentsQuery = z.infer<typeof appointmentsQuery>;

export const appointmentRequest = z.object({
  type: appointmentType,
  date: calendarDate,
  timeSlot,
  notes: z
    .string()
    .trim()
    .max(LIMITS.notesMax, { error: `Notizen dürfen höchstens ${LIMITS.notesMax} Zeichen lang sein.` })
    .optional()
    .nullable(),
});
export type AppointmentRequest = z.infer<typeof appointmentRequest>;

export const appointmentStatusUpdate = z.object({
  status: z.enum(["confirmed", "canceled"], { error: "Status muss 'confirmed' oder 'canceled' sein." }),
});
export type AppointmentStatusUpdate = z.infer<typeof appointmentStatusUpdate>;

/** German title of a requested appointment, by type. */
export const APPOINTMENT_TITLES: Record<AppointmentType, string> = {
  consultation: "Beratungstermin",
  inspection: "Besichtigung",
  repair: "Reparaturtermin",
  other: "Sonstiger Termin",
};

/** German answers of the appointment endpoints. */
export const APPOINTMENT_MESSAGES = {
  dateInPast: "Das Datum darf nicht in der Vergangenheit liegen.",
  alreadyCanceled: "Dieser Termin wurde bereits abgesagt.",
  alreadyCompleted: "Dieser Termin ist bereits abgeschlossen.",
  pastAppointment: "Vergangene Termine können nicht mehr geändert werden.",
  awaitingManagement: "Ihre Anfrage wartet noch auf die Bestätigung der Hausverwaltung.",
  awaitingTenant: "Dieser Terminvorschlag wartet auf die Antwort des Mieters.",
  alreadyConfirmed: "Dieser Termin ist bereits bestätigt.",
} as const;
