import { TIME_SLOT_HOURS, type TimeSlot } from "@mieter-portal/contracts";
import { addMinutesToTime, berlinInstant, minutesOfTime } from "@/lib/berlin-time";

/** Without a requested slot (rare: old data) any time of the working day may be chosen. */
const WORKING_DAY = { start: 8, end: 18 };

export const DURATION_OPTIONS = [30, 45, 60, 90, 120] as const;
export const STEP_MINUTES = 15;

const hh = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The slot's Berlin wall-clock bounds, e.g. morning → 08:00–12:00. */
export function slotBounds(slot: TimeSlot | null): { start: string; end: string } {
  const hours = slot ? TIME_SLOT_HOURS[slot] : WORKING_DAY;
  return { start: hh(hours.start), end: hh(hours.end) };
}

/** Start times (every 15 minutes) at which an appointment of `duration` minutes still ends inside the slot. */
export function startOptions(slot: TimeSlot | null, duration: number, step: number = STEP_MINUTES): string[] {
  const { start, end } = slotBounds(slot);
  const first = minutesOfTime(start);
  const last = minutesOfTime(end) - duration;
  const options: string[] = [];
  for (let m = first; m <= last; m += step) options.push(addMinutesToTime("00:00", m));
  return options;
}

/** Durations that fit into the slot at all (an evening slot has 2 hours). */
export function durationOptions(slot: TimeSlot | null): number[] {
  const { start, end } = slotBounds(slot);
  const length = minutesOfTime(end) - minutesOfTime(start);
  return DURATION_OPTIONS.filter((d) => d <= length);
}

/**
 * The concrete appointment for POST /staff/appointments/{id}/accept: the requested day, a start
 * inside the slot and an end that does not pass the slot's end, as UTC instants.
 */
export function acceptedRange(
  date: string,
  slot: TimeSlot | null,
  startTime: string,
  duration: number,
): { start: string; end: string } | { error: string } {
  const bounds = slotBounds(slot);
  const endTime = addMinutesToTime(startTime, duration);
  if (minutesOfTime(startTime) < minutesOfTime(bounds.start) || minutesOfTime(endTime) > minutesOfTime(bounds.end)) {
    return { error: `Der Termin muss zwischen ${bounds.start} und ${bounds.end} Uhr liegen.` };
  }
  return { start: berlinInstant(date, startTime).toISOString(), end: berlinInstant(date, endTime).toISOString() };
}

/** A free range (propose another time, new appointment): date plus start and end time in Berlin. */
export function freeRange(
  date: string,
  startTime: string,
  endTime: string,
): { start: string; end: string } | { error: string; field: "date" | "end" } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return { error: "Bitte wählen Sie ein Datum.", field: "date" };
  if (!/^\d{2}:\d{2}$/.test(startTime) || !/^\d{2}:\d{2}$/.test(endTime))
    return { error: "Bitte geben Sie Beginn und Ende an.", field: "end" };
  if (minutesOfTime(endTime) <= minutesOfTime(startTime))
    return { error: "Das Ende muss nach dem Beginn liegen.", field: "end" };
  return { start: berlinInstant(date, startTime).toISOString(), end: berlinInstant(date, endTime).toISOString() };
}
