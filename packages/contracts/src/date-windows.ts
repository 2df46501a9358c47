import { APPOINTMENT_MESSAGES } from "./appointments.js";
import { addDays, addMonths, dayOfWeek, germanDate, isCalendarDate } from "./calendar-dates.js";
import { type HolidayState, publicHolidayOn } from "./holidays.js";

/**
 * Which days a tenant may send (decision 008). The server refuses with these German messages
 * and the app shows the same ones under the date field before sending; `today` is the calendar
 * date in Europe/Berlin (YYYY-MM-DD) of whoever asks.
 */

/** The management's office is in Berlin: its public holidays are days without appointments. */
export const HOLIDAY_STATE: HolidayState = "BE";
/** Appointments can be requested from tomorrow up to this many months ahead. */
export const APPOINTMENT_MONTHS_AHEAD = 6;
/** A meter reading may be at most this many months old. */
export const READING_DATE_MONTHS_BACK = 12;

export const DATE_WINDOW_MESSAGES = {
  invalid: "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).",
  appointmentInPast: APPOINTMENT_MESSAGES.dateInPast,
  appointmentToday: "Termine können frühestens für morgen angefragt werden.",
  appointmentTooFar: `Termine können höchstens ${APPOINTMENT_MONTHS_AHEAD} Monate im Voraus angefragt werden.`,
  appointmentWeekend: "Bitte wählen Sie einen Werktag (Montag bis Freitag).",
  appointmentHoliday: (date: string, name: string) =>
    `Am ${germanDate(date)} ist ein gesetzlicher Feiertag (${name}). Bitte wählen Sie einen anderen Tag.`,
  readingInFuture: "Das Ablesedatum darf nicht in der Zukunft liegen.",
  readingTooOld: `Das Ablesedatum darf höchstens ${READING_DATE_MONTHS_BACK} Monate zurückliegen.`,
} as const;

/** First and last day (inclusive) an appointment can be requested for. */
export function appointmentDateWindow(today: string): { first: string; last: string } {
  return { first: addDays(today, 1), last: addMonths(today, APPOINTMENT_MONTHS_AHEAD) };
}

/**
 * Why an appointment cannot be requested for `date`, or undefined when it can: a working day
 * (Monday to Friday, no public holiday in Berlin) from tomorrow up to 6 months ahead. A holiday
 * is named even on a weekend, so the tenant learns the real reason.
 */
export function appointmentDateProblem(date: string, today: string): string | undefined {
  if (!isCalendarDate(date)) return DATE_WINDOW_MESSAGES.invalid;
  const window = appointmentDateWindow(today);
  if (date < today) return DATE_WINDOW_MESSAGES.appointmentInPast;
  if (date < window.first) return DATE_WINDOW_MESSAGES.appointmentToday;
  if (date > window.last) return DATE_WINDOW_MESSAGES.appointmentTooFar;
  const holiday = publicHolidayOn(date, HOLIDAY_STATE);
  if (holiday) return DATE_WINDOW_MESSAGES.appointmentHoliday(date, holiday);
  const weekday = dayOfWeek(date);
  if (weekday === 0 || weekday === 6) return DATE_WINDOW_MESSAGES.appointmentWeekend;
  return undefined;
}

/** First and last day (inclusive) a meter reading may be dated. */
export function readingDateWindow(today: string): { first: string; last: string } {
  return { first: addMonths(today, -READING_DATE_MONTHS_BACK), last: today };
}

/** Why a meter reading cannot carry `date`, or undefined: from 12 months ago up to today. */
export function readingDateProblem(date: string, today: string): string | undefined {
  if (!isCalendarDate(date)) return DATE_WINDOW_MESSAGES.invalid;
  const window = readingDateWindow(today);
  if (date > window.last) return DATE_WINDOW_MESSAGES.readingInFuture;
  if (date < window.first) return DATE_WINDOW_MESSAGES.readingTooOld;
  return undefined;
}
