import {
  type AppointmentRequest,
  type AppointmentType,
  appointmentDateProblem,
  appointmentDateWindow,
  appointmentType,
  LIMITS,
  TIME_SLOT_HOURS,
  type TimeSlot,
  timeSlot,
} from "@mieter-portal/contracts";
import { z } from "zod";
import { berlinCalendarDay } from "@/lib/format";
import { APPOINTMENT_TYPE_LABELS, appointmentTexts, TIME_SLOT_NAMES } from "./texts";

/** /appointments?reschedule=<id> opens the request form filled from the appointment that was just canceled. */
export const RESCHEDULE_PARAM = "reschedule";

export const APPOINTMENT_TYPES = appointmentType.options;
export const TIME_SLOTS = timeSlot.options;

/** The form's raw values: select and radios start empty (""). */
export interface AppointmentFormValues {
  type: string;
  date: string;
  timeSlot: string;
  notes: string;
}

export const EMPTY_APPOINTMENT_FORM: AppointmentFormValues = { type: "", date: "", timeSlot: "", notes: "" };

export function appointmentTypeLabel(type: string): string {
  return APPOINTMENT_TYPE_LABELS[type as AppointmentType] ?? APPOINTMENT_TYPE_LABELS.other;
}

/** The hours of a slot, e.g. '8-12 Uhr'. */
export function timeSlotHours(slot: TimeSlot): string {
  const { start, end } = TIME_SLOT_HOURS[slot];
  return `${start}-${end} Uhr`;
}

/** e.g. 'Vormittag (8-12 Uhr)'. */
export function timeSlotLabel(slot: TimeSlot): string {
  return `${TIME_SLOT_NAMES[slot]} (${timeSlotHours(slot)})`;
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  return PLAIN_DATE.test(value) && berlinCalendarDay(value) !== null;
}

const REQUIRED_FIELDS = ["type", "date", "timeSlot"] as const;
export type RequiredAppointmentField = (typeof REQUIRED_FIELDS)[number];

/** Spec section 5: type, date and timeSlot are required; notes are optional. */
export function missingRequiredFields(values: AppointmentFormValues): RequiredAppointmentField[] {
  return REQUIRED_FIELDS.filter((field) => values[field].trim() === "");
}

/**
 * The days the date input offers (min/max): tomorrow up to 6 months ahead. Weekends and holidays
 * in between cannot be greyed out in a native date input; the shared rule explains them instead.
 */
export function appointmentDateLimits(today: string): { min: string; max: string } {
  const window = appointmentDateWindow(today);
  return { min: window.first, max: window.last };
}

/**
 * Validates the form against today's Berlin date and gives the API's request body. The date
 * follows the server's rule (packages/contracts, decision 008) with the server's German messages.
 */
export function appointmentFormSchema(today: string) {
  const t = appointmentTexts.form;
  return z
    .object({
      type: z.string().refine((v) => appointmentType.safeParse(v).success, { error: t.requiredType }),
      date: z
        .string()
        .min(1, { error: t.requiredDate, abort: true })
        .refine(isCalendarDate, { error: t.invalidDate, abort: true })
        .superRefine((v, ctx) => {
          const problem = appointmentDateProblem(v, today);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
      timeSlot: z.string().refine((v) => timeSlot.safeParse(v).success, { error: t.requiredTimeSlot }),
      notes: z
        .string()
        .trim()
        .max(LIMITS.notesMax, { error: t.notesTooLong(LIMITS.notesMax) }),
    })
    .transform(
      (v): AppointmentRequest => ({
        type: v.type as AppointmentType,
        date: v.date,
        timeSlot: v.timeSlot as TimeSlot,
        notes: v.notes === "" ? null : v.notes,
      }),
    );
}

/** The request form filled from an appointment that is being moved: same type, slot and notes, new date. */
export function rescheduleValues(appointment: {
  type: AppointmentType;
  time_slot: TimeSlot | null;
  notes: string | null;
}): AppointmentFormValues {
  return {
    type: appointment.type,
    date: "",
    timeSlot: appointment.time_slot ?? "",
    notes: appointment.notes ?? "",
  };
}
